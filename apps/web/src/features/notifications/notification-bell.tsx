import { useState } from 'react';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { NotificationPanel } from './notification-panel';
import { useMarkOpened, useNotificationsLive, useUserStatus } from './use-notifications';

/**
 * The bell of the staff top bar: the number of notifications since the centre was last opened
 * (`user-status`), live over the socket; opening the panel sets the last-open marker.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const status = useUserStatus();
  const markOpened = useMarkOpened();
  // New notifications while the panel is open are seen at once.
  useNotificationsLive(() => {
    if (opened) markOpened.mutate();
  });
  const count = status.data?.notificationCountUnOpened ?? 0;

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next) markOpened.mutate();
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={400}
      shadow="md"
      radius="md"
      offset={8}
      withinPortal
    >
      <Popover.Target>
        <Indicator
          label={count > 99 ? '99+' : count}
          disabled={count === 0}
          size={18}
          offset={6}
          data-slot="notifications"
          data-testid="notification-count"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={count > 0 ? `Notifications: ${count} new` : 'Notifications'}
            aria-expanded={opened}
            onClick={toggle}
          >
            <IconBell size={20} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} style={{ maxWidth: 'calc(100vw - 16px)' }}>
        {opened ? <NotificationPanel onClose={() => setOpened(false)} /> : null}
      </Popover.Dropdown>
    </Popover>
  );
}
