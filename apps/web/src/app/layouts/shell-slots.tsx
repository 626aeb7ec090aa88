import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** Placeholder of the notifications bell (built with notifications). */
export function NotificationsSlot() {
  return (
    <Tooltip label="Notifications">
      <Indicator disabled size={8} offset={6} data-slot="notifications">
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Notifications">
          <IconBell size={20} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
