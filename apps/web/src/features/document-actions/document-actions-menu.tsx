import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustments,
  IconArchive,
  IconArrowBackUp,
  IconBan,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconCursorText,
  IconDots,
  IconDownload,
  IconEdit,
  IconEye,
  IconLink,
  IconNotes,
  IconSend,
  IconShare,
  IconTemplate,
  IconTrash,
  IconUserPlus,
  IconUserShare,
  IconCopyPlus,
  IconProgress,
  IconRefresh,
  IconSignature,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { DOCUMENT_ACTIONS, type TDocumentAction } from '@esigns/contracts/document-actions';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { errorText } from '../../shared/ui/page-kit';
import { ConfirmActionDialog, DiscardDraftDialog, type ConfirmAction } from './confirm-dialogs';
import { downloadLink } from './document-actions-api';
import { correctDocumentPath, documentDetailPath } from './document-paths';
import { ChangeOwnerDialog, ShareDialog } from './people-dialogs';
import { AddRecipientsDialog } from './add-recipients-dialog';
import { GenerateLinkDialog, ResendDialog } from './recipient-dialogs';
import { ChangeStatusDialog, DocumentSettingsDialog } from './settings-dialogs';
import { DuplicateDialog, RenameDialog, SaveAsTemplateDialog, VoidDialog } from './text-dialogs';

export type DocumentActionsMenuProps = {
  document: {
    _id: string;
    name: string;
    status: TDocumentStatus;
    archived_at: string | null;
    actions: TDocumentAction[];
  };
  variant: 'row' | 'detail';
  onDone?: () => void;
};

type Item = { label: string; icon: ReactNode; isDanger?: boolean };

/** Label and icon of every action, in menu order (groups are split by dividers below). */
export const ACTION_ITEMS: Record<TDocumentAction, Item> = {
  view: { label: 'Open', icon: <IconEye size={16} /> },
  notes: { label: 'Notes', icon: <IconNotes size={16} /> },
  download: { label: 'Download', icon: <IconDownload size={16} /> },
  correct: { label: 'Correct', icon: <IconEdit size={16} /> },
  'add-recipients': { label: 'Add recipients', icon: <IconUserPlus size={16} /> },
  resend: { label: 'Resend', icon: <IconSend size={16} /> },
  'generate-link': { label: 'Signing link', icon: <IconLink size={16} /> },
  settings: { label: 'Settings', icon: <IconAdjustments size={16} /> },
  'mark-completed': { label: 'Mark completed', icon: <IconCheck size={16} /> },
  'change-status': { label: 'Change status', icon: <IconProgress size={16} /> },
  rename: { label: 'Rename', icon: <IconCursorText size={16} /> },
  duplicate: { label: 'Duplicate', icon: <IconCopy size={16} /> },
  'clone-void': { label: 'Clone to new draft', icon: <IconCopyPlus size={16} /> },
  'save-as-template': { label: 'Save as template', icon: <IconTemplate size={16} /> },
  share: { label: 'Share', icon: <IconShare size={16} /> },
  'change-ownership': { label: 'Change owner', icon: <IconUserShare size={16} /> },
  void: { label: 'Void', icon: <IconBan size={16} />, isDanger: true },
  archive: { label: 'Archive', icon: <IconArchive size={16} /> },
  restore: { label: 'Restore', icon: <IconArrowBackUp size={16} /> },
  discard: { label: 'Discard draft', icon: <IconTrash size={16} />, isDanger: true },
  'permanent-delete': { label: 'Delete permanently', icon: <IconTrash size={16} />, isDanger: true },
  // The fixes of a failed seal: offered by the document screen's alert (with the reason), not the menu.
  'retry-seal': { label: 'Retry sealing', icon: <IconRefresh size={16} /> },
  'sign-again': { label: 'Ask to sign again', icon: <IconSignature size={16} /> },
};

const GROUPS: TDocumentAction[][] = [
  ['view', 'notes', 'download'],
  ['correct', 'add-recipients', 'resend', 'generate-link', 'settings', 'mark-completed', 'change-status'],
  ['rename', 'duplicate', 'clone-void', 'save-as-template', 'share', 'change-ownership'],
  ['void', 'archive', 'restore', 'discard', 'permanent-delete'],
];

