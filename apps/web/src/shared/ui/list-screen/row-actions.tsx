import type { ComponentType, ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
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
        {shown.map(({ label: text, icon, to, ...item }) => (
          // A link item renders as a router link (Menu.Item is polymorphic).
          <Menu.Item
            key={text}
            leftSection={icon}
            {...item}
            {...(to ? ({ component: Link, to } as object) : {})}
          >
            {text}
          </Menu.Item>
        ))}
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

export type IconAction = {
  /** The tooltip ("Edit"). */
  tip: string;
  /** The accessible name ("Edit Sales"). */
  label: string;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  onClick: () => void;
};

/** A row's few actions as icon buttons with tooltips; `whenNone` stands in when none is allowed. */
export function IconActions({
  actions,
  whenNone = null,
}: {
  actions: readonly (IconAction | false)[];
  whenNone?: ReactNode;
}) {
  const shown = actions.filter((action): action is IconAction => Boolean(action));
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {shown.map(({ tip, label, icon: Icon, color = 'gray', onClick }) => (
        <Tooltip key={tip} label={tip}>
          <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
            <Icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
      {shown.length === 0 && whenNone}
    </Group>
  );
}
