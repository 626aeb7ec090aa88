import { Button, Group, Loader, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCloudCheck, IconCloudX } from '@tabler/icons-react';
import { isApiError } from '../../shared/api/api-error';
import type { SaveStatus } from './use-autosave';

function errorText(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message;
  return 'The changes could not be saved.';
}

/** "Saved" / "Saving…" / "Not saved — retry", announced to screen readers. */
export function SaveIndicator({
  status,
  error,
  onRetry,
  isCompact = false,
}: {
  status: SaveStatus;
  error: unknown;
  onRetry: () => void;
  /** Icon only (the text stays for screen readers). */
  isCompact?: boolean;
}) {
  if (status === 'error') {
    return (
      <Tooltip label={errorText(error)} withArrow multiline w={260}>
        <Group gap={4} wrap="nowrap" role="status" aria-live="polite">
          <IconCloudX size={18} color="var(--mantine-color-red-6)" />
          {isCompact ? (
            <VisuallyHidden>Not saved</VisuallyHidden>
          ) : (
            <Text size="sm" c="red.7" fw={500} style={{ whiteSpace: 'nowrap' }}>
              Not saved
            </Text>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Tooltip>
    );
  }
  const isBusy = status === 'saving' || status === 'pending';
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="save-status">
      {isBusy ? (
        <Loader size={14} color="gray" />
      ) : (
        <IconCloudCheck size={18} color="var(--mantine-color-gray-6)" />
      )}
      {isCompact ? (
        <VisuallyHidden>{isBusy ? 'Saving…' : 'Saved'}</VisuallyHidden>
      ) : (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {isBusy ? 'Saving…' : 'Saved'}
        </Text>
      )}
    </Group>
  );
}
