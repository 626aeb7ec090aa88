import { useState } from 'react';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFiles } from '@tabler/icons-react';
import type { TLibraryFile } from '@esigns/contracts/file-library';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { DeleteDialog, ListView, useDeleteConfirm, useListQuery } from '../../shared/ui/list-screen';
import { PageFrame, errorText } from '../../shared/ui/page-kit';
import { downloadFile, FilePreviewDialog } from './file-preview-dialog';
import { fileCard, fileColumns, type FileRowActions } from './file-rows';
import { FILE_KEYS, deleteFile, fetchFiles } from './files-api';
import { UploadPanel } from './upload-panel';

/**
 * /ap/files: a contact sends files to the company and follows them: each waits for approval,
 * then shows approved or rejected (with the reason). A file still waiting can be withdrawn.
 */
export function ContactFilesScreen() {
  usePageTitle('My files');
  const [preview, setPreview] = useState<TLibraryFile | null>(null);
  const list = useListQuery({
    pageSize: 20,
    queryKey: FILE_KEYS.files,
    queryFn: (params, signal) => fetchFiles(params, signal),
  });
  const withdraw = useDeleteConfirm<TLibraryFile>({
    remove: (f) => deleteFile(f._id),
    invalidate: FILE_KEYS.all,
    notice: (f) => ({ message: `${f.name} withdrawn` }),
  });
  const actions: FileRowActions = {
    preview: setPreview,
    download: (f) =>
      void downloadFile(f).catch((e: unknown) => notifications.show({ color: 'red', message: errorText(e) })),
    remove: withdraw.ask,
    removable: (f) => f.status === 'PENDING',
  };
  return (
    <PageFrame
      title="My files"
      description="Send files to the company. Each one is checked by the staff, who approve or reject it."
    >
      <Stack gap="lg">
        <UploadPanel hint="PDF, images, office documents or text. Each file waits for approval." />
        <ListView
          list={list}
          errorTitle="Could not load your files"
          empty={{ icon: IconFiles, title: 'No files sent yet', text: 'Drop a file above to send it.' }}
          columns={fileColumns(actions, false)}
          card={fileCard(actions, false)}
          rowTestId="file-row"
          minWidth={640}
          skeletonRows={3}
        />
      </Stack>
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
      <DeleteDialog confirm={withdraw} title="Withdraw file" confirmLabel="Withdraw">
        {(f) => `${f.name} is withdrawn before the staff decide on it.`}
      </DeleteDialog>
    </PageFrame>
  );
}
