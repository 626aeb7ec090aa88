import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format/date';
import { FILL_KEYS } from './fill-api';
import { fetchBatches, type FormBatch } from './data-list-api';

const isRunning = (batch: FormBatch) => batch.status === 'QUEUED' || batch.status === 'RUNNING';

/** The latest sends of the form with their progress, polled every 2 s while one is under way. */
export function BatchProgress({ formId }: { formId: string }) {
  const batches = useQuery({
    queryKey: FILL_KEYS.batches(formId),
    queryFn: ({ signal }) => fetchBatches(formId, signal),
    refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? 2000 : false),
  });
  // A send makes its entries as it goes: the list is read again with each progress read.
  const queryClient = useQueryClient();
  const readAt = batches.dataUpdatedAt;
  const isSending = batches.data?.data.some(isRunning) ?? false;
  const wasSending = useRef(false);
  useEffect(() => {
    if (isSending || wasSending.current)
      void queryClient.invalidateQueries({ queryKey: FILL_KEYS.submissions });
    wasSending.current = isSending;
  }, [readAt, isSending, queryClient]);
  const shown = (batches.data?.data ?? []).filter((b) => isRunning(b) || b.failed > 0).slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="batch-progress">
      {shown.map((batch) => (
        <Paper key={batch._id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" mb={6}>
            <Text size="sm" fw={600}>
              {isRunning(batch) ? 'Sending' : 'Sent'} to {batch.total} people ·{' '}
              {formatDateTime(batch.created_at)}
            </Text>
            <Text size="xs" c={batch.failed > 0 ? 'red' : 'dimmed'}>
              {batch.sent} sent{batch.failed > 0 ? `, ${batch.failed} failed` : ''}
            </Text>
          </Group>
          <Progress
            value={batch.progress}
            size="sm"
            animated={isRunning(batch)}
            aria-label={`Send progress ${batch.progress}%`}
          />
          {batch.message && (
            <Text size="xs" c="dimmed" mt={4}>
              {batch.message}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
