import { useState, type KeyboardEvent } from 'react';
import { Badge, Checkbox, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { optionLabel, valueText } from '@esigns/contracts/nocode-value-text';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { DateField } from '../../shared/ui/date-field';
import type { TemplateField } from './entities-api';
import { linkedIds } from './record-picker';

/*
 * How a value shows in a grid cell, and the small editors of inline editing. Types without a
 * compact editor (files, tables, signatures...) are edited in the record drawer or page.
 */

/** Plain text of a value (exports, titles, tooltips): the shared `valueText`, dates as the user reads them. */
export function displayText(field: TemplateField, value: unknown): string {
  return valueText(field, value, {
    formatDate: (v) => formatDate(v),
    formatDateTime: (v) => formatDateTime(v),
  });
}

export function CellValue({
  field,
  value,
  linkTitle,
  inline = false,
}: {
  field: TemplateField;
  value: unknown;
  linkTitle?: (id: string) => string;
  /** In running text (a record page), numbers are not right-aligned. */
  inline?: boolean;
}) {
  if (field.type === 'MULTI_SELECT' && Array.isArray(value)) {
    return (
      <Group gap={4} wrap="nowrap">
        {value.map((v) => (
          <Badge key={String(v)} size="sm" variant="light" tt="none">
            {optionLabel(field, String(v))}
          </Badge>
        ))}
      </Group>
    );
  }
  if ((field.type === 'SELECT' || field.type === 'RADIO') && typeof value === 'string' && value) {
    return (
      <Badge size="sm" variant="light" tt="none">
        {optionLabel(field, value)}
      </Badge>
    );
  }
  if (field.type === 'ENTITY' && value) {
    const ids = linkedIds(value);
    const titles = ids.map((id) => linkTitle?.(id) ?? id.slice(0, 8));
    if (titles.length < 2)
      return (
        <Text size="sm" truncate>
          {titles.join(', ')}
        </Text>
      );
    // Several linked records (allow_multiple): every title, the whole list on hover when cut.
    return (
      <Group
        gap={4}
        wrap={inline ? 'wrap' : 'nowrap'}
        title={titles.join(', ')}
        style={{ overflow: 'hidden' }}
      >
        {titles.map((title, index) => (
          <Badge key={ids[index]} size="sm" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            {title}
          </Badge>
        ))}
      </Group>
    );
  }
  const numeric = ['NUMBER', 'CURRENCY', 'PERCENTAGE', 'FORMULA', 'AGGREGATE'].includes(field.type);
  return (
    <Text size="sm" truncate ta={numeric && !inline ? 'right' : undefined} w="100%">
      {displayText(field, value)}
    </Text>
  );
}

const EDITABLE: readonly TFormFieldType[] = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'DATE',
  'YES_OR_NO',
  'CHECKBOX',
  'SELECT',
  'RADIO',
];

export const isInlineEditable = (field: TemplateField): boolean => EDITABLE.includes(field.type);

/** The inline editor of one cell: Enter or leaving the cell saves, Escape cancels. */
export function CellEditor({
  field,
  value,
  onSave,
  onCancel,
}: {
  field: TemplateField;
  value: unknown;
  onSave: (value: unknown) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<unknown>(value ?? '');
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onSave(draft);
    if (event.key === 'Escape') onCancel();
  };
  const common = { size: 'xs' as const, autoFocus: true, onKeyDown: keys, 'aria-label': field.label };
  switch (field.type) {
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE':
      return (
        <NumberInput
          {...common}
          value={typeof draft === 'number' ? draft : String(draft)}
          onChange={(v) => setDraft(v === '' ? null : v)}
          onBlur={() => onSave(draft)}
          thousandSeparator=","
          hideControls
        />
      );
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return (
        <Checkbox
          aria-label={field.label}
          autoFocus
          checked={draft === true}
          onChange={(event) => onSave(event.currentTarget.checked)}
        />
      );
    case 'SELECT':
    case 'RADIO':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label || o.value }))}
          value={typeof draft === 'string' && draft ? draft : null}
          onChange={(v) => onSave(v)}
          onBlur={onCancel}
          clearable={!field.required}
          defaultDropdownOpened
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'DATE':
      // The user's date format (ARCHITECTURE.md "Dates"); the value stays YYYY-MM-DD. A picked or
      // fully typed day saves at once (the calendar keeps the focus in the input); a cleared one on
      // Enter or leaving the cell.
      return (
        <DateField
          {...common}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(day) => {
            setDraft(day);
            if (day) onSave(day);
          }}
          onBlur={() => onSave(draft)}
          popoverProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof draft === 'string' ? draft : String(draft ?? '')}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={() => onSave(draft)}
        />
      );
  }
}
