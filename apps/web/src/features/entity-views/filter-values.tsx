import { Group, MultiSelect, NumberInput, Select, TagsInput, Text, TextInput } from '@mantine/core';
import {
  FILTER_OPERATOR_LABELS,
  filterKindOf,
  operatorsFor,
  type TFilterKind,
} from '@esigns/contracts/entity-filters';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import {
  LIST_FILTER_OPERATORS,
  VALUELESS_FILTER_OPERATORS,
  type TFilterOperator,
} from '@esigns/contracts/nocode-filters';
import { DateField } from '../../shared/ui/date-field';
import { DateTimeField, TimeField } from '../../shared/ui/date-time-field';
import type { TTemplateField } from './entity-views-api';
import { formatCell } from './record-cells';

/*
 * The value part of a filter rule, shaped by the field's kind and the operator: numbers, dates,
 * yes/no, options of choice fields, lists for IN / NOT IN, two bounds for BETWEEN.
 */

type Scalar = string | number | boolean;
export type RuleValue = Scalar | Scalar[] | null | undefined;

/** Columns every record has, offered before the template fields. */
export const SYSTEM_FIELDS: TTemplateField[] = [
  { ref: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', template_name: 'Record' },
  { ref: 'created_at', label: 'Created at', type: 'DATE_TIME', template_name: 'Record' },
  { ref: 'updated_at', label: 'Updated at', type: 'DATE_TIME', template_name: 'Record' },
];

/** Types whose values are files, drawings or tables: only "is empty" and "is not empty" apply. */
const EMPTY_ONLY: ReadonlySet<TFormFieldType> = new Set([
  'FILE',
  'IMAGE',
  'SIGNATURE',
  'DATA_TABLE',
  'LOCATION',
  'PAY_BUTTON',
]);

export function kindOfField(field: Pick<TTemplateField, 'type' | 'ref'> | undefined): TFilterKind {
  if (!field) return 'text';
  return filterKindOf(field.ref === 'created_at' || field.ref === 'updated_at' ? field.ref : field.type);
}

/** The operators a field accepts, as a picker lists them. */
export function operatorsForField(field: TTemplateField | undefined): TFilterOperator[] {
  if (field && EMPTY_ONLY.has(field.type)) return ['IS_EMPTY', 'IS_NOT_EMPTY'];
  return operatorsFor(kindOfField(field));
}

export const operatorOptions = (field: TTemplateField | undefined) =>
  operatorsForField(field).map((op) => ({ value: op, label: FILTER_OPERATOR_LABELS[op] }));

/** A value fitting the operator, kept from the previous one when it still fits. */
export function valueFor(operator: TFilterOperator, previous: RuleValue): RuleValue {
  if (VALUELESS_FILTER_OPERATORS.includes(operator)) return undefined;
  const isList = LIST_FILTER_OPERATORS.includes(operator);
  if (operator === 'BETWEEN') return Array.isArray(previous) ? previous.slice(0, 2) : ['', ''];
  if (isList)
    return Array.isArray(previous) ? previous : previous === undefined || previous === null ? [] : [previous];
  return Array.isArray(previous) ? previous[0] : previous;
}

/** How a rule's value reads: "Available", "1 – 5", "Pool, Gym". */
export function formatRuleValue(
  field: TTemplateField | undefined,
  value: RuleValue,
  operator: TFilterOperator,
) {
  if (VALUELESS_FILTER_OPERATORS.includes(operator)) return '';
  const one = (v: Scalar) => formatCell(v, field) || String(v);
  if (Array.isArray(value)) return value.map(one).join(operator === 'BETWEEN' ? ' – ' : ', ');
  return value === undefined || value === null ? '' : one(value);
}

type ScalarInputProps = {
  field: TTemplateField | undefined;
  value: Scalar | undefined;
  onChange: (value: Scalar | undefined) => void;
  label: string;
  error?: string | undefined;
};

const optionData = (field: TTemplateField | undefined) =>
  (field?.options ?? []).map((o) => ({ value: o.value, label: o.label || o.value }));

function ScalarInput({ field, value, onChange, label, error }: ScalarInputProps) {
  const kind = kindOfField(field);
  const common = { 'aria-label': label, error, size: 'sm' as const, style: { flex: 1, minWidth: 140 } };
  if (kind === 'number') {
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
        onChange={(v) => onChange(v === '' ? undefined : v)}
        placeholder="Number"
        thousandSeparator=","
      />
    );
  }
  if (kind === 'boolean') {
    return (
      <Select
        {...common}
        data={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        value={value === undefined ? null : String(value)}
        onChange={(v) => onChange(v === null ? undefined : v === 'true')}
        placeholder="Yes or no"
      />
    );
  }
  if ((kind === 'choice' || kind === 'list') && field?.options?.length) {
    return (
      <Select
        {...common}
        data={optionData(field)}
        value={value === undefined ? null : String(value)}
        onChange={(v) => onChange(v ?? undefined)}
        placeholder="Choose"
        searchable
      />
    );
  }
  const textValue = value === undefined ? '' : String(value);
  // Dates in the user's format (ARCHITECTURE.md "Dates"); values as before: YYYY-MM-DD, a
  // YYYY-MM-DDTHH:mm wall-clock time, HH:mm.
  if (kind === 'datetime') return <DateTimeField {...common} value={textValue} onChange={onChange} />;
  if (kind === 'date' && field?.type === 'TIME') {
    return <TimeField {...common} value={textValue} onChange={onChange} />;
  }
  if (kind === 'date') return <DateField {...common} value={textValue} onChange={onChange} />;
  return (
    <TextInput
      {...common}
      value={textValue}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder="Value"
    />
  );
}

export type RuleValueInputProps = {
  field: TTemplateField | undefined;
  operator: TFilterOperator;
  value: RuleValue;
  onChange: (value: RuleValue) => void;
  label: string;
  error?: string | undefined;
};

/** The value editor of one rule; nothing for "is empty" / "is not empty". */
export function RuleValueInput({ field, operator, value, onChange, label, error }: RuleValueInputProps) {
  if (VALUELESS_FILTER_OPERATORS.includes(operator)) return null;
  const list = Array.isArray(value) ? value : [];
  if (operator === 'BETWEEN') {
    const set = (index: number, v: Scalar | undefined) => {
      const next = [list[0] ?? '', list[1] ?? ''];
      next[index] = v ?? '';
      onChange(next);
    };
    return (
      <Group gap={6} wrap="nowrap" style={{ flex: 1 }} align="flex-start">
        <ScalarInput
          field={field}
          value={list[0]}
          onChange={(v) => set(0, v)}
          label={`${label} from`}
          error={error}
        />
        <Text size="sm" c="dimmed" mt={6}>
          and
        </Text>
        <ScalarInput field={field} value={list[1]} onChange={(v) => set(1, v)} label={`${label} to`} />
      </Group>
    );
  }
  if (LIST_FILTER_OPERATORS.includes(operator)) {
    const kind = kindOfField(field);
    const strings = list.map(String);
    const toValues = (items: string[]): Scalar[] =>
      kind === 'number'
        ? items.map(Number).filter(Number.isFinite)
        : kind === 'boolean'
          ? items.map((s) => s === 'true')
          : items;
    const common = { 'aria-label': label, error, size: 'sm' as const, style: { flex: 1, minWidth: 160 } };
    return field?.options?.length ? (
      <MultiSelect
        {...common}
        data={optionData(field)}
        value={strings}
        onChange={(items) => onChange(toValues(items))}
        placeholder="Choose values"
        searchable
      />
    ) : (
      <TagsInput
        {...common}
        value={strings}
        onChange={(items) => onChange(toValues(items))}
        placeholder="Type a value, press Enter"
      />
    );
  }
  return (
    <ScalarInput
      field={field}
      value={Array.isArray(value) ? value[0] : (value ?? undefined)}
      onChange={onChange}
      label={label}
      error={error}
    />
  );
}
