import { Anchor, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRecordMailBatch } from '@esigns/contracts/email';
import { useRealtimeEvent } from '../../shared/realtime/socket';
import { fetchRecordMailBatch } from './email-templates-api';

/** The socket event the mailing job sends to the company after each chunk (server README). */
export const RECORD_MAILS_PROGRESS_EVENT = 'record-mails.progress';

/**
 * A safety read of a running mailing, for an event missed while the socket reconnected: the
 * progress itself comes from `record-mails.progress`.
 */
export const BATCH_FALLBACK_READ_MS = 15_000;

const batchKey = (batchId: string) => ['record-mails', batchId] as const;

/** A mailing as it runs: its socket events, and a slow read as a fallback. */
function useMailingProgress(batch: TRecordMailBatch) {
  const queryClient = useQueryClient();
  useRealtimeEvent<TRecordMailBatch>(RECORD_MAILS_PROGRESS_EVENT, (event) => {
    if (event?.batch_id === batch.batch_id) queryClient.setQueryData(batchKey(batch.batch_id), event);
  });
  return useQuery({
    queryKey: batchKey(batch.batch_id),
    queryFn: ({ signal }) => fetchRecordMailBatch(batch.batch_id, signal),
    initialData: batch,
    staleTime: BATCH_FALLBACK_READ_MS,
    refetchInterval: (query) => (query.state.data?.status === 'DONE' ? false : BATCH_FALLBACK_READ_MS),
  });
}

/** A mailing's progress, live from the socket until it is DONE. */
export function BatchProgress({ batch }: { batch: TRecordMailBatch }) {
  const now = useMailingProgress(batch).data;
  const done = now.queued + now.skipped;
  const percent = now.total ? Math.round((done / now.total) * 100) : 100;
  return (
    <Stack gap="xs" data-testid="mail-progress">
      <Text size="sm">
        {now.status === 'DONE' ? 'All mails queued' : 'Queueing the mails…'}: {now.queued} of {now.total}{' '}
        queued
        {now.skipped > 0 ? `, ${now.skipped} skipped (no valid address)` : ''}
      </Text>
      <Progress value={percent} animated={now.status !== 'DONE'} aria-label="Mails queued" />
      <Anchor component={Link} to="/email-log" size="sm">
        Follow their delivery in the email log
      </Anchor>
    </Stack>
  );
}
