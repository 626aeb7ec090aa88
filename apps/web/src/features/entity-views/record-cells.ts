import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TViewColumn } from '@esigns/contracts/entity-views';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import { formatCurrency } from '../../shared/format/currency';
import { formatDate, formatDateTime } from '../../shared/format/date';
import type { TTemplateField } from './entity-views-api';
import { countOf } from '@esigns/contracts/wording';

/** A view column with its field (undefined once the field was removed from its template). */
export type ShownColumn = TViewColumn & { field_def: TTemplateField | undefined; label: string };

const DEFAULT_COLUMNS = 6;

/** The view's columns, or the title and the first fields when it names none. */
export function shownColumns(
  columns: readonly TViewColumn[],
  fields: readonly TTemplateField[],
): ShownColumn[] {
  const chosen: TViewColumn[] =
    columns.length > 0
      ? [...columns]
      : fields
          .filter((f) => f.ref === 'title' || f.template_id)
          .slice(0, DEFAULT_COLUMNS)
          .map((f) => ({ field: f.ref, width: null }));
  return chosen.map((column) => {
    const field = fields.find((f) => f.ref === column.field);
    return { ...column, field_def: field, label: field?.label ?? column.field };
  });
}

/** The raw value of a column in a record. */
export function valueOf(record: TEntityRecord, ref: string): unknown {
  switch (ref) {
    case 'title':
      return record.title;
    case 'created_at':
      return record.created_at;
    case 'updated_at':
      return record.updated_at;
    case 'created_by':
      return record.created_by;
  }
  const parts = splitFieldRef(ref);
  return parts ? record.values[parts.templateId]?.[parts.key] : undefined;
}

const optionLabel = (field: TTemplateField | undefined, value: unknown) =>
  field?.options?.find((o) => o.value === String(value))?.label || String(value);

/** A value as a cell shows it: '' when empty. */
export function formatCell(value: unknown, field: TTemplateField | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const type = field?.type;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.map((v) => optionLabel(field, v)).join(', ');
    return countOf(value.length, type === 'DATA_TABLE' ? 'row' : 'file');
  }
  if (typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown; address?: unknown };
    return String(named.name ?? named.title ?? named.address ?? '…');
  }
  if (type === 'CURRENCY') return formatCurrency(value as number | string);
  if (type === 'PERCENTAGE') return `${String(value)} %`;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (type === 'DATE') return formatDate(String(value));
  if (type === 'DATE_TIME') return formatDateTime(String(value));
  if (type === 'SELECT' || type === 'RADIO') return optionLabel(field, value);
  return String(value);
}
