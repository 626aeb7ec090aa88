import type { ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLayoutKanban, IconTable, IconTrash } from '@tabler/icons-react';
import type { TEntity } from '@esigns/contracts/entities';
import type { TViewColumn, TViewLayout } from '@esigns/contracts/entity-views';
import type { TFilterGroupInput, TSort } from '@esigns/contracts/nocode-filters';
import type { FieldErrors } from '../../shared/api/api-error';
import { errorText } from '../../shared/ui/page-kit';
import { ColumnPicker } from './column-picker';
import { FilterBuilder, useTemplateFields } from './filter-builder';
import { SortBuilder } from './sort-builder';

/** One entity of a view as the editor holds it. */
export type EntityDraft = {
  entity_id: string;
  columns: TViewColumn[];
  filters: TFilterGroupInput;
  sort: TSort[];
  layout: TViewLayout;
  board_field: string | null;
};

export const emptyEntityDraft = (entityId = ''): EntityDraft => ({
  entity_id: entityId,
  columns: [],
  filters: { match: 'ALL', rules: [] },
  sort: [],
  layout: 'TABLE',
  board_field: null,
});

const BOARD_TYPES = new Set(['SELECT', 'RADIO']);

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Box>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {help}
        </Text>
      </Box>
      {children}
    </Stack>
  );
}

export type ViewEntityEditorProps = {
  index: number;
  value: EntityDraft;
  onChange: (next: EntityDraft) => void;
  onRemove?: (() => void) | undefined;
  /** The company's entities; those already in the view are not offered again. */
  entities: readonly TEntity[];
  takenIds: ReadonlySet<string>;
  errors: FieldErrors;
};

/** One entity of a view: which entity, its columns, filters, sorts and layout. */
export function ViewEntityEditor({
  index,
  value,
  onChange,
  onRemove,
  entities,
  takenIds,
  errors,
}: ViewEntityEditorProps) {
  const prefix = `config.entities.${index}`;
  const { fields, isLoading, error } = useTemplateFields(value.entity_id || null);
  const boardFields = (fields ?? []).filter((f) => BOARD_TYPES.has(f.type));
  const entityName = entities.find((e) => e._id === value.entity_id)?.name;
  const options = entities
    .filter((e) => e._id === value.entity_id || !takenIds.has(e._id))
    .map((e) => ({ value: e._id, label: e.name }));

  let body: ReactNode = (
    <Text size="sm" c="dimmed">
      Choose an entity to pick its columns, filters, sort and layout.
    </Text>
  );
  if (value.entity_id && isLoading) body = <Skeleton h={160} radius="sm" aria-busy="true" />;
  else if (value.entity_id && (error || !fields)) {
    body = (
      <Alert color="red" variant="light">
        {errorText(error)}
      </Alert>
    );
  } else if (fields) {
    body = (
      <Stack gap="md">
        <Section title="Columns" help="The fields the table shows, in this order.">
          <ColumnPicker
            fields={fields.filter((f) => f.template_id || value.columns.some((c) => c.field === f.ref))}
            value={value.columns}
            onChange={(columns) => onChange({ ...value, columns })}
            errors={errors}
            errorPrefix={`${prefix}.columns`}
          />
        </Section>
        <Divider />
        <Section title="Filters" help="Only records matching these rules are shown.">
          <FilterBuilder
            entityId={value.entity_id}
            fields={fields}
            value={value.filters}
            onChange={(filters) => onChange({ ...value, filters })}
            errors={errors}
            errorPrefix={`${prefix}.filters`}
          />
        </Section>
        <Divider />
        <Section title="Sort" help="The order of the records.">
          <SortBuilder
            fields={fields}
            value={value.sort}
            onChange={(sort) => onChange({ ...value, sort })}
            errors={errors}
            errorPrefix={`${prefix}.sort`}
          />
        </Section>
        <Divider />
        <Section title="Layout" help="A table, or a board with a lane per option of a select field.">
          <Group gap="sm" align="flex-start">
            <SegmentedControl
              aria-label={`Layout of ${entityName ?? 'entity'}`}
              value={value.layout}
              onChange={(layout) =>
                onChange({
                  ...value,
                  layout: layout as TViewLayout,
                  board_field: layout === 'BOARD' ? (value.board_field ?? boardFields[0]?.ref ?? null) : null,
                })
              }
              data={[
                {
                  value: 'TABLE',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconTable size={14} />
                      Table
                    </Group>
                  ),
                },
                {
                  value: 'BOARD',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconLayoutKanban size={14} />
                      Board
                    </Group>
                  ),
                },
              ]}
            />
            {value.layout === 'BOARD' && (
              <Select
                aria-label="Board lanes"
                placeholder={boardFields.length > 0 ? 'Lanes from…' : 'No select field in this entity'}
                data={boardFields.map((f) => ({ value: f.ref, label: f.label }))}
                value={value.board_field}
                onChange={(board_field) => onChange({ ...value, board_field })}
                w={220}
                error={errors[`${prefix}.board_field`]}
              />
            )}
          </Group>
        </Section>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="view-entity">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Title order={4}>{index === 0 ? 'Entity' : `Entity ${index + 1}`}</Title>
            <Select
              aria-label={`Entity ${index + 1}`}
              placeholder="Choose an entity"
              data={options}
              value={value.entity_id || null}
              onChange={(id) => onChange(emptyEntityDraft(id ?? ''))}
              searchable
              w={260}
              error={errors[`${prefix}.entity_id`]}
              nothingFoundMessage="No entity"
            />
          </Group>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              aria-label={`Remove entity ${index + 1}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
