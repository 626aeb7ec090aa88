import { ActionIcon, Button, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBuilding, IconSelector } from '@tabler/icons-react';
import { useSession } from '../../shared/session/session-store';

function workspaceName(current: unknown): string {
  if (
    current &&
    typeof current === 'object' &&
    'name' in current &&
    typeof current.name === 'string' &&
    current.name
  ) {
    return current.name;
  }
  return 'My workspace';
}

/** Placeholder of the workspace switcher (built with workspaces). */
export function WorkspaceSwitcherSlot() {
  const current = useSession((s) => s.user?.current_workspace);
  return (
    <Menu position="bottom-start" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          radius="md"
          leftSection={<IconBuilding size={16} />}
          rightSection={<IconSelector size={14} />}
          data-slot="workspace-switcher"
          visibleFrom="sm"
        >
          {workspaceName(current)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Workspaces</Menu.Label>
        <Menu.Item disabled>
          <Text size="sm">Switching workspaces is coming soon.</Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

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
