import { Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TLibraryFile } from '@esigns/contracts/file-library';
import { AppDialog } from '../../shared/ui/app-dialog';
import { PdfPageImages } from '../../shared/ui/pdf-page-images';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { fileLink, formatSize } from './files-api';
import { FileStatusBadge } from './upload-panel';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The file could not be read (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

const isImage = (type: string) => /^image\/(png|jpeg|gif|webp|bmp)$/.test(type);

/** Opens the file's short-lived link as a download (a new tab for browsers that ignore it). */
export async function downloadFile(file: TLibraryFile): Promise<void> {
  const link = await fileLink(file._id, true);
  const a = document.createElement('a');
  a.href = link.url;
  a.download = file.name;
  a.rel = 'noopener';
  a.click();
}

/** A file's preview: PDF pages (pdf.js) or the image; other types offer the download. */
export function FilePreviewDialog({ file, onClose }: { file: TLibraryFile | null; onClose: () => void }) {
  const link = useQuery({
    queryKey: ['files', 'link', file?._id],
    queryFn: () => fileLink(file!._id),
    enabled: file !== null,
    // The link lives five minutes: fetch a new one each time the dialog opens.
    gcTime: 0,
    staleTime: 0,
  });
  const type = file?.mime_type ?? '';
  let body;
  if (link.isError) body = <ErrorAlert>{errorText(link.error)}</ErrorAlert>;
  else if (!link.data || !file)
    body = (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  else if (type === 'application/pdf') {
    // pdf.js is imported only when a PDF is drawn.
    const url = link.data.url;
    body = (
      <PdfPageImages load={() => fetchBytes(url)} cacheKey={['library-file', file._id]} label={file.name} />
    );
  } else if (isImage(type)) {
    body = <Image src={link.data.url} alt={file.name} fit="contain" mah="70vh" />;
  } else {
    body = (
      <Text c="dimmed" size="sm">
        This kind of file ({type}) has no preview here: download it to open it.
      </Text>
    );
  }
  return (
    <AppDialog
      opened={file !== null}
      onClose={onClose}
      title={file?.name ?? ''}
      size="xl"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {file && (
            <Button leftSection={<IconDownload size={16} />} onClick={() => void downloadFile(file)}>
              Download
            </Button>
          )}
        </>
      }
    >
      <Stack gap="sm">
        {file && (
          <Group gap="xs">
            <FileStatusBadge status={file.status} />
            <Text size="sm" c="dimmed">
              {formatSize(file.size)} · {file.uploaded_by.name}
            </Text>
          </Group>
        )}
        {file?.status === 'REJECTED' && file.rejection_reason && (
          <Text size="sm" c="red">
            Rejected: {file.rejection_reason}
          </Text>
        )}
        {body}
      </Stack>
    </AppDialog>
  );
}
