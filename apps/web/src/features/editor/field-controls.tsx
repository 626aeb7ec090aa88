import { ActionIcon, ColorSwatch, Group, Select, Text, Tooltip, type SelectProps } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';

/** A recipient choice whose options (and the chosen one) show the recipient's colour. */
export function ColorSelect({
  colorOf,
  value,
  ...props
}: SelectProps & { colorOf: (key: string) => string }) {
  return (
    <Select
      {...props}
      value={value}
      allowDeselect={false}
      leftSection={value != null ? <ColorSwatch color={colorOf(value)} size={12} withShadow={false} /> : null}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <ColorSwatch color={colorOf(option.value)} size={12} withShadow={false} />
          <Text size="sm" truncate>
            {option.label}
          </Text>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Duplicate and Delete of the selected field(s), with their shortcuts in the tooltips. */
export function SelectionActions({
  noun,
  onDuplicate,
  onDelete,
}: {
  noun: 'field' | 'fields';
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Duplicate (Ctrl+D)" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label={`Duplicate ${noun}`} onClick={onDuplicate}>
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete (Del)" withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${noun}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
