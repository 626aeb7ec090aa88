import { Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTION_LABELS,
  type TActivityEntry,
} from '@esigns/contracts/activity-log';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, ListView, useListQuery, type ListColumn } from '../../shared/ui/list-screen';
import { fetchCompanyUsers } from '../team/team-api';
import { ACTIVITY_KEYS, fetchActivity, type ActivityFilters } from './activity-log-api';
import { ActionText, ActorText, OriginText, TargetText, whenOf } from './entry-parts';

export const ACTIVITY_PAGE_SIZE = 20;

const ACTION_OPTIONS = [
  { value: '', label: 'Every action' },
  ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: ACTIVITY_ACTION_LABELS[action] })),
];
const SINCE_OPTIONS = [
  { value: '', label: 'Any time' },
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
];

const COLUMNS: ListColumn<TActivityEntry>[] = [
  { key: 'when', header: 'When', width: 170, cell: (e) => <Text size="sm">{whenOf(e)}</Text> },
  { key: 'who', header: 'Who', width: 200, cell: (e) => <ActorText entry={e} /> },
  { key: 'what', header: 'What', width: 190, cell: (e) => <ActionText entry={e} /> },
  { key: 'target', header: 'On', cell: (e) => <TargetText entry={e} /> },
  { key: 'origin', header: 'From', width: 220, cell: (e) => <OriginText entry={e} /> },
];

/** The people to filter by: the company's members (the first 100). */
function useActorOptions(enabled: boolean) {
  const query = { page: 1, limit: 100 };
  const users = useQuery({
    queryKey: ['activity-log', 'actors'],
    queryFn: ({ signal }) => fetchCompanyUsers(query, signal),
    enabled,
  });
  return [
    { value: '', label: 'Everyone' },
    ...(users.data?.data ?? []).flatMap((u) =>
      u.user_id ? [{ value: u.user_id, label: `${u.first_name} ${u.last_name}`.trim() || u.email }] : [],
    ),
  ];
}

/**
 * /logDetails: the company's activity log for its administrators, newest first, filtered by who,
 * what and since when; a table on wide screens, cards on phones.
 */
export function ActivityLogScreen() {
  usePageTitle('Activity log');
  const rights = useCan();
  const canView = rights.can('company:update');
  const actors = useActorOptions(canView && rights.can('company-users:view'));
  const list = useListQuery({
    pageSize: ACTIVITY_PAGE_SIZE,
    filters: { actor: '', action: '', since: '' } as ActivityFilters,
    queryKey: ACTIVITY_KEYS.page,
    queryFn: fetchActivity,
    enabled: canView,
  });
  return (
    <ListScreen<keyof ActivityFilters>
      title="Activity log"
      description="What people did in this workspace: sign-ins, users, documents, templates, entities, imports and exports, settings, keys and payments. Entries are kept for a year."
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Only the company's administrators can see the activity log."
      selects={[
        { key: 'actor', label: 'Who', data: actors, width: 220 },
        { key: 'action', label: 'What', data: ACTION_OPTIONS, width: 240 },
        { key: 'since', label: 'When', data: SINCE_OPTIONS, width: 180 },
      ]}
    >
      <ListView
        list={list}
        errorTitle="Could not load the activity log"
        empty={{
          icon: IconHistory,
          title: 'Nothing logged yet',
          text: 'Sign-ins and changes appear here as people work.',
          filtered: { title: 'Nothing matches', text: 'Try another person, action or time.' },
        }}
        columns={COLUMNS}
        rowKey={(e) => e._id}
        rowTestId="activity-row"
        minWidth={900}
        skeletonRows={6}
        card={(e) => ({
          title: <ActionText entry={e} />,
          meta: (
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed">
                {whenOf(e)}
              </Text>
            </Group>
          ),
          footer: (
            <Stack gap={4}>
              <ActorText entry={e} />
              <TargetText entry={e} />
              <OriginText entry={e} />
            </Stack>
          ),
        })}
      />
    </ListScreen>
  );
}
