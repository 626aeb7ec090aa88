import { useState } from 'react';
import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLibraryFile, TLibraryFolder } from '@esigns/contracts/file-library';
import { FormDialog } from '../../shared/ui/form-dialog';
import { createFolder, rejectFiles, refreshLibrary, updateFile, updateFolder } from './files-api';
import { folderOptions, ROOT, subtreeOf } from './folder-tree';

/** What a dialog of the library works on. */
export type LibraryDialog =
  | { kind: 'rename-file'; file: TLibraryFile }
  | { kind: 'move-file'; file: TLibraryFile }
  | { kind: 'reject'; files: TLibraryFile[] }
  | { kind: 'new-folder'; parentId: string | null }
  | { kind: 'rename-folder'; folder: TLibraryFolder }
  | { kind: 'move-folder'; folder: TLibraryFolder };

/** A dialog's save: runs `action`, says `done`, refreshes the library and closes. */
function useSave<T>(action: (value: T) => Promise<unknown>, done: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: done });
      void refreshLibrary(queryClient);
      onClose();
    },
  });
}

function NameDialog(props: {
  title: string;
  label: string;
  initial: string;
  confirmLabel: string;
  save: (name: string) => Promise<unknown>;
  done: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const save = useSave(props.save, props.done, props.onClose);
  return (
    <FormDialog
      title={props.title}
      onClose={props.onClose}
      confirmLabel={props.confirmLabel}
      form={{ id: 'library-name-form', label: props.title, onSubmit: () => save.mutate(name.trim()) }}
      isPending={save.isPending}
      isConfirmDisabled={name.trim() === ''}
      error={save.error}
    >
      <TextInput
        label={props.label}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
        required
        maxLength={200}
      />
    </FormDialog>
  );
}

function MoveDialog(props: {
  title: string;
  folders: readonly TLibraryFolder[];
  current: string | null;
  exclude?: ReadonlySet<string>;
  save: (target: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [target, setTarget] = useState(props.current ?? ROOT);
  const save = useSave(props.save, 'Moved', props.onClose);
  return (
    <FormDialog
      title={props.title}
      onClose={props.onClose}
      confirmLabel="Move"
      form={{
        id: 'library-move-form',
        label: props.title,
        onSubmit: () => save.mutate(target === ROOT ? null : target),
      }}
      isPending={save.isPending}
      isConfirmDisabled={target === (props.current ?? ROOT)}
      error={save.error}
    >
      <Select
        label="Move to"
        data={folderOptions(props.folders, props.exclude)}
        value={target}
        onChange={(value) => setTarget(value ?? ROOT)}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    </FormDialog>
  );
}

function RejectDialog({ files, onClose }: { files: TLibraryFile[]; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const save = useSave(
    (r: string) =>
      rejectFiles(
        files.map((f) => f._id),
        r,
      ),
    `${files.length} rejected`,
    onClose,
  );
  return (
    <FormDialog
      title={files.length === 1 ? `Reject ${files[0]!.name}` : `Reject ${files.length} files`}
      onClose={onClose}
      confirmLabel="Reject"
      isDestructive
      form={{ id: 'library-reject-form', label: 'Reject files', onSubmit: () => save.mutate(reason.trim()) }}
      isPending={save.isPending}
      isConfirmDisabled={reason.trim() === ''}
      error={save.error}
      intro={<Text size="sm">The contact who uploaded them sees this reason beside the file.</Text>}
    >
      <Textarea
        label="Reason"
        placeholder="The scan is blurred: upload a sharper one"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        rows={3}
        maxLength={1000}
        data-autofocus
      />
    </FormDialog>
  );
}

/** The open dialog of the library screen, if any. */
export function LibraryDialogs({
  dialog,
  folders,
  onClose,
}: {
  dialog: LibraryDialog | null;
  folders: readonly TLibraryFolder[];
  onClose: () => void;
}) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'rename-file':
      return (
        <NameDialog
          title="Rename file"
          label="Name"
          initial={dialog.file.name}
          confirmLabel="Rename"
          done="Renamed"
          save={(name) => updateFile(dialog.file._id, { name })}
          onClose={onClose}
        />
      );
    case 'move-file':
      return (
        <MoveDialog
          title={`Move ${dialog.file.name}`}
          folders={folders}
          current={dialog.file.folder_id}
          save={(folder_id) => updateFile(dialog.file._id, { folder_id })}
          onClose={onClose}
        />
      );
    case 'reject':
      return <RejectDialog files={dialog.files} onClose={onClose} />;
    case 'new-folder':
      return (
        <NameDialog
          title="New folder"
          label="Folder name"
          initial=""
          confirmLabel="Create"
          done="Folder created"
          save={(name) => createFolder({ name, parent_id: dialog.parentId })}
          onClose={onClose}
        />
      );
    case 'rename-folder':
      return (
        <NameDialog
          title="Rename folder"
          label="Folder name"
          initial={dialog.folder.name}
          confirmLabel="Rename"
          done="Renamed"
          save={(name) => updateFolder(dialog.folder._id, { name })}
          onClose={onClose}
        />
      );
    case 'move-folder':
      return (
        <MoveDialog
          title={`Move ${dialog.folder.name}`}
          folders={folders}
          current={dialog.folder.parent_id}
          exclude={subtreeOf(folders, dialog.folder._id)}
          save={(parent_id) => updateFolder(dialog.folder._id, { parent_id })}
          onClose={onClose}
        />
      );
  }
}
