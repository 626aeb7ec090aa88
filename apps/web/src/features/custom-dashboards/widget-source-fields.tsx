import { Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFilterGroupInput } from '@esigns/contracts/nocode-filters';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { ENTITY_VIEW_KEYS, fetchEntityChoices, type TTemplateField } from '../entity-views/entity-views-api';
import { FilterBuilder, fieldSelectData } from '../entity-views/filter-builder';
import { fetchSavedFilters } from './custom-dashboards-api';
import type { CalendarWidget, ChartWidget, StatWidget } from './widget-data';

type SourceWidget = StatWidget | ChartWidget | CalendarWidget;

export const NUMBER_TYPES: readonly TFormFieldType[] = ['NUMBER', 'CURRENCY', 'PERCENTAGE'];
export const DATE_TYPES: readonly TFormFieldType[] = ['DATE', 'DATE_TIME'];
/** Values that cannot be grouped on (files, drawings, tables, long texts). */
const UNGROUPABLE: readonly TFormFieldType[] = [
  'FILE',
  'IMAGE',
  'SIGNATURE',
  'DATA_TABLE',
  'LOCATION',
  'RICH_TEXT',
  'MULTI_LINE_TEXT',
  'PAY_BUTTON',
];

export const numberFields = (fields: readonly TTemplateField[]) =>
  fields.filter((f) => NUMBER_TYPES.includes(f.type));
export const dateFields = (fields: readonly TTemplateField[]) =>
  fields.filter((f) => DATE_TYPES.includes(f.type));
export const groupableFields = (fields: readonly TTemplateField[]) =>
  fields.filter((f) => !UNGROUPABLE.includes(f.type) && f.ref !== 'title');

/** A field picker over some of the entity's fields, grouped by template. */
export function FieldSelect({
  label,
  fields,
  value,
  onChange,
  error,
  clearable = false,
}: {
  label: string;
  fields: readonly TTemplateField[];
  value: string | null | undefined;
  onChange: (ref: string | null) => void;
  error?: string | undefined;
  clearable?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder={fields.length === 0 ? 'No field of this kind' : 'Choose a field'}
      data={fieldSelectData(fields)}
      value={value || null}
      onChange={onChange}
      error={error}
      searchable
      clearable={clearable}
      nothingFoundMessage="No such field"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Which records a widget reads: the entity, a saved filter, conditions (the entity views' filter
 * builder) and whether the viewer's global filters narrow it too.
 */
export function WidgetSourceFields<W extends SourceWidget>({
  widget,
  onChange,
  errors,
}: {
  widget: W;
  onChange: (next: W) => void;
  errors: Record<string, string>;
}) {
  const entities = useQuery({
    queryKey: ENTITY_VIEW_KEYS.entities,
    queryFn: ({ signal }) => fetchEntityChoices(signal),
  });
  const filters = useQuery({
    queryKey: ['custom-dashboards', 'saved-filters', widget.entity_id],
    queryFn: ({ signal }) => fetchSavedFilters(widget.entity_id, signal),
    enabled: Boolean(widget.entity_id),
  });
  const conditions: TFilterGroupInput = widget.filters ?? { match: 'ALL', rules: [] };
  return (
    <Stack gap="sm">
      <Select
        label="Entity"
        required
        placeholder="Choose an entity"
        data={(entities.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
        value={widget.entity_id || null}
        onChange={(id) =>
          // Another entity's fields mean nothing here: the field choices start again.
          onChange({ ...resetFields(widget), entity_id: id ?? '', filter_id: null, filters: null })
        }
        error={errors.entity_id}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {widget.entity_id && (
        <>
          <Select
            label="Saved filter"
            placeholder="All records"
            data={(filters.data ?? []).map((f) => ({ value: f._id, label: f.filter_name }))}
            value={widget.filter_id ?? null}
            onChange={(id) => onChange({ ...widget, filter_id: id })}
            error={errors.filter_id}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Conditions
            </Text>
            <FilterBuilder
              entityId={widget.entity_id}
              value={conditions}
              onChange={(next) => onChange({ ...widget, filters: next as W['filters'] })}
              errors={errors}
              errorPrefix="filters"
            />
          </Stack>
          <Switch
            label="Also apply the viewer's global filters"
            checked={widget.apply_global_filters}
            onChange={(e) => onChange({ ...widget, apply_global_filters: e.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

/** The widget without its field choices (after the entity changed). */
function resetFields<W extends SourceWidget>(widget: W): W {
  switch (widget.type) {
    case 'STAT':
      return { ...widget, value_field: null, metric: 'COUNT' };
    case 'CHART':
      return { ...widget, group_by: '', value_field: null, metric: 'COUNT', date_bucket: null };
    case 'CALENDAR':
      return { ...widget, date_field: '' };
  }
  return widget;
}
