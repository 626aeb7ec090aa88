import { Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { countOf } from '@esigns/contracts/wording';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileImportDialog } from '../../shared/ui/file-import/file-import-dialog';
import { ImportCounts, ImportOutcome } from '../../shared/ui/file-import/import-outcome';
import { RejectedRowsTable } from '../../shared/ui/file-import/rejected-rows-table';
import { UploadProblem } from '../../shared/ui/file-import/upload-problem';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { BulkSendPreview } from './bulk-send-preview';
import { saveCsv } from './save-csv';
import {
  TEMPLATE_KEYS,
  fetchBulkSample,
  fetchBulkSend,
  previewBulkSend,
  startBulkSend,
  type TTemplateRow,
} from './templates-api';

/** The progress of a running bulk send, polled until it is done. */
function BulkProgress({ bulkId, total, pollMs }: { bulkId: string; total: number; pollMs: number }) {
  const progress = useQuery({
    queryKey: TEMPLATE_KEYS.bulkSend(bulkId),
    queryFn: ({ signal }) => fetchBulkSend(bulkId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : pollMs;
    },
  });
  const data = progress.data;
  const count = data?.total ?? total;
  const failed = data?.failed ?? 0;
  const processed = (data?.sent ?? 0) + failed;
  const percent = count > 0 ? Math.round((processed / count) * 100) : 0;
  const isDone = data?.status === 'DONE' || data?.status === 'FAILED';
  const counts = [
    { label: `${data?.sent ?? 0} sent`, color: 'teal' },
    { label: `${failed} failed`, color: failed > 0 ? 'red' : 'gray' },
  ];

  return (
    <Stack gap="md" data-testid="bulk-progress">
      {isDone ? (
        <ImportOutcome
          title={data.status === 'FAILED' ? 'The bulk send stopped' : 'Bulk send finished'}
          isPartial={failed > 0}
        />
      ) : (
        <Text fw={600}>Sending…</Text>
      )}
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        animated={!isDone}
        aria-label="Bulk send progress"
        color={isDone ? (failed > 0 ? 'orange' : 'teal') : undefined}
      />
      <ImportCounts summary={`${processed} of ${count} processed`} counts={counts} badgeSize="md" />
      {progress.isError && <ErrorAlert>{errorText(progress.error)}</ErrorAlert>}
      {data && data.errors.length > 0 && (
        <RejectedRowsTable rows={data.errors} label="Rows that failed" maxHeight={220} />
      )}
    </Stack>
  );
}

/**
 * Bulk send of a template: download the sample sheet (a column per role's email and names, one per
 * fillable field), drop the filled CSV or XLSX, send, then watch the progress with sent and failed
 * counts and the rows that failed.
 */
export function BulkSendDialog({
  row,
  onClose,
  pollMs = 1500,
}: {
  row: TTemplateRow;
  onClose: () => void;
  pollMs?: number;
}) {
  const queryClient = useQueryClient();
  const sample = useMutation({
    mutationFn: () => fetchBulkSample(row._id),
    onSuccess: (csv) => saveCsv(csv, row.name, 'bulk send'),
  });
  const preview = useMutation({ mutationFn: (sheet: File) => previewBulkSend(row._id, sheet) });
  const start = useMutation({
    mutationFn: (sheet: File) => startBulkSend(row._id, sheet),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.lists }),
  });
  const started = start.data;
  const checked = preview.data;

  const intro = (
    <>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Download the sample sheet: a row per document, a column per role and field.</List.Item>
        <List.Item>
          Fill in one row for each document to send (its name in the Document Name column, or the template's
          name and the row's person) and save it as CSV or XLSX.
        </List.Item>
        <List.Item>
          Drop the file here, check what will go, then send. Each row becomes its own document.
        </List.Item>
      </List>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => sample.mutate()}
          loading={sample.isPending}
        >
          Download sample CSV
        </Button>
      </Group>
      {sample.error ? <ErrorAlert>{errorText(sample.error)}</ErrorAlert> : null}
    </>
  );

  return (
    <FileImportDialog
      onClose={onClose}
      title={`Bulk send: ${row.name}`}
      intro={intro}
      drop={{
        title: 'Drop the filled sheet here',
        hint: 'CSV or XLSX, up to 10 MB',
        buttonLabel: 'Choose sheet',
        inputLabel: 'Choose the sheet to send',
      }}
      // First the sheet is checked and previewed; the same button then sends what was shown.
      submitLabel={checked ? `Send ${countOf(checked.total, 'document')}` : 'Check the sheet'}
      onSubmit={(sheet) => (checked ? start.mutate(sheet) : preview.mutate(sheet))}
      isSubmitting={preview.isPending || start.isPending}
      onFileChange={() => {
        preview.reset();
        start.reset();
      }}
      problem={<UploadProblem error={preview.error ?? start.error} title="Fix the sheet" />}
      review={checked ? <BulkSendPreview preview={checked} /> : null}
      result={
        started ? <BulkProgress bulkId={started.bulk_send_id} total={started.total} pollMs={pollMs} /> : null
      }
      doneLabel="Close"
    />
  );
}
