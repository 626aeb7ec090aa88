import { IconFileExport } from '@tabler/icons-react';
import { Badge, Drawer, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TExportJob, TExportStatus } from '@esigns/contracts/data-exports';
import { formatDateTime } from '../../shared/format/date';
import { LoadError, StateMessage } from '../../shared/ui/page-kit';
import { EXPORT_KEYS, fetchExportJobs } from './exports-api';
import { DownloadExportButton, progressPercent, progressText } from './export-job-progress';
import { EXPORT_POLL_MS, isFinished, useExportProgressEvents } from './use-export-job';

const STATUS: Record<TExportStatus, { label: string; color: string }> = {
  QUEUED: { label: 'Queued', color: 'gray' },
  RUNNING: { label: 'Running', color: 'blue' },
  DONE: { label: 'Ready', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
};

function ExportRow({ job }: { job: TExportJob }) {
  const status = STATUS[job.status];
  const expired = job.status === 'DONE' && !job.download_url;
  return (
    <Paper withBorder p="sm" aria-label={`Export ${job.file_name}`} role="group">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500} size="sm" truncate>
            {job.file_name}
          </Text>
          <Badge color={expired ? 'gray' : status.color} variant="light" tt="none">
            {expired ? 'Expired' : status.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {job.format === 'PDF' ? 'PDF' : 'Excel'} · asked {formatDateTime(job.created_at)}
          {job.finished_at && ` · finished ${formatDateTime(job.finished_at)}`}
        </Text>
        {!isFinished(job) && (
          <>
            <Progress
              value={progressPercent(job)}
              animated
              size="sm"
              aria-label={`Progress of ${job.file_name}`}
            />
            <Text size="xs">{progressText(job)}</Text>
          </>
        )}
        {job.status === 'FAILED' && job.error && (
          <Text size="xs" c="red">
            {job.error}
          </Text>
        )}
        <DownloadExportButton job={job} size="xs" />
      </Stack>
    </Paper>
  );
}

/** The list itself: mounted only while the drawer is open (the socket is followed only then). */
function RecentExportsList() {
  useExportProgressEvents();
  const jobs = useQuery({
    queryKey: EXPORT_KEYS.list(),
    queryFn: ({ signal }) => fetchExportJobs(signal),
    refetchInterval: (query) => (query.state.data?.some((j) => !isFinished(j)) ? EXPORT_POLL_MS : false),
  });
  if (jobs.isPending) return <Skeleton h={160} />;
  if (jobs.error)
    return (
      <LoadError
        error={jobs.error}
        title="The exports could not be loaded"
        onRetry={() => void jobs.refetch()}
      />
    );
  if (jobs.data.length === 0)
    return (
      <StateMessage icon={<IconFileExport size={28} />} title="No exports yet">
        <Text size="sm" c="dimmed">
          Large exports run in the background and are listed here with their download links.
        </Text>
      </StateMessage>
    );
  return (
    <Stack gap="sm">
      {jobs.data.map((job) => (
        <ExportRow key={job._id} job={job} />
      ))}
    </Stack>
  );
}

/** The caller's recent export jobs (`GET /exports`): their state, progress and download links. */
export function RecentExportsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Recent exports" position="right" size="md">
      {opened && <RecentExportsList />}
    </Drawer>
  );
}
