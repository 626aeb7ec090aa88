import type { ComponentType } from 'react';
import { ActionIcon, Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconBell,
  IconBellRinging,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconEye,
  IconFileText,
  IconMail,
  IconMailOpened,
  IconPencil,
  IconSignature,
  IconUserMinus,
} from '@tabler/icons-react';
import type { TAppNotification } from '@esigns/contracts/notifications';
import { formatRelativeTime } from '../../shared/format/relative-time';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const ICONS: Record<string, { icon: Icon; color: string }> = {
  'document.received': { icon: IconFileText, color: 'blue' },
  'document.viewed': { icon: IconEye, color: 'gray' },
  'document.signed': { icon: IconSignature, color: 'teal' },
  'document.approved': { icon: IconCircleCheck, color: 'teal' },
  'document.completed': { icon: IconCircleCheck, color: 'green' },
  'document.declined': { icon: IconCircleX, color: 'red' },
  'document.rejected': { icon: IconCircleX, color: 'red' },
  'document.seal_failed': { icon: IconAlertTriangle, color: 'orange' },
  'document.expiring': { icon: IconClock, color: 'yellow' },
  'document.expired': { icon: IconClock, color: 'gray' },
  'document.reminders_sent': { icon: IconBellRinging, color: 'grape' },
  'document.voided': { icon: IconBan, color: 'dark' },
  'document.corrected': { icon: IconPencil, color: 'orange' },
  'document.recipient_removed': { icon: IconUserMinus, color: 'gray' },
};

/**
 * One notification: unread ones are tinted with a dot and a bold title. Clicking it opens it
 * (`onOpen`); the envelope button marks it read or unread without opening it.
 */
export function NotificationItem({
  notification,
  onOpen,
  onToggleRead,
}: {
  notification: TAppNotification;
  onOpen: (notification: TAppNotification) => void;
  onToggleRead: (notification: TAppNotification) => void;
}) {
  const unread = !notification.is_read;
  const { icon: EventIcon, color } = ICONS[notification.event] ?? { icon: IconBell, color: 'gray' };
  return (
    <Group
      gap={0}
      wrap="nowrap"
      align="flex-start"
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <UnstyledButton
        onClick={() => onOpen(notification)}
        px="md"
        py="sm"
        style={{ flex: 1, minWidth: 0 }}
        aria-label={`${unread ? 'Unread: ' : ''}${notification.title}`}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box c={`${color}.7`} pt={2}>
            <EventIcon size={18} stroke={1.7} />
          </Box>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={unread ? 600 : 400} lineClamp={2}>
              {notification.title}
            </Text>
            {notification.body ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {notification.body}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={2}>
              {formatRelativeTime(notification.created_at)}
            </Text>
          </Box>
          {unread ? (
            <Box
              mt={6}
              w={8}
              h={8}
              style={{ borderRadius: 8, background: 'var(--mantine-primary-color-filled)', flexShrink: 0 }}
              aria-hidden
            />
          ) : null}
        </Group>
      </UnstyledButton>
      <Tooltip label={unread ? 'Mark as read' : 'Mark as unread'} withinPortal={false}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          mt="sm"
          mr="xs"
          aria-label={unread ? 'Mark as read' : 'Mark as unread'}
          onClick={() => onToggleRead(notification)}
        >
          {unread ? <IconMailOpened size={16} /> : <IconMail size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
