import { useState } from 'react';
import { Box, Button, Stack } from '@mantine/core';
import { IconCheck, IconFiles, IconFolderPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TLibraryFile } from '@esigns/contracts/file-library';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  SegmentedFilter,
  useListQuery,
  useRowSelection,
} from '../../shared/ui/list-screen';
import { LibraryDialogs } from './file-dialogs';
import { FilePreviewDialog } from './file-preview-dialog';
import { fileCard, fileColumns } from './file-rows';
import { FILE_KEYS, fetchFiles, fetchFolders } from './files-api';
import { FolderBar } from './folder-bar';
import { UploadPanel } from './upload-panel';
import { useLibraryActions } from './use-library-actions';

export const FILES_PAGE_SIZE = 20;
const VIEWS = [
  { value: 'library', label: 'Library' },
  { value: 'pending', label: 'Waiting for approval' },
];

/**
 * /files: the company's file library. Folders (path, subfolders, new, rename, move, delete when
 * empty), uploads with progress, preview (PDF pages, images), rename, move, delete; "Waiting for
 * approval" lists what contacts uploaded, to approve or reject (with a reason) one by one or in bulk.
 */
export function FilesScreen() {
  usePageTitle('Files');
  const rights = useCan();
  const can = rights.can;
  const [folderId, setFolderId] = useState<string | null>(null);
  const [showUpload, setShowUpload] = useState(false);
  const folders = useQuery({
    queryKey: FILE_KEYS.folders,
    queryFn: ({ signal }) => fetchFolders(signal),
    enabled: can('files:view'),
  });
  const list = useListQuery({
    pageSize: FILES_PAGE_SIZE,
    filters: { view: 'library' as string, folder: 'root' as string },
    queryKey: FILE_KEYS.files,
    queryFn: ({ view, folder, ...params }, signal) =>
      fetchFiles(
        view === 'pending' ? { ...params, status: 'PENDING' } : { ...params, folder_id: folder },
        signal,
      ),
  });
  const pendingView = list.filters.view === 'pending';
  const selection = useRowSelection<TLibraryFile>();
  const openFolder = (id: string | null) => {
    setFolderId(id);
    list.setFilter('folder', id ?? 'root');
  };
  const act = useLibraryActions({ can, selection, openFolder });
  const allFolders = folders.data ?? [];
  return (
    <ListScreen
      title="Files"
      description="Your company's files, in folders. Files contacts upload wait here for approval."
      rights={rights}
      canView={can('files:view')}
      noAccess="Your user type cannot see the file library."
      list={list}
      search={{ label: 'Search files', placeholder: 'File name', width: 240 }}
      filters={<SegmentedFilter data={VIEWS} {...list.bind('view')} />}
      actions={
        !pendingView && (
          <>
            {can('files:upload') && (
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => act.setDialog({ kind: 'new-folder', parentId: folderId })}
              >
                New folder
              </Button>
            )}
            {can('files:upload') && (
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={() => setShowUpload((v) => !v)}
                aria-expanded={showUpload}
              >
                Upload
              </Button>
            )}
          </>
        )
      }
      toolbar={
        !pendingView && (
          <Stack gap="sm">
            {/* Kept mounted while hidden: uploads under way keep their rows. */}
            <Box hidden={!showUpload || !can('files:upload')}>
              <UploadPanel
                folderId={folderId}
                hint="PDF, images, office documents, text, video or zip. Checked by their content."
              />
            </Box>
            <FolderBar folders={allFolders} current={folderId} onOpen={openFolder} actions={act.folders} />
          </Stack>
        )
      }
      dialogs={
        <>
          <FilePreviewDialog file={act.preview} onClose={act.closePreview} />
          <LibraryDialogs dialog={act.dialog} folders={allFolders} onClose={act.closeDialog} />
          <DeleteDialog confirm={act.removeFile} title="Delete file">
            {(f) => `${f.name} is deleted for good, with its stored copy.`}
          </DeleteDialog>
          <DeleteDialog confirm={act.removeFolder} title="Delete folder">
            {(f) => `${f.name} is deleted. Only an empty folder can be.`}
          </DeleteDialog>
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the files"
        empty={{
          icon: IconFiles,
          title: pendingView ? 'Nothing waits for approval' : 'No files here yet',
          text: pendingView
            ? 'Files contacts upload appear here until you approve or reject them.'
            : 'Upload files or open a folder.',
          filtered: { title: 'No file matches', text: 'Try another name.' },
        }}
        columns={fileColumns(act.files, true)}
        card={fileCard(act.files, true)}
        rowTestId="file-row"
        rowLabel={(f) => f.name}
        minWidth={820}
        skeletonRows={5}
        {...(pendingView &&
          can('files:approve') && {
            selection,
            bulkActions: (
              <>
                <Button
                  size="xs"
                  color="teal"
                  leftSection={<IconCheck size={14} />}
                  loading={act.approve.isPending}
                  onClick={() => act.approve.mutate(selection.selected)}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconX size={14} />}
                  onClick={() => act.setDialog({ kind: 'reject', files: selection.selected })}
                >
                  Reject
                </Button>
              </>
            ),
          })}
      />
    </ListScreen>
  );
}
