import { ActionIcon, Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconX } from '@tabler/icons-react';

/** The file chosen for an upload, with a button to take it back. */
export function ChosenFile({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      p="sm"
      data-testid="chosen-file"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ThemeIcon variant="light" color="teal">
        <IconFileSpreadsheet size={18} />
      </ThemeIcon>
      <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate="end">
        {name}
      </Text>
      <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${name}`} onClick={onRemove}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
