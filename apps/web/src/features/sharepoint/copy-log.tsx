import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSharePointConnection, TSharePointCopy } from '@esigns/contracts/sharepoint';
import { ErrorAlert, Panel, QueryFailure, errorText } from '../../shared/ui/page-kit';
import { ListPager } from '../../shared/ui/list-pager';
import { SHAREPOINT_KEYS, fetchCopies, retryCopy, startBackfill } from './sharepoint-api';

const STATUS_COLORS: Record<TSharePointCopy['status'], string> = {
  PENDING: 'blue',
  COPIED: 'teal',
  FAILED: 'red',
};
const STATUS_LABELS: Record<TSharePointCopy['status'], string> = {
  PENDING: 'Copying',
  COPIED: 'Copied',
  FAILED: 'Failed',
};

function CopyRow({ copy }: { copy: TSharePointCopy }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryCopy(copy._id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SHAREPOINT_KEYS.allCopies });
      notifications.show({ color: 'teal', message: `Copying ${copy.name} again` });
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="sharepoint-copy">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={STATUS_COLORS[copy.status]}>{STATUS_LABELS[copy.status]}</Badge>
            <Text fw={500} truncate>
              {copy.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {copy.kind === 'DOCUMENT' ? 'Sealed document' : 'Workflow packet'} ·{' '}
            {new Date(copy.copied_at ?? copy.created_at).toLocaleString()} · {copy.tries}{' '}
            {copy.tries === 1 ? 'try' : 'tries'}
          </Text>
          {copy.files.map((f) => (
            <Text size="xs" key={f.path} style={{ overflowWrap: 'anywhere' }}>
              {f.web_url ? (
                <Anchor href={f.web_url} target="_blank" rel="noreferrer">
                  {f.path}
                </Anchor>
              ) : (
                f.path
              )}
            </Text>
          ))}
          {copy.last_error && copy.status !== 'COPIED' ? (
            <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              {copy.last_error}
            </Text>
          ) : null}
          {retry.error ? <ErrorAlert>{errorText(retry.error)}</ErrorAlert> : null}
        </Stack>
        {copy.status === 'FAILED' ? (
          <Button size="xs" variant="light" onClick={() => retry.mutate()} loading={retry.isPending}>
            Copy again
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function Backfill({ connection }: { connection: TSharePointConnection }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: startBackfill,
    onSuccess: (saved) => {
      queryClient.setQueryData(SHAREPOINT_KEYS.connection, saved);
      notifications.show({ color: 'teal', message: 'Copying every sealed document' });
    },
  });
  const backfill = connection.backfill;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid="sharepoint-backfill">
        {backfill?.status === 'RUNNING'
          ? `Copying existing sealed documents: ${backfill.queued} queued so far`
          : backfill
            ? `Existing sealed documents: ${backfill.queued} queued on ${new Date(backfill.started_at).toLocaleDateString()}`
            : 'Documents sealed before connecting are not copied until you ask.'}
      </Text>
      <Button
        variant="default"
        onClick={() => start.mutate()}
        loading={start.isPending}
        disabled={!connection.drive_id || backfill?.status === 'RUNNING'}
      >
        Copy all existing sealed documents
      </Button>
      {start.error ? <ErrorAlert>{errorText(start.error)}</ErrorAlert> : null}
    </Group>
  );
}

/** The copy log, newest first, with "Copy again" on failed ones and the backfill button. */
export function CopyLog({ connection }: { connection: TSharePointConnection }) {
  const [page, setPage] = useState(1);
  const limit = 10;
  const query = useQuery({
    queryKey: SHAREPOINT_KEYS.copies(page, limit),
    queryFn: ({ signal }) => fetchCopies(page, limit, signal),
    refetchInterval: 10_000,
  });
  return (
    <Panel>
      <Stack p="md" gap="sm">
        <Text fw={600}>Copy log</Text>
        <Backfill connection={connection} />
        {query.isError ? (
          <QueryFailure query={query} title="Could not load the copy log" />
        ) : query.data?.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing copied yet.
          </Text>
        ) : (
          (query.data?.data ?? []).map((copy) => <CopyRow key={copy._id} copy={copy} />)
        )}
        {query.data ? (
          <ListPager
            page={page}
            limit={limit}
            total={query.data.total}
            totalPages={query.data.total_pages}
            onPage={setPage}
          />
        ) : null}
      </Stack>
    </Panel>
  );
}
