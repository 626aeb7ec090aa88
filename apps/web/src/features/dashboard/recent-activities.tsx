import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Anchor, Badge, Box, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconBan,
  IconCircleCheck,
  IconEdit,
  IconEye,
  IconInfoCircle,
  IconPencil,
  IconSend,
  IconSignature,
  IconThumbDown,
  IconThumbUp,
  IconX,
  type IconProps,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TActivity, TActivityKind, TRecentActivities } from '@esigns/contracts/dashboard';
import { formatDateTime } from '../../shared/format/date';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { useSession } from '../../shared/session/session-store';
import { DASHBOARD_KEYS, fetchRecentActivities, markActivitiesSeen } from './dashboard-api';
import { FeedSkeleton, OlderButton, PanelError } from './panel-states';

const KIND_LOOK: Record<TActivityKind, { icon: ComponentType<IconProps>; color: string }> = {
  sent: { icon: IconSend, color: 'blue' },
  viewed: { icon: IconEye, color: 'gray' },
  signed: { icon: IconSignature, color: 'teal' },
  approved: { icon: IconThumbUp, color: 'teal' },
  declined: { icon: IconThumbDown, color: 'red' },
  rejected: { icon: IconX, color: 'red' },
  completed: { icon: IconCircleCheck, color: 'green' },
  voided: { icon: IconBan, color: 'dark' },
  corrected: { icon: IconPencil, color: 'orange' },
  archived: { icon: IconArchive, color: 'gray' },
  restored: { icon: IconArchiveOff, color: 'gray' },
  updated: { icon: IconEdit, color: 'indigo' },
  failed: { icon: IconAlertTriangle, color: 'red' },
  other: { icon: IconInfoCircle, color: 'gray' },
};

/** How long unread activity stays on screen before it counts as seen. */
export const MARK_SEEN_AFTER_MS = 1500;

function ActivityRow({ activity, isNew }: { activity: TActivity; isNew: boolean }) {
  const look = KIND_LOOK[activity.kind];
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py={8}
      px="sm"
      data-testid="activity-row"
      data-new={isNew || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: isNew ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <ThemeIcon variant="light" color={look.color} radius="xl" size={30}>
        <look.icon size={16} stroke={1.7} />
      </ThemeIcon>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Anchor
          component={Link}
          to={activity.link}
          c="inherit"
          size="sm"
          fw={isNew ? 600 : 400}
          lineClamp={2}
        >
          {activity.message}
        </Anchor>
        <Tooltip label={formatDateTime(activity.created_at)} openDelay={400}>
          <Text size="xs" c="dimmed" w="fit-content">
            {formatRelativeTime(activity.created_at)}
          </Text>
        </Tooltip>
      </Box>
      {isNew && (
        <Box
          w={8}
          h={8}
          mt={6}
          style={{ borderRadius: '50%', background: 'var(--mantine-primary-color-filled)', flexShrink: 0 }}
          aria-label="New"
        />
      )}
    </Group>
  );
}

/**
 * The newest events on the caller's documents with an unread badge. Unread events are marked seen
 * once the list has been on screen for a moment while the page is visible; they stay highlighted
 * for as long as the dashboard stays open.
 */
export function RecentActivities() {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = DASHBOARD_KEYS.activities(session);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchRecentActivities(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.data.at(-1)?._id : undefined),
  });
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const seen = useMutation({ mutationFn: markActivitiesSeen });
  const unread = query.data?.pages[0]?.unread_count ?? 0;
  const activities = query.data?.pages.flatMap((page) => page.data) ?? [];

  // Remember what arrived unread, so that it stays highlighted after being marked seen (state
  // adjusted while rendering: https://react.dev/learn/you-might-not-need-an-effect).
  const arrived = activities.filter((a) => a.is_unread && !newIds.has(a._id)).map((a) => a._id);
  if (arrived.length > 0) setNewIds(new Set([...newIds, ...arrived]));

  const { mutate } = seen;
  const pending = useRef(false);
  useEffect(() => {
    if (unread === 0 || pending.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || pending.current) return;
      pending.current = true;
      mutate(undefined, {
        onSuccess: () =>
          queryClient.setQueryData<InfiniteData<TRecentActivities>>(key, (data) =>
            data
              ? {
                  ...data,
                  pages: data.pages.map((page, i) => (i === 0 ? { ...page, unread_count: 0 } : page)),
                }
              : data,
          ),
        onSettled: () => {
          pending.current = false;
        },
      });
    };
    const timer = setTimeout(mark, MARK_SEEN_AFTER_MS);
    document.addEventListener('visibilitychange', mark);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', mark);
    };
    // `key` is rebuilt every render; the session it depends on is in `unread`'s query already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, mutate, queryClient]);

  return (
    <Stack gap="xs" data-testid="recent-activities">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>Recent activity</Text>
          {unread > 0 && (
            <Badge size="sm" circle={unread < 10} data-testid="activities-unread">
              {unread >= 100 ? '99+' : unread}
            </Badge>
          )}
        </Group>
        {newIds.size > 0 && unread === 0 && (
          <Text size="xs" c="dimmed">
            {newIds.size} new since your last visit
          </Text>
        )}
      </Group>
      {query.isPending ? (
        <FeedSkeleton label="Loading activity" />
      ) : query.isError && activities.length === 0 ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : activities.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          Nothing has happened on your documents yet. Sent documents, views and signatures show up here.
        </Text>
      ) : (
        <Stack gap={2}>
          {activities.map((activity) => (
            <ActivityRow key={activity._id} activity={activity} isNew={newIds.has(activity._id)} />
          ))}
          <OlderButton query={query}>Show older activity</OlderButton>
        </Stack>
      )}
    </Stack>
  );
}
