import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';

export type RowMenuItem = {
  label: string;
  icon: ReactNode;
  /** A link (opens that path) or an action. */
  to?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
};

/** The "…" menu of a row; items the caller may not use are passed as `false` and left out. */
export function RowMenu({
  label,
  items,
  width,
  keepEmpty = false,
}: {
  /** "More actions for Sale deed" */
  label: string;
  items: readonly (RowMenuItem | false | null | undefined)[];
  width?: number;
  /** Keeps the button when every item is left out (otherwise the menu goes). */
  keepEmpty?: boolean;
}) {
  const shown = items.filter((item): item is RowMenuItem => Boolean(item));
  if (shown.length === 0 && !keepEmpty) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={width}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map(({ label: text, icon, to, onClick, color, disabled }) =>
          to ? (
            <Menu.Item
              key={text}
              component={Link}
              to={to}
              leftSection={icon}
              color={color}
              disabled={disabled}
            >
              {text}
            </Menu.Item>
          ) : (
            <Menu.Item key={text} leftSection={icon} onClick={onClick} color={color} disabled={disabled}>
              {text}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A row's actions: a button that opens the item ("View", "Open"), then the "More actions for
 * {name}" menu.
 */
export function RowActions({
  name,
  open,
  items,
  keepEmpty,
}: {
  name: string;
  open?: { to: string; label: string };
  items: readonly (RowMenuItem | false | null | undefined)[];
  keepEmpty?: boolean;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {open && (
        <Button
          component={Link}
          to={open.to}
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} />}
        >
          {open.label}
        </Button>
      )}
      <RowMenu label={`More actions for ${name}`} items={items} keepEmpty={keepEmpty} />
    </Group>
  );
}
