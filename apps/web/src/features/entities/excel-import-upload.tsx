import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IMPORT_JOB_MAX_BYTES, type TStoredUpload } from '@esigns/contracts/entity-import';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import {
  IMPORT_KEYS,
  SPREADSHEET_ACCEPT,
  count,
  fetchStoredUploads,
  importFileProblem,
  storeUpload,
} from './excel-import-api';

const sheetsText = (upload: TStoredUpload) => {
  const rows = upload.sheets.reduce((sum, sheet) => sum + sheet.row_count, 0);
  const sheets = upload.sheets.length === 1 ? '' : `${count(upload.sheets.length, 'sheet')} · `;
  return `${sheets}${count(rows, 'row')}`;
};

/** The entity's recent uploads (kept a few days): import one again without uploading it again. */
function RecentUploads({ entityId, onPick }: { entityId: string; onPick: (upload: TStoredUpload) => void }) {
  const uploads = useQuery({
    queryKey: IMPORT_KEYS.uploads(entityId),
    queryFn: ({ signal }) => fetchStoredUploads(entityId, signal),
  });
  if (uploads.isPending) return <Skeleton h={60} />;
  if (uploads.error) return <ErrorAlert>{errorText(uploads.error)}</ErrorAlert>;
  if (uploads.data.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label="Recent uploads">
      <Text size="sm" fw={600}>
        Or pick a recent upload
      </Text>
      {uploads.data.slice(0, 8).map((upload) => (
        <Paper key={upload._id} withBorder p="xs" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {upload.file_name}
              </Text>
              <Text size="xs" c="dimmed">
                {sheetsText(upload)} · uploaded {formatDateTime(upload.created_at)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              onClick={() => onPick(upload)}
              aria-label={`Use ${upload.file_name}`}
            >
              Use
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Step one: upload a file (stored for a few days) or pick one uploaded before. */
export function UploadStep({
  entityId,
  onReady,
}: {
  entityId: string;
  onReady: (upload: TStoredUpload) => void;
}) {
  const [chosen, setChosen] = useState<{ name: string; problem: string | null } | null>(null);
  const store = useMutation({ mutationFn: (file: File) => storeUpload(entityId, file), onSuccess: onReady });
  const choose = (file: File) => {
    const problem = importFileProblem(file);
    setChosen({ name: file.name, problem });
    store.reset();
    if (!problem) store.mutate(file);
  };
  const problem = chosen?.problem ?? (isApiError(store.error) ? store.error.fieldErrors.file : undefined);
  return (
    <Stack gap="md">
      <FileDropZone
        multiple={false}
        accept={SPREADSHEET_ACCEPT}
        disabled={store.isPending}
        title="Drop an Excel or CSV file here"
        hint={
          `The first row names the columns; each row below it becomes a record. A workbook's sheets can ` +
          `each be imported; up to ${IMPORT_JOB_MAX_BYTES / 1024 / 1024} MB.`
        }
        buttonLabel="Choose a file"
        inputLabel="Choose a spreadsheet"
        icon={<IconFileSpreadsheet size={26} />}
        onFiles={([file]) => file && choose(file)}
      />
      {store.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Uploading {chosen?.name}…</Text>
        </Group>
      )}
      {problem && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title={chosen?.name}>
          {problem}
        </Alert>
      )}
      {store.error && !problem && <ErrorAlert>{errorText(store.error)}</ErrorAlert>}
      <RecentUploads entityId={entityId} onPick={onReady} />
    </Stack>
  );
}
