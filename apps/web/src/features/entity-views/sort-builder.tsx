import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconArrowsSort, IconTrash } from '@tabler/icons-react';
import { MAX_SORTS, type TSort } from '@esigns/contracts/nocode-filters';
import type { FieldErrors } from '../../shared/api/api-error';
import type { TTemplateField } from './entity-views-api';
import { fieldSelectData } from './filter-builder';

export type SortBuilderProps = {
  fields: readonly TTemplateField[];
  value: TSort[];
  onChange: (next: TSort[]) => void;
  errors?: FieldErrors;
  /** Default `sort`: messages are keyed `sort.0.field`. */
  errorPrefix?: string;
};

/** Up to three sorts, first one first; records tie-break newest first on the server. */
export function SortBuilder({
  fields,
  value,
  onChange,
  errors = {},
  errorPrefix = 'sort',
}: SortBuilderProps) {
  const used = new Set(value.map((s) => s.field));
  const next = fields.find((f) => !used.has(f.ref));
  const set = (index: number, sort: TSort) => onChange(value.map((s, i) => (i === index ? sort : s)));
  return (
    <Stack gap="xs" data-testid="sort-builder">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          Newest records first.
        </Text>
      )}
      {value.map((sort, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="wrap">
          <Text size="sm" c="dimmed" w={56} mt={6}>
            {index === 0 ? 'Sort by' : 'then by'}
          </Text>
          <Select
            aria-label={`Sort field ${index + 1}`}
            data={fieldSelectData(fields.filter((f) => f.ref === sort.field || !used.has(f.ref)))}
            value={sort.field}
            onChange={(field) => field && set(index, { ...sort, field })}
            allowDeselect={false}
            searchable
            size="sm"
            w={220}
            error={errors[`${errorPrefix}.${index}.field`]}
          />
          <SegmentedControl
            size="sm"
            aria-label={`Sort direction ${index + 1}`}
            value={sort.direction}
            onChange={(direction) => set(index, { ...sort, direction: direction as TSort['direction'] })}
            data={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={`Remove sort ${index + 1}`}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconArrowsSort size={14} />}
          disabled={value.length >= MAX_SORTS || !next}
          onClick={() => next && onChange([...value, { field: next.ref, direction: 'asc' }])}
        >
          Add sort
        </Button>
      </Group>
    </Stack>
  );
}
