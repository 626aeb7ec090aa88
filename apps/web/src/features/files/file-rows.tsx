import { Anchor, Box, Group, Text } from '@mantine/core';
import {
  IconArrowsMove,
  IconCheck,
  IconDownload,
  IconEye,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { TLibraryFile } from '@esigns/contracts/file-library';
import { formatDateTime } from '../../shared/format/date';
import { RowMenu, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import { formatSize } from './files-api';
import { FileStatusBadge } from './upload-panel';

/** What a row of the library can do, as far as the caller's rights go. */
export type FileRowActions = {
  preview: (file: TLibraryFile) => void;
  download: (file: TLibraryFile) => void;
  rename?: (file: TLibraryFile) => void;
  move?: (file: TLibraryFile) => void;
  remove?: (file: TLibraryFile) => void;
  /** Whether `remove` applies to this file (a contact withdraws only what still waits). */
  removable?: (file: TLibraryFile) => boolean;
  approve?: (file: TLibraryFile) => void;
  reject?: (file: TLibraryFile) => void;
};

function FileName({ file, onOpen }: { file: TLibraryFile; onOpen: () => void }) {
  return (
    <Box miw={0}>
      <Anchor
        component="button"
        type="button"
        fw={500}
        size="sm"
        onClick={onOpen}
        style={{ wordBreak: 'break-word', textAlign: 'left' }}
      >
        {file.name}
      </Anchor>
      {file.status === 'REJECTED' && file.rejection_reason && (
        <Text size="xs" c="red" lineClamp={2}>
          {file.rejection_reason}
        </Text>
      )}
    </Box>
  );
}

export function FileMenu({ file, actions }: { file: TLibraryFile; actions: FileRowActions }) {
  const pending = file.status === 'PENDING';
  const run = (action?: (f: TLibraryFile) => void) => (action ? () => action(file) : undefined);
  return (
    <RowMenu
      label={`More actions for ${file.name}`}
      items={[
        { label: 'Preview', icon: <IconEye size={14} />, onClick: run(actions.preview) },
        { label: 'Download', icon: <IconDownload size={14} />, onClick: run(actions.download) },
        pending &&
          actions.approve && {
            label: 'Approve',
            icon: <IconCheck size={14} />,
            onClick: run(actions.approve),
          },
        pending &&
          actions.reject && {
            label: 'Reject',
            icon: <IconX size={14} />,
            onClick: run(actions.reject),
            color: 'red',
          },
        actions.rename && { label: 'Rename', icon: <IconPencil size={14} />, onClick: run(actions.rename) },
        actions.move && { label: 'Move', icon: <IconArrowsMove size={14} />, onClick: run(actions.move) },
        actions.remove &&
          (actions.removable?.(file) ?? true) && {
            label: pending && !actions.rename ? 'Withdraw' : 'Delete',
            icon: <IconTrash size={14} />,
            onClick: run(actions.remove),
            color: 'red',
          },
      ]}
    />
  );
}

/** The library's columns (the uploader column for staff only). */
export function fileColumns(actions: FileRowActions, withUploader: boolean): ListColumn<TLibraryFile>[] {
  return [
    { key: 'name', header: 'Name', cell: (f) => <FileName file={f} onOpen={() => actions.preview(f)} /> },
    // Wide enough for the longest badge, "Waiting for approval", not to be cut.
    { key: 'status', header: 'Status', width: 210, cell: (f) => <FileStatusBadge status={f.status} /> },
    { key: 'size', header: 'Size', width: 90, cell: (f) => <Text size="sm">{formatSize(f.size)}</Text> },
    ...(withUploader
      ? [
          {
            key: 'by',
            header: 'Uploaded by',
            width: 190,
            cell: (f: TLibraryFile) => (
              <Text size="sm" lineClamp={1}>
                {f.uploaded_by.name}
                {f.uploaded_by.kind === 'CONTACT' && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (contact)
                  </Text>
                )}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'date',
      header: 'Uploaded',
      width: 170,
      cell: (f) => <Text size="sm">{formatDateTime(f.created_at)}</Text>,
    },
    { key: 'menu', header: '', width: 56, cell: (f) => <FileMenu file={f} actions={actions} /> },
  ];
}

/** Who uploaded the file, as a card says it: a contact is marked as one. */
function uploaderName(file: TLibraryFile): string {
  return file.uploaded_by.kind === 'CONTACT' ? `${file.uploaded_by.name} (contact)` : file.uploaded_by.name;
}

/** One file as a phone card. */
export function fileCard(actions: FileRowActions, withUploader: boolean) {
  return (f: TLibraryFile): ListCardContent => ({
    title: <FileName file={f} onOpen={() => actions.preview(f)} />,
    actions: <FileMenu file={f} actions={actions} />,
    meta: (
      <Group gap="xs" wrap="wrap">
        <FileStatusBadge status={f.status} />
        <Text size="xs" c="dimmed">
          {formatSize(f.size)} · {formatDateTime(f.created_at)}
          {withUploader ? ` · ${uploaderName(f)}` : ''}
        </Text>
      </Group>
    ),
  });
}
