import { Anchor, Breadcrumbs, Button, Group, Menu, ActionIcon } from '@mantine/core';
import { IconArrowsMove, IconDots, IconFolder, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TLibraryFolder } from '@esigns/contracts/file-library';
import { pathTo } from './folder-tree';

export type FolderActions = {
  rename?: (folder: TLibraryFolder) => void;
  move?: (folder: TLibraryFolder) => void;
  remove?: (folder: TLibraryFolder) => void;
};

/**
 * Where the library is open: the path from the top (each part opens it), the current folder's
 * own menu, then its subfolders as buttons (they wrap on phones).
 */
export function FolderBar({
  folders,
  current,
  onOpen,
  actions,
}: {
  folders: readonly TLibraryFolder[];
  current: string | null;
  onOpen: (id: string | null) => void;
  actions: FolderActions;
}) {
  const path = pathTo(folders, current);
  const here = path.at(-1);
  const children = folders
    .filter((f) => f.parent_id === current)
    .sort((a, b) => a.name.localeCompare(b.name));
  const hasMenu = here && (actions.rename || actions.move || actions.remove);
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Group gap={4} wrap="nowrap" miw={0}>
        <nav aria-label="Folder path">
          <Breadcrumbs separator="›" style={{ flexWrap: 'wrap' }}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onOpen(null)}
              fw={here ? 400 : 600}
            >
              All files
            </Anchor>
            {path.map((f) => (
              <Anchor
                key={f._id}
                component="button"
                type="button"
                size="sm"
                onClick={() => onOpen(f._id)}
                fw={f === here ? 600 : 400}
              >
                {f.name}
              </Anchor>
            ))}
          </Breadcrumbs>
        </nav>
        {hasMenu && (
          <Menu position="bottom-start" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for the folder ${here.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.rename && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.rename!(here)}>
                  Rename folder
                </Menu.Item>
              )}
              {actions.move && (
                <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => actions.move!(here)}>
                  Move folder
                </Menu.Item>
              )}
              {actions.remove && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => actions.remove!(here)}
                >
                  Delete folder
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {children.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label="Folders">
          {children.map((f) => (
            <Button
              key={f._id}
              variant="light"
              color="gray"
              size="xs"
              leftSection={<IconFolder size={14} />}
              onClick={() => onOpen(f._id)}
            >
              {f.name}
            </Button>
          ))}
        </Group>
      )}
    </Group>
  );
}
