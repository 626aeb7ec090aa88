import type { CSSProperties } from 'react';
import { ActionIcon, Box, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { CSS } from '@dnd-kit/utilities';
import { MAX_VIEW_COLUMNS, type TViewColumn } from '@esigns/contracts/entity-views';
import type { FieldErrors } from '../../shared/api/api-error';
import { DragHandle, MoveButtons, SortableList, arrayMove, useSortable } from '../../shared/ui/list-screen';
import type { TTemplateField } from './entity-views-api';
import { fieldSelectData } from './filter-builder';

type ColumnInput = { field: string; width?: number | null | undefined };

export type ColumnPickerProps = {
  fields: readonly TTemplateField[];
  value: ColumnInput[];
  onChange: (next: TViewColumn[]) => void;
  errors?: FieldErrors;
  /** Messages are keyed `<errorPrefix>.N.field` / `.width`. */
  errorPrefix?: string;
};

const normalise = (columns: ColumnInput[]): TViewColumn[] =>
  columns.map((c) => ({ field: c.field, width: c.width ?? null }));

function ColumnRow({
  column,
  index,
  count,
  field,
  error,
  onWidth,
  onMove,
  onRemove,
}: {
  column: ColumnInput;
  index: number;
  count: number;
  field: TTemplateField | undefined;
  error: string | undefined;
  onWidth: (width: number | null) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { setNodeRef, transform, transition, isDragging, ...handle } = useSortable({
    id: column.field,
  });
  const label = field?.label ?? column.field;
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    border: '1px solid var(--mantine-color-gray-3)',
    borderRadius: 'var(--mantine-radius-sm)',
    background: isDragging ? 'var(--mantine-color-gray-0)' : 'white',
    zIndex: isDragging ? 1 : undefined,
    position: 'relative',
  };
  return (
    <Box ref={setNodeRef} style={style} px="xs" py={6} data-testid="view-column">
      <Group gap="xs" wrap="nowrap">
        <DragHandle label={label} handle={handle} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {label}
          </Text>
          {field?.template_name && (
            <Text size="xs" c="dimmed" truncate>
              {field.template_name}
            </Text>
          )}
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Box>
        <NumberInput
          size="xs"
          w={110}
          aria-label={`Width of ${label}`}
          placeholder="Auto"
          suffix=" px"
          min={40}
          max={2000}
          value={column.width ?? ''}
          onChange={(v) => onWidth(typeof v === 'number' ? v : null)}
        />
        <MoveButtons label={label} index={index} count={count} onMove={onMove} size={14} />
        <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={`Remove ${label}`}>
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Box>
  );
}

/** The columns a view shows, in order: drag (or the arrows) to reorder, set widths, add and remove. */
export function ColumnPicker({
  fields,
  value,
  onChange,
  errors = {},
  errorPrefix = 'columns',
}: ColumnPickerProps) {
  const columns = normalise(value);
  const shown = new Set(columns.map((c) => c.field));
  const remaining = fields.filter((f) => !shown.has(f.ref));
  const move = (from: number, to: number) => onChange(arrayMove(columns, from, to));
  return (
    <Stack gap={6} data-testid="column-picker">
      {columns.length === 0 && (
        <Text size="sm" c="dimmed">
          No columns chosen: the title and the first fields are shown.
        </Text>
      )}
      <SortableList ids={columns.map((c) => c.field)} onMove={move}>
        {columns.map((column, index) => (
          <ColumnRow
            key={column.field}
            column={column}
            index={index}
            count={columns.length}
            field={fields.find((f) => f.ref === column.field)}
            error={errors[`${errorPrefix}.${index}.field`] ?? errors[`${errorPrefix}.${index}.width`]}
            onWidth={(width) => onChange(columns.map((c, i) => (i === index ? { ...c, width } : c)))}
            onMove={(to) => move(index, to)}
            onRemove={() => onChange(columns.filter((_, i) => i !== index))}
          />
        ))}
      </SortableList>
      <Select
        aria-label="Add a column"
        placeholder={remaining.length > 0 ? 'Add a column…' : 'Every column is shown'}
        data={fieldSelectData(remaining)}
        value={null}
        onChange={(ref) => ref && onChange([...columns, { field: ref, width: null }])}
        disabled={remaining.length === 0 || columns.length >= MAX_VIEW_COLUMNS}
        searchable
        size="sm"
        maw={320}
        error={errors[errorPrefix]}
      />
    </Stack>
  );
}
