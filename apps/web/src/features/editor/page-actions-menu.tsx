import { useState } from 'react';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconDotsVertical,
  IconFilePlus,
  IconRotate2,
  IconRotateClockwise2,
  IconTrash,
} from '@tabler/icons-react';
import { ConfirmDialog } from '../../shared/ui/page-kit';

export type PageAction =
  | { type: 'addPage'; afterPage: number }
  | { type: 'deletePage'; page: number }
  | { type: 'rotatePage'; page: number; degrees: 90 | -90 };

/** Rotate, insert a blank page after, or delete one page. */
export function PageActionsMenu({
  page,
  pageCount,
  fieldCount,
  isBusy,
  onAction,
}: {
  page: number;
  pageCount: number;
  fieldCount: number;
  isBusy: boolean;
  onAction: (action: PageAction) => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmDelete = () => {
    if (fieldCount === 0) return onAction({ type: 'deletePage', page });
    setIsConfirming(true);
  };
  return (
    <>
      <ConfirmDialog
        opened={isConfirming}
        title={`Delete page ${page}?`}
        confirmLabel="Delete page"
        onClose={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          onAction({ type: 'deletePage', page });
        }}
      >
        <Text size="sm">
          The {fieldCount === 1 ? 'field' : `${fieldCount} fields`} on this page will be removed too. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <Tooltip label="Page actions" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Page ${page} actions`}
              loading={isBusy}
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Page {page}</Menu.Label>
          <Menu.Item
            leftSection={<IconRotate2 size={16} />}
            onClick={() => onAction({ type: 'rotatePage', page, degrees: -90 })}
          >
            Rotate left
          </Menu.Item>
          <Menu.Item
            leftSection={<IconRotateClockwise2 size={16} />}
            onClick={() => onAction({ type: 'rotatePage', page, degrees: 90 })}
          >
            Rotate right
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFilePlus size={16} />}
            onClick={() => onAction({ type: 'addPage', afterPage: page })}
          >
            Insert blank page after
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={pageCount <= 1}
            onClick={confirmDelete}
          >
            Delete page
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
