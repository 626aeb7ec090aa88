import { ActionIcon, Badge, Box, Group, Loader, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconCircleCheck,
  IconGripVertical,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { PdfThumbnail } from './pdf-thumbnail';
import { formatFileSize } from './upload-files';
import type { UploadItem } from './use-upload-queue';

export type UploadFileRowProps = {
  item: UploadItem;
  index: number;
  count: number;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, step: -1 | 1) => void;
};

function StatusLine({ item }: { item: UploadItem }) {
  const name = item.file.name;
  switch (item.phase) {
    case 'queued':
      return (
        <Text size="xs" c="dimmed">
          Waiting to upload…
        </Text>
      );
    case 'uploading': {
      const percent = Math.round(item.progress * 100);
      return (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={percent}
            size="sm"
            radius="xl"
            style={{ flex: 1 }}
            aria-label={`Upload progress of ${name}`}
            animated={percent >= 100}
          />
          <Text size="xs" c="dimmed" w={36} ta="right">
            {percent}%
          </Text>
        </Group>
      );
    }
    case 'converting':
      return (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Converting…
          </Text>
        </Group>
      );
    case 'ready':
      return (
        <Group gap={4} wrap="nowrap">
          <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
          <Text size="xs" c="teal.7">
            Ready
          </Text>
        </Group>
      );
    case 'invalid':
    case 'failed':
      return (
        <Group gap={4} wrap="nowrap" align="flex-start" role="alert">
          <IconAlertCircle
            size={14}
            color="var(--mantine-color-red-6)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="xs" c="red.7">
            {item.error}
          </Text>
        </Group>
      );
    default: {
      const unreachable: never = item.phase;
      return unreachable;
    }
  }
}

/** One file of the upload list: drag handle, thumbnail, name, size and pages, progress or error, actions. */
export function UploadFileRow({ item, index, count, onRetry, onRemove, onMove }: UploadFileRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const name = item.file.name;
  const pages = item.fileInfo?.page_count;
  const isBroken = item.phase === 'failed' || item.phase === 'invalid';

  return (
    <Box
      ref={setNodeRef}
      data-testid="upload-file-row"
      data-phase={item.phase}
      px="md"
      py="sm"
      bg={isDragging ? 'gray.0' : isBroken ? 'red.0' : 'white'}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Drag to reorder ${name}`}
          style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <PdfThumbnail url={item.fileInfo?.url} label={name} width={44} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {index + 1}
            </Badge>
            <Text size="sm" fw={500} truncate="end" title={name}>
              {name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatFileSize(item.file.size)}
            {pages ? ` · ${pages} ${pages === 1 ? 'page' : 'pages'}` : ''}
          </Text>
          <StatusLine item={item} />
        </Stack>
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label="Move up">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => onMove(item.id, -1)}
              visibleFrom="xs"
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => onMove(item.id, 1)}
              visibleFrom="xs"
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          {item.phase === 'failed' && (
            <Tooltip label="Try again">
              <ActionIcon variant="subtle" aria-label={`Retry ${name}`} onClick={() => onRetry(item.id)}>
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Remove">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              onClick={() => onRemove(item.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
}
