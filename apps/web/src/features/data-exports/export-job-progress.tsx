import { useState } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { TExportJob } from '@esigns/contracts/data-exports';
import { formatDateTime } from '../../shared/format/date';
import { errorText } from '../../shared/ui/page-kit';
import { saveBlob } from '../signing/signing-api';
import { downloadStored } from './exports-api';
import { useExportJob } from './use-export-job';

const number = (n: number) => n.toLocaleString('en-IN');

/** "12,000 of 48,000 rows" (or just the rows written while the total is not known yet). */
export function progressText(job: TExportJob): string {
  if (job.status === 'QUEUED') return 'Waiting to start…';
  if (job.total === null) return `${number(job.processed)} rows written`;
  return `${number(job.processed)} of ${number(job.total)} rows`;
}

export const progressPercent = (job: TExportJob): number =>
  job.status === 'DONE' ? 100 : job.total ? Math.min(100, (job.processed / job.total) * 100) : 0;

/**
 * A button that fetches a stored file behind the session (a bare link would not carry the token)
 * and saves it under its name; the failure shows under it.
 */
export function StoredFileButton({
  url,
  fileName,
  label,
  size = 'sm',
  variant = 'filled',
}: {
  url: string;
  fileName: string;
  label: string;
  size?: 'xs' | 'sm';
  variant?: 'filled' | 'light';
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const file = await downloadStored(url, fileName);
      saveBlob(file.blob, file.fileName);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorText(error) });
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        variant={variant}
        leftSection={<IconDownload size={16} />}
        loading={state.busy}
        onClick={() => void download()}
      >
        {label}
      </Button>
      {state.error && (
        <Text size="xs" c="red">
          {state.error}
        </Text>
      )}
    </Stack>
  );
}

/** The download of a finished export, under its file name. */
export function DownloadExportButton({ job, size = 'sm' }: { job: TExportJob; size?: 'xs' | 'sm' }) {
  if (job.status !== 'DONE' || !job.download_url) return null;
  return (
    <StoredFileButton
      url={job.download_url}
      fileName={job.file_name}
      label={`Download ${job.file_name}`}
      size={size}
    />
  );
}

/** A running export: a progress bar fed by `export.progress`, then the download or the failure. */
export function ExportJobProgress({ initial }: { initial: TExportJob }) {
  const { data: job } = useExportJob(initial);
  return (
    <Stack gap="sm" data-testid="export-progress">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500} truncate>
          {job.file_name}
        </Text>
        <Text size="sm" c="dimmed">
          {progressText(job)}
        </Text>
      </Group>
      <Progress
        value={progressPercent(job)}
        animated={job.status === 'RUNNING' || job.status === 'QUEUED'}
        color={job.status === 'FAILED' ? 'red' : job.status === 'DONE' ? 'teal' : 'blue'}
        aria-label={`Export of ${job.file_name}`}
      />
      {job.status === 'FAILED' && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title="The export failed">
          {job.error ?? 'Try again, or export fewer records.'}
        </Alert>
      )}
      {job.status === 'DONE' && (
        <Stack gap={4}>
          <DownloadExportButton job={job} />
          {job.expires_at && (
            <Text size="xs" c="dimmed">
              The file can be downloaded until {formatDateTime(job.expires_at)}; a link was also mailed to
              you.
            </Text>
          )}
        </Stack>
      )}
      {!['DONE', 'FAILED'].includes(job.status) && (
        <Text size="xs" c="dimmed">
          You can leave this page: when the file is ready it is listed under “Recent exports” and a link is
          mailed to you.
        </Text>
      )}
    </Stack>
  );
}
