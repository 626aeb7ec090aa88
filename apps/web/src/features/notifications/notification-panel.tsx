import { useState } from 'react';
import {
  Anchor,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  NativeSelect,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell, IconChecks, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  APP_NOTIFICATION_TYPES,
  type TAppNotification,
  type TAppNotificationType,
  type TNotificationReadFilter,
} from '@esigns/contracts/notifications';
import { groupByDay } from './group-by-day';
import { NotificationItem } from './notification-item';
import { useMarkAllRead, useNotificationList, useSetRead, useUnreadCounts } from './use-notifications';

export const TYPE_LABELS: Record<TAppNotificationType, string> = {
  DOCUMENT: 'Documents',
  ENTITY: 'Entities',
  WORKFLOW: 'Workflows',
  FORM_BUILDER: 'Forms',
  SYSTEM: 'System',
};

/** Where a notification's link goes: an app path in this tab, anything else as a full page load. */
function openLink(link: string, navigate: (to: string) => unknown): void {
  if (link.startsWith('/')) void navigate(link);
  else window.location.assign(link);
}

/**
 * The notification centre: the caller's notifications grouped by day, newest first, filtered by
 * read state and type; clicking one marks it read and opens its page.
 */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<TNotificationReadFilter>('all');
  const [type, setType] = useState<TAppNotificationType | undefined>(undefined);
  const list = useNotificationList({ type, status });
  const counts = useUnreadCounts(true);
  const setRead = useSetRead();
  const markAll = useMarkAllRead();

  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = type ? (counts.data?.by_type[type] ?? 0) : (counts.data?.unread_count ?? 0);

  const open = (notification: TAppNotification) => {
    if (!notification.is_read) setRead.mutate({ notification, isRead: true });
    if (notification.link) {
      onClose();
      openLink(notification.link, navigate);
    }
  };

  return (
    <Stack gap={0} data-testid="notification-panel">
      <Group justify="space-between" px="md" pt="sm" pb="xs" wrap="nowrap">
        <Text fw={600}>Notifications</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChecks size={16} />}
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(type)}
        >
          Mark all as read
        </Button>
      </Group>
      <Group px="md" pb="sm" gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(value) => setStatus(value as TNotificationReadFilter)}
          data={[
            { label: 'All', value: 'all' },
            { label: 'Unread', value: 'unread' },
            { label: 'Read', value: 'read' },
          ]}
          aria-label="Show"
        />
        <NativeSelect
          size="xs"
          aria-label="Type"
          value={type ?? ''}
          onChange={(e) => setType((e.currentTarget.value || undefined) as TAppNotificationType | undefined)}
          data={[
            { label: 'All types', value: '' },
            ...APP_NOTIFICATION_TYPES.map((t) => {
              const n = counts.data?.by_type[t] ?? 0;
              return { label: n > 0 ? `${TYPE_LABELS[t]} (${n})` : TYPE_LABELS[t], value: t };
            }),
          ]}
          style={{ flex: 1 }}
        />
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={440} type="auto">
        {list.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : list.isError ? (
          <Text size="sm" c="red" ta="center" py="xl" px="md">
            Notifications could not be loaded.{' '}
            <Anchor component="button" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Anchor>
          </Text>
        ) : items.length === 0 ? (
          <Stack align="center" gap={4} py="xl" c="dimmed">
            <IconBell size={28} stroke={1.5} />
            <Text size="sm">{status === 'unread' ? 'You are all caught up.' : 'No notifications yet.'}</Text>
          </Stack>
        ) : (
          <>
            {groupByDay(items).map((group) => (
              <Box key={group.key} component="section" aria-label={group.label}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="md" pt="sm" pb={4}>
                  {group.label}
                </Text>
                {group.items.map((n) => (
                  <NotificationItem
                    key={n._id}
                    notification={n}
                    onOpen={open}
                    onToggleRead={(notification) =>
                      setRead.mutate({ notification, isRead: !notification.is_read })
                    }
                  />
                ))}
              </Box>
            ))}
            {list.hasNextPage ? (
              <Button
                variant="subtle"
                fullWidth
                radius={0}
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show more
              </Button>
            ) : null}
          </>
        )}
      </ScrollArea.Autosize>
      <Divider />
      <Group justify="center" py="xs">
        <Anchor component={Link} to="/profilesettings/document-notifications" size="xs" onClick={onClose}>
          <Group gap={4} wrap="nowrap">
            <IconSettings size={14} />
            Notification settings
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
