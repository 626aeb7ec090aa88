import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TImportJob } from '@esigns/contracts/entity-import';
import { ImportOutcome } from '../../shared/ui/file-import/import-outcome';
import { RejectedRowsTable } from '../../shared/ui/file-import/rejected-rows-table';
import { StoredFileButton } from '../data-exports/export-job-progress';
import { count, useImportJob } from './excel-import-api';

/** The rows left out, as a CSV of their cells and problems (`GET /imports/{id}/rejected`). */
function RejectedRowsDownload({ job }: { job: TImportJob }) {
  if (!job.rejected_url) return null;
  return (
    <StoredFileButton
      url={job.rejected_url}
      fileName="rejected-rows.csv"
      label="Download rejected rows (CSV)"
      variant="light"
    />
  );
}

function Problems({ job, label }: { job: TImportJob; label: string }) {
  if (job.errors.length === 0) return null;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {label}
          {job.errors_total > job.errors.length &&
            ` (the first ${job.errors.length} of ${count(job.errors_total, 'problem')})`}
        </Text>
        <RejectedRowsTable rows={job.errors} label="Skipped rows" showColumn maxHeight={360} />
      </Stack>
    </Paper>
  );
}

/**
 * Step three: the import job. A progress bar fed by `import.progress` while it runs; then what was
 * imported and skipped, the problems, and the rejected rows as a CSV.
 */
export function ImportJobStep({
  initial,
  actions,
  onBackToMapping,
  onDone,
}: {
  initial: TImportJob;
  /** Back to the records, import another file. */
  actions: ReactNode;
  onBackToMapping: () => void;
  /** Once, when the job has added records (the grid and the record count are stale). */
  onDone: () => void;
}) {
  const { data: job } = useImportJob(initial);
  const isDone = job.status === 'DONE';
  useEffect(() => {
    if (isDone) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per finished job
  }, [isDone]);
  if (job.status === 'QUEUED' || job.status === 'RUNNING') {
    const percent = job.total > 0 ? Math.min(100, (job.processed / job.total) * 100) : 0;
    return (
      <Stack gap="sm" data-testid="import-progress">
        <Text fw={500}>
          {job.status === 'QUEUED'
            ? 'Waiting to start…'
            : `Importing: ${count(job.processed, 'row')} of ${job.total.toLocaleString('en-IN')}`}
        </Text>
        <Progress value={percent} animated aria-label="Import progress" />
        <Text size="xs" c="dimmed">
          {count(job.inserted, 'record')} added so far. You can leave this page: the import goes on.
        </Text>
      </Stack>
    );
  }
  if (job.status === 'FAILED') {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Nothing was imported">
          {job.errors_total > 0
            ? `${count(job.errors_total, 'problem')} in the rows. Correct them in the file, or go back and tick “Skip rows with problems”.`
            : 'The import could not finish. Try again.'}
        </Alert>
        <Problems job={job} label="Rows with problems" />
        <Group>
          <Button onClick={onBackToMapping}>Back to the mapping</Button>
          <RejectedRowsDownload job={job} />
          {actions}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <ImportOutcome
        title={`${count(job.inserted, 'record')} imported`}
        isPartial={job.skipped > 0}
        counts={job.skipped > 0 ? [{ label: `${count(job.skipped, 'row')} skipped`, color: 'orange' }] : []}
      />
      <Problems job={job} label="Rows left out" />
      <Group>
        <RejectedRowsDownload job={job} />
        {actions}
      </Group>
    </Stack>
  );
}
