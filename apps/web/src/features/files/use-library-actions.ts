import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLibraryFile, TLibraryFolder } from '@esigns/contracts/file-library';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { useDeleteConfirm, type RowSelection } from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import type { LibraryDialog } from './file-dialogs';
import { downloadFile } from './file-preview-dialog';
import type { FileRowActions } from './file-rows';
import { FILE_KEYS, approveFiles, deleteFile, deleteFolder, refreshLibrary } from './files-api';
import type { FolderActions } from './folder-bar';

/**
 * What the library screen does to files and folders, as far as the caller's rights go: the open
 * preview and dialog, approving (one or the selection), deleting after asking.
 */
export function useLibraryActions({
  can,
  selection,
  openFolder,
}: {
  can: (slug: PermissionSlug) => boolean;
  selection: RowSelection<TLibraryFile>;
  openFolder: (id: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<TLibraryFile | null>(null);
  const [dialog, setDialog] = useState<LibraryDialog | null>(null);
  const approve = useMutation({
    mutationFn: (files: TLibraryFile[]) => approveFiles(files.map((f) => f._id)),
    onSuccess: (done) => {
      notifications.show({ color: 'teal', message: `${done.length} approved` });
      selection.clear();
      void refreshLibrary(queryClient);
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not approved', message: errorText(error) }),
  });
  const removeFile = useDeleteConfirm<TLibraryFile>({
    remove: (f) => deleteFile(f._id),
    invalidate: FILE_KEYS.all,
    notice: (f) => ({ message: `${f.name} deleted` }),
  });
  const removeFolder = useDeleteConfirm<TLibraryFolder>({
    remove: async (f) => {
      await deleteFolder(f._id);
      openFolder(f.parent_id);
    },
    invalidate: FILE_KEYS.all,
    notice: (f) => ({ message: `${f.name} deleted` }),
  });
  const files: FileRowActions = {
    preview: setPreview,
    download: (f) =>
      void downloadFile(f).catch((e: unknown) => notifications.show({ color: 'red', message: errorText(e) })),
    ...(can('files:update') && {
      rename: (file) => setDialog({ kind: 'rename-file', file }),
      move: (file) => setDialog({ kind: 'move-file', file }),
    }),
    ...(can('files:delete') && { remove: removeFile.ask }),
    ...(can('files:approve') && {
      approve: (f) => approve.mutate([f]),
      reject: (f) => setDialog({ kind: 'reject', files: [f] }),
    }),
  };
  const folders: FolderActions = {
    ...(can('files:update') && {
      rename: (folder) => setDialog({ kind: 'rename-folder', folder }),
      move: (folder) => setDialog({ kind: 'move-folder', folder }),
    }),
    ...(can('files:delete') && { remove: removeFolder.ask }),
  };
  return {
    files,
    folders,
    preview,
    closePreview: () => setPreview(null),
    dialog,
    setDialog,
    closeDialog: () => {
      setDialog(null);
      selection.clear();
    },
    approve,
    removeFile,
    removeFolder,
  };
}
