import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FILL_KEYS } from './fill-api';
import { BatchCard, isRunning } from './batch-card';
import { fetchBatches } from './data-list-api';

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
  const shown = (batches.data?.data ?? [])
    .filter((b) => isRunning(b) || b.failed > 0 || b.status === 'CANCELLED')
    .slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="batch-progress">
      {shown.map((batch) => (
        <BatchCard key={batch._id} batch={batch} formId={formId} />
      ))}
    </Stack>
  );
}
