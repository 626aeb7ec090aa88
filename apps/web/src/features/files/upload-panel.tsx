import { useRef, useState } from 'react';
import { ActionIcon, Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TLibraryFile, TLibraryFileStatus } from '@esigns/contracts/file-library';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { errorText } from '../../shared/ui/page-kit';
import { STATUS_COLORS, STATUS_LABELS, formatSize, refreshLibrary, uploadLibraryFile } from './files-api';

/** A file's status; it never shrinks beside a long name (the name is the one cut). */
export function FileStatusBadge({ status }: { status: TLibraryFileStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

type Upload = {
  key: number;
  name: string;
  size: number;
  progress: number;
  state: 'UPLOADING' | 'DONE' | 'FAILED';
  error?: string;
  file?: TLibraryFile;
  abort: AbortController;
};

/**
 * A drop zone and, under it, each upload of this visit with its progress (XMLHttpRequest), its
 * failure (the server's reason: type, size, plan) or the status it ended in.
 */
export function UploadPanel({ folderId, hint }: { folderId?: string | null; hint: string }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(0);
  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = (files: File[]) => {
    for (const file of files) {
      next.current += 1;
      const key = next.current;
      const abort = new AbortController();
      setUploads((all) => [
        { key, name: file.name, size: file.size, progress: 0, state: 'UPLOADING', abort },
        ...all.filter((u) => u.state === 'UPLOADING' || all.indexOf(u) < 5),
      ]);
      uploadLibraryFile(file, {
        folderId,
        signal: abort.signal,
        onProgress: (progress) => patch(key, { progress }),
      })
        .then((stored) => {
          patch(key, { state: 'DONE', progress: 1, file: stored });
          void refreshLibrary(queryClient);
        })
        .catch((error: unknown) => patch(key, { state: 'FAILED', error: errorText(error) }));
    }
  };

  return (
    <Stack gap="xs">
      <FileDropZone
        onFiles={start}
        title="Drop files here to upload them"
        hint={hint}
        buttonLabel="Choose files"
        inputLabel="Files to upload"
        isCompact
      />
      {uploads.length > 0 && (
        <Stack gap={6} aria-label="Uploads" role="list">
          {uploads.map((u) => (
            <Stack key={u.key} gap={2} role="listitem" data-testid="upload-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
                  {u.name}{' '}
                  <Text span c="dimmed" size="xs">
                    {formatSize(u.size)}
                  </Text>
                </Text>
                {u.state === 'UPLOADING' && (
                  <Tooltip label="Cancel">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Cancel ${u.name}`}
                      onClick={() => u.abort.abort()}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {u.state === 'DONE' && u.file && <FileStatusBadge status={u.file.status} />}
              </Group>
              {u.state === 'UPLOADING' && (
                <Progress.Root size="sm">
                  <Progress.Section
                    value={Math.round(u.progress * 100)}
                    animated
                    aria-label={`Uploading ${u.name}`}
                  />
                </Progress.Root>
              )}
              {u.state === 'FAILED' && (
                <Text size="xs" c="red" role="alert">
                  {u.error}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
