import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconShare,
  IconTable,
  IconTrash,
  IconWorld,
  IconCursorText,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ConfirmDialog, errorText } from '../../shared/ui/page-kit';
import type { Can } from '../../shared/permissions/use-can';
import { BulkSendDialog } from './bulk-send-dialog';
import { saveCsv } from './save-csv';
import {
  DuplicateTemplateDialog,
  PublishTemplateDialog,
  RenameTemplateDialog,
  ShareTemplateDialog,
} from './template-dialogs';
import {
  TEMPLATE_KEYS,
  deleteTemplate,
  fetchTemplateDataCsv,
  setTemplateStatus,
  type TTemplateRow,
} from './templates-api';

type Dialog = 'rename' | 'duplicate' | 'share' | 'publish' | 'bulk' | 'delete';

export function templateEditorPath(row: Pick<TTemplateRow, '_id' | 'company_document_id'>) {
  return `/company-documents/${encodeURIComponent(row.company_document_id)}/configure/template/${encodeURIComponent(row._id)}`;
}

export function templateSendPath(row: Pick<TTemplateRow, '_id' | 'company_document_id'>) {
  return `/send-template/mail/${encodeURIComponent(row._id)}/${encodeURIComponent(row.company_document_id)}`;
}

/** The row's "Send" button and its menu of everything else the caller may do, with their dialogs. */
export function TemplateActions({ row, rights }: { row: TTemplateRow; rights: Pick<Can, 'can'> }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const isActive = row.status === 'ACTIVE';
  const may = {
    edit: rights.can('templates:update'),
    send: rights.can('templates:send') && isActive,
    bulk: rights.can('templates:send') && rights.can('documents:send') && isActive,
    data: rights.can('documents:view'),
    rename: rights.can('templates:update'),
    duplicate: rights.can('templates:duplicate'),
    share: rights.can('templates:share'),
    publish: rights.can('templates:publish'),
    status: rights.can('configurable-documents:change-status'),
    delete: rights.can('templates:delete'),
  };

  const status = useMutation({
    mutationFn: () => setTemplateStatus(row._id, isActive ? 'INACTIVE' : 'ACTIVE'),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: isActive ? 'Template deactivated' : 'Template activated',
        message: row.name,
      });
      void queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.lists });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not change the status', message: errorText(error) }),
  });
  const data = useMutation({
    mutationFn: () => fetchTemplateDataCsv(row._id),
    onSuccess: (csv) => saveCsv(csv, row.name, 'data'),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not download the data', message: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: () => deleteTemplate(row._id),
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Template deleted', message: row.name });
      close();
      void queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.lists });
    },
  });

  const hasMenu = Object.values(may).some(Boolean);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {may.send && (
        <Button
          component={Link}
          to={templateSendPath(row)}
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} />}
          aria-label={`Send ${row.name}`}
        >
          Send
        </Button>
      )}
      {hasMenu && (
        <Menu position="bottom-end" withinPortal shadow="md" width={210}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {may.edit && (
              <Menu.Item component={Link} to={templateEditorPath(row)} leftSection={<IconEdit size={16} />}>
                Edit
              </Menu.Item>
            )}
            {may.bulk && (
              <Menu.Item leftSection={<IconTable size={16} />} onClick={() => setDialog('bulk')}>
                Bulk send
              </Menu.Item>
            )}
            {may.data && (
              <Menu.Item
                leftSection={<IconDownload size={16} />}
                onClick={() => data.mutate()}
                disabled={data.isPending}
              >
                Download data (CSV)
              </Menu.Item>
            )}
            {may.rename && (
              <Menu.Item leftSection={<IconCursorText size={16} />} onClick={() => setDialog('rename')}>
                Rename
              </Menu.Item>
            )}
            {may.duplicate && (
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setDialog('duplicate')}>
                Duplicate
              </Menu.Item>
            )}
            {may.share && (
              <Menu.Item leftSection={<IconShare size={16} />} onClick={() => setDialog('share')}>
                Share
              </Menu.Item>
            )}
            {may.publish && (
              <Menu.Item leftSection={<IconWorld size={16} />} onClick={() => setDialog('publish')}>
                Publish
              </Menu.Item>
            )}
            {may.status && (
              <Menu.Item
                leftSection={isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                onClick={() => status.mutate()}
                disabled={status.isPending}
              >
                {isActive ? 'Deactivate' : 'Activate'}
              </Menu.Item>
            )}
            {may.delete && (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDialog('delete')}
                >
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}

      {dialog === 'rename' && <RenameTemplateDialog row={row} onClose={close} />}
      {dialog === 'duplicate' && <DuplicateTemplateDialog row={row} onClose={close} />}
      {dialog === 'share' && <ShareTemplateDialog row={row} onClose={close} />}
      {dialog === 'publish' && <PublishTemplateDialog row={row} onClose={close} />}
      {dialog === 'bulk' && <BulkSendDialog row={row} onClose={close} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete template"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          close();
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        <Text size="sm">
          <Text span fw={600}>
            {row.name}
          </Text>{' '}
          leaves the list{row.publish.published ? ' and its public link stops working' : ''}. Documents
          already sent from it stay as they are.
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
