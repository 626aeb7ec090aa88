import { Alert, Button, Group, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconEdit, IconListDetails, IconPlus, IconStack2, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type {
  TRecordFieldChange,
  TRecordHistoryItem,
  TRecordHistoryPage,
} from '@esigns/contracts/record-history';
import { api } from '../../shared/api/api-client';
import { formatDateTime } from '../../shared/format/date';
import { errorText } from '../../shared/ui/page-kit';

/*
 * The record page's Activity tab: the record's history (`GET /entity-data/{id}/history`), newest
 * first, 20 at a time ("Show older"), ending with its creation (who and when, from the record).
 * Each change lists the fields that changed, old value -> new value as the server prints them.
 */

const PAGE = 20;

export const HISTORY_KEYS = { of: (recordId: string) => ['entities', 'history', recordId] };

export async function fetchRecordHistory(recordId: string, page: number, signal?: AbortSignal) {
  return (
    await api.get<TRecordHistoryPage>(
      `/entity-data/${encodeURIComponent(recordId)}/history`,
      { page, limit: PAGE },
      { signal },
    )
  ).data;
}

function headline(item: TRecordHistoryItem): string {
  const who = item.user?.name || 'Someone';
  const template = item.entry?.template_name ?? 'a line item';
  switch (item.action) {
    case 'UPDATED':
      return `${who} changed ${item.changes.length === 1 ? '1 field' : `${item.changes.length} fields`}`;
    case 'BULK_UPDATED':
      return `${who} changed ${item.changes.length === 1 ? '1 field' : `${item.changes.length} fields`} in a bulk update`;
    case 'ENTRY_ADDED':
      return `${who} added an entry to ${template}`;
    case 'ENTRY_UPDATED':
      return `${who} changed an entry of ${template}`;
    case 'ENTRY_DELETED':
      return `${who} deleted an entry of ${template}`;
    default: {
      const never: never = item.action;
      return never;
    }
  }
}

const ICONS = {
  UPDATED: <IconEdit size={14} />,
  BULK_UPDATED: <IconStack2 size={14} />,
  ENTRY_ADDED: <IconPlus size={14} />,
  ENTRY_UPDATED: <IconListDetails size={14} />,
  ENTRY_DELETED: <IconTrash size={14} />,
} as const;

function Change({ change }: { change: TRecordFieldChange }) {
  return (
    <Text size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={500}>
        {change.label}
      </Text>
      {': '}
      <Text span c="dimmed" td={change.before ? 'line-through' : undefined}>
        {change.before || 'empty'}
      </Text>
      {' → '}
      <Text span>{change.after || 'empty'}</Text>
    </Text>
  );
}

export function RecordActivityTab({ recordId, accent }: { recordId: string; accent?: string | undefined }) {
  const history = useInfiniteQuery({
    queryKey: HISTORY_KEYS.of(recordId),
    queryFn: ({ pageParam, signal }) => fetchRecordHistory(recordId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
  if (history.isPending) return <Skeleton h={160} />;
  if (history.error)
    return (
      <Alert color="red" title="The activity could not be loaded">
        {errorText(history.error)}
      </Alert>
    );
  const pages = history.data.pages;
  const items = pages.flatMap((p) => p.data);
  const first = pages[0]!;
  return (
    <Stack gap="md" maw={760}>
      <Timeline bulletSize={26} lineWidth={2} color={accent} aria-label="Activity">
        {items.map((item) => (
          <Timeline.Item
            key={item._id}
            bullet={ICONS[item.action]}
            title={<Text fw={500}>{headline(item)}</Text>}
          >
            <Text size="xs" c="dimmed" mb={4}>
              {formatDateTime(item.created_at)}
            </Text>
            {item.changes.length > 0 && (
              <Stack component="ul" gap={2} m={0} pl="md">
                {item.changes.map((change) => (
                  <Change key={`${change.template_id}#${change.key}`} change={change} />
                ))}
              </Stack>
            )}
          </Timeline.Item>
        ))}
        {!history.hasNextPage && (
          <Timeline.Item
            bullet={
              <ThemeIcon size={26} radius="xl" variant="light" color={accent}>
                <IconPlus size={14} />
              </ThemeIcon>
            }
            title={<Text fw={500}>{`${first.created_by?.name || 'Someone'} created the record`}</Text>}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(first.created_at)}
            </Text>
          </Timeline.Item>
        )}
      </Timeline>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes since the record was created.
        </Text>
      )}
      {history.hasNextPage && (
        <Group>
          <Button
            variant="default"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            Show older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
