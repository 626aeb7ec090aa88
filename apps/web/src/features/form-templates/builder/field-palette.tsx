import { memo } from 'react';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import {
  FORM_FIELD_TYPES,
  FORM_FIELD_TYPE_INFO,
  type TFormFieldGroup,
  type TFormFieldType,
} from '@esigns/contracts/nocode-field-types';

const GROUPS: { group: TFormFieldGroup; label: string }[] = [
  { group: 'TEXT', label: 'Text' },
  { group: 'NUMBER', label: 'Numbers' },
  { group: 'DATE', label: 'Dates' },
  { group: 'CHOICE', label: 'Choices' },
  { group: 'CONTACT', label: 'Contact' },
  { group: 'MEDIA', label: 'Files and media' },
  { group: 'LINK', label: 'Links and tables' },
  { group: 'COMPUTED', label: 'Computed' },
];

/** The palette's drag id of a type, and back. */
export const paletteId = (type: TFormFieldType): string => `palette:${type}`;

function PaletteItem({ type, onAdd }: { type: TFormFieldType; onAdd: (type: TFormFieldType) => void }) {
  const info = FORM_FIELD_TYPE_INFO[type];
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: paletteId(type),
    data: { kind: 'palette', fieldType: type },
  });
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={() => onAdd(type)}
      aria-label={`Add ${info.label}`}
      title={`${info.description}: drag onto the grid, or click to add it at the end`}
      px="xs"
      py={6}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-body)',
        transform: CSS.Translate.toString(transform),
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        touchAction: 'none',
      }}
    >
      <Text size="xs" fw={500}>
        {info.label}
      </Text>
    </UnstyledButton>
  );
}

/**
 * Every field type, by group: drag one onto the grid or click it to add it at the end. Memoised:
 * it never changes while the fields do (give it a stable `onAdd`).
 */
export const FieldPalette = memo(function FieldPalette({ onAdd }: { onAdd: (type: TFormFieldType) => void }) {
  return (
    <Stack gap="sm" data-testid="field-palette">
      {GROUPS.map(({ group, label }) => (
        <Box key={group}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            {label}
          </Text>
          <Box style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
            {FORM_FIELD_TYPES.filter((type) => FORM_FIELD_TYPE_INFO[type].group === group).map((type) => (
              <PaletteItem key={type} type={type} onAdd={onAdd} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
});
