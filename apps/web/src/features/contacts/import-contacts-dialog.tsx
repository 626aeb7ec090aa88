import { Anchor, Group, List, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_IMPORT_COLUMNS,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  type TContactImportResult,
} from '@esigns/contracts/contacts';
import { FileImportDialog } from '../../shared/ui/file-import/file-import-dialog';
import { ImportOutcome } from '../../shared/ui/file-import/import-outcome';
import { RejectedRowsTable } from '../../shared/ui/file-import/rejected-rows-table';
import { checkSpreadsheet } from '../../shared/ui/file-import/spreadsheet-file';
import { UploadProblem } from '../../shared/ui/file-import/upload-problem';
import { CONTACT_KEYS, importContacts } from './contacts-api';

/** The sample file offered for download: the columns and two example rows. */
export const SAMPLE_CSV = [
  CONTACT_IMPORT_COLUMNS.join(','),
  'asha.rao@example.com,Asha,Rao,+91 98765 43210,Director,Rao Estates,Buyer',
  'vikram.shah@example.com,Vikram,Shah,,,Shah & Sons,Tenant',
].join('\r\n');

export const SAMPLE_CSV_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SAMPLE_CSV}\r\n`)}`;

function ImportSummary({ result }: { result: TContactImportResult }) {
  return (
    <Stack gap="md" data-testid="import-summary">
      <ImportOutcome
        title="Import finished"
        isPartial={result.skipped > 0}
        counts={[
          { label: `${result.created} added`, color: 'teal' },
          { label: `${result.updated} updated`, color: 'blue' },
          { label: `${result.skipped} skipped`, color: result.skipped > 0 ? 'red' : 'gray' },
        ]}
      />
      {result.errors.length > 0 && <RejectedRowsTable rows={result.errors} label="Rows not imported" />}
    </Stack>
  );
}

function ImportIntro() {
  return (
    <>
      <List size="sm" spacing={4}>
        <List.Item>
          The first row names the columns: <b>Email</b> (required), First Name, Last Name, Phone, Title,
          Account Name, Contact Type.
        </List.Item>
        <List.Item>
          New emails are added; contacts that exist are updated with the cells that are filled in.
        </List.Item>
        <List.Item>
          Up to {CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} rows, 10 MB. New contact types are created.
        </List.Item>
      </List>
      <Anchor href={SAMPLE_CSV_HREF} download="contacts-sample.csv" size="sm" w="fit-content">
        <Group gap={6} wrap="nowrap">
          <IconDownload size={16} />
          Download a sample CSV
        </Group>
      </Anchor>
    </>
  );
}

/**
 * Import of contacts from a CSV or XLSX file: the expected columns with a sample to download, a
 * drop zone, then the server's summary (added, updated, skipped with the reason per row).
 */
export function ImportContactsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: importContacts,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.all }),
  });

  return (
    <FileImportDialog
      opened={opened}
      onClose={() => {
        upload.reset();
        onClose();
      }}
      title="Import contacts"
      intro={<ImportIntro />}
      drop={{
        title: 'Drop a CSV or XLSX file here',
        hint: 'Excel users: save as .xlsx or CSV UTF-8.',
        buttonLabel: 'Choose file',
        inputLabel: 'Contacts file',
      }}
      check={(file) => checkSpreadsheet(file, CONTACT_IMPORT_MAX_BYTES)}
      submitLabel="Import"
      onSubmit={(file) => upload.mutate(file)}
      isSubmitting={upload.isPending}
      onFileChange={() => upload.reset()}
      problem={<UploadProblem error={upload.error} />}
      result={upload.data ? <ImportSummary result={upload.data} /> : null}
    />
  );
}