/** Actions that open a dialog; the others navigate or act at once (the seal fixes are not in the menu). */
type DialogAction = Exclude<
  TDocumentAction,
  'view' | 'notes' | 'download' | 'correct' | 'retry-seal' | 'sign-again'
>;

const CONFIRM_ACTIONS: readonly ConfirmAction[] = [
  'archive',
  'restore',
  'permanent-delete',
  'mark-completed',
  'clone-void',
];

const isConfirm = (action: DialogAction): action is ConfirmAction =>
  (CONFIRM_ACTIONS as readonly string[]).includes(action);

/**
 * The menu of what the caller may do with a document: exactly `document.actions` (computed by the
 * server with `availableActions`), each with its dialog. `row`: a "…" button for list rows;
 * `detail`: an "Actions" button for the document screen (without "Open" and "Notes", already there).
 * After an action: a toast, every `['documents']` query refreshed, then `onDone`.
 */
export function DocumentActionsMenu({ document, variant, onDone }: DocumentActionsMenuProps) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const allowed = new Set(
    document.actions.filter(
      (action) =>
        DOCUMENT_ACTIONS.includes(action) &&
        !(variant === 'detail' && (action === 'view' || action === 'notes')),
    ),
  );
  const groups = GROUPS.map((group) => group.filter((action) => allowed.has(action))).filter(
    (g) => g.length > 0,
  );
  const close = () => setDialog(null);
  const done = () => onDone?.();

  const download = async () => {
    try {
      const { Location } = await downloadLink(document._id);
      window.open(Location, '_blank', 'noopener');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not download', message: errorText(error) });
    }
  };

  const linkOf = (action: TDocumentAction): string | null => {
    if (action === 'view') return documentDetailPath(document._id);
    if (action === 'notes') return `${documentDetailPath(document._id)}#notes`;
    return null;
  };
  const run = (action: TDocumentAction) => {
    if (action === 'correct') void navigate(correctDocumentPath(document._id));
    else if (action === 'download') void download();
    else if (action !== 'view' && action !== 'notes' && action !== 'retry-seal' && action !== 'sign-again') {
      setDialog(action);
    }
  };

  if (groups.length === 0) return null;
  const props = { document, onClose: close, onDone: done };
  return (
    <>
      {/* Up to 20 items: the menu keeps within the window and scrolls rather than running off it. */}
      <Menu
        position="bottom-end"
        withinPortal
        shadow="md"
        width={220}
        middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
      >
        <Menu.Target>
          {variant === 'row' ? (
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${document.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              rightSection={<IconChevronDown size={16} />}
              aria-label={`Actions for ${document.name}`}
            >
              Actions
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown style={{ overflowY: 'auto' }}>
          {groups.map((group, index) => (
            <div key={group[0]}>
              {index > 0 && <Menu.Divider />}
              {group.map((action) => {
                const item = ACTION_ITEMS[action];
                const to = linkOf(action);
                const common = {
                  leftSection: item.icon,
                  color: item.isDanger ? 'red' : undefined,
                } as const;
                return to ? (
                  <Menu.Item key={action} component={Link} to={to} {...common}>
                    {item.label}
                  </Menu.Item>
                ) : (
                  <Menu.Item key={action} onClick={() => run(action)} {...common}>
                    {item.label}
                  </Menu.Item>
                );
              })}
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>

      {dialog && isConfirm(dialog) && <ConfirmActionDialog action={dialog} {...props} />}
      {dialog === 'discard' && <DiscardDraftDialog {...props} />}
      {dialog === 'void' && <VoidDialog {...props} />}
      {dialog === 'rename' && <RenameDialog {...props} />}
      {dialog === 'duplicate' && <DuplicateDialog {...props} />}
      {dialog === 'save-as-template' && <SaveAsTemplateDialog {...props} />}
      {dialog === 'share' && <ShareDialog {...props} />}
      {dialog === 'change-ownership' && <ChangeOwnerDialog {...props} />}
      {dialog === 'resend' && <ResendDialog {...props} />}
      {dialog === 'generate-link' && <GenerateLinkDialog {...props} />}
      {dialog === 'add-recipients' && <AddRecipientsDialog {...props} />}
      {dialog === 'settings' && <DocumentSettingsDialog {...props} />}
      {dialog === 'change-status' && <ChangeStatusDialog {...props} />}
    </>
  );
}
