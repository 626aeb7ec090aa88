import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { AppDialog } from '../app-dialog';
import { FileDropZone } from '../file-drop-zone';
import { ErrorAlert } from '../page-kit';
import { ChosenFile } from './chosen-file';
import { SPREADSHEET_ACCEPT, checkSpreadsheet } from './spreadsheet-file';

export type FileImportDialogProps = {
  opened?: boolean;
  onClose: () => void;
  title: string;
  /** What the file holds, and a sample to download. */
  intro: ReactNode;
  /** The drop zone's lines: main text, hint, button, and the file input's accessible name. */
  drop: { title: string; hint: string; buttonLabel: string; inputLabel: string };
  accept?: string;
  /** The browser's check of a chosen file (default: a CSV or XLSX of at most 10 MB). */
  check?: (file: File) => string | null;
  submitLabel: string;
  onSubmit: (file: File) => void;
  isSubmitting: boolean;
  /** Another file was chosen, or the file removed: the caller forgets the last upload's answer. */
  onFileChange: () => void;
  /** Why the server refused the last upload (see UploadProblem). */
  problem?: ReactNode;
  /** What the chosen file will do, shown under it before the submit confirms it (a preview). */
  review?: ReactNode;
  /** Once the upload went through: shown instead of the form, with only `doneLabel` to close. */
  result?: ReactNode;
  doneLabel?: string;
};

/**
 * Upload of a spreadsheet in a dialog: what it must hold, a drop zone (or the chosen file, which
 * can be taken back), the browser's and the server's problems with it, then the result.
 */
export function FileImportDialog({
  opened = true,
  onClose,
  title,
  intro,
  drop,
  accept = SPREADSHEET_ACCEPT,
  check = checkSpreadsheet,
  submitLabel,
  onSubmit,
  isSubmitting,
  onFileChange,
  problem,
  review,
  result,
  doneLabel = 'Done',
}: FileImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    onFileChange();
    const wrong = chosen ? check(chosen) : null;
    setFileError(wrong);
    setFile(wrong ? null : chosen);
  };
  const close = () => {
    setFile(null);
    setFileError(null);
    onClose();
  };

  const footer = result ? (
    <Button onClick={close}>{doneLabel}</Button>
  ) : (
    <>
      <Button variant="default" onClick={close} disabled={isSubmitting}>
        Cancel
      </Button>
      <Button onClick={() => file && onSubmit(file)} disabled={!file} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </>
  );

  return (
    <AppDialog opened={opened} onClose={close} title={title} size="lg" footer={footer}>
      {result ? (
        result
      ) : (
        <Stack gap="md">
          {intro}
          {file ? (
            <ChosenFile name={file.name} onRemove={() => choose(null)} />
          ) : (
            <FileDropZone
              onFiles={([chosen]) => chosen && choose(chosen)}
              accept={accept}
              multiple={false}
              disabled={isSubmitting}
              isCompact
              icon={<IconFileSpreadsheet size={26} />}
              {...drop}
            />
          )}
          {fileError && <ErrorAlert>{fileError}</ErrorAlert>}
          {problem}
          {file && review}
        </Stack>
      )}
    </AppDialog>
  );
}
