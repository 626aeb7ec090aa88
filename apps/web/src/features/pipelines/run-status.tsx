import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  SUCCEEDED: 'teal',
  FAILED: 'red',
  SKIPPED: 'yellow',
  DONE: 'teal',
};

const LABELS: Record<string, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  SKIPPED: 'Skipped',
  DONE: 'Done',
};

/** A run's or a step's status. */
export function RunStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={COLORS[status] ?? 'gray'}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
