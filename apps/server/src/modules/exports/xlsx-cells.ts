import { offsetMinutesAt, type TZone } from '@esigns/contracts/dates';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import type { ExportRecord } from '../entity-data';
import { textOf } from './cell-values';
import type { ExportColumn, RowContext } from './columns';
import { columnLetters, xmlText } from './xlsx-parts';

/*
 * A record as one worksheet row of XML, with the values `cellOf` would give (cell-values.ts), but
 * written straight as text: one converter per column made once per sheet (value getter, kind,
 * style and column letters fixed), no cell objects. Empty values are no cell. Dates are Excel
 * serial days (as exceljs writes them: 25569 + ms / 86,400,000), date-times the zone's wall clock.
 */

/** A record's cell; `ref` is the row number as text. */
type CellWriter = (row: ExportRecord, context: RowContext, ref: string) => string;
/** A record and its 1-based row number as `<row>` XML. */
export type RowWriter = (row: ExportRecord, context: RowContext, rowNumber: number) => string;

/**
 * A number as text, as `String(n)` writes it (JSON writes finite numbers so), without V8's
 * number-to-string cache: the cache is an old-generation table, so the texts of the last ~30,000
 * numbers converted stay alive through it; with a few numbers per record, each lived past two
 * scavenges and was promoted (~120 bytes per record of old generation freed only by a full
 * collection; bench/export).
 */
const numberText = (n: number): string => JSON.stringify(n);

const DAY_MS = 86_400_000;
const EPOCH_SERIAL = 25_569;
const HOUR_MS = 3_600_000;
/** Excel keeps at most this many characters in a cell. */
const MAX_CELL_TEXT = 32_767;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The zone's offset in minutes at a moment, remembered per UTC hour: an hour whose first and last
 * second have the same offset has it throughout (zones change at most once an hour), one that
 * straddles a change is asked per moment.
 */
export function zoneOffsets(zone: TZone): (ms: number) => number {
  if (typeof zone !== 'string') return () => zone.offsetMinutes;
  const hours = new Map<number, number | null>();
  return (ms) => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = hours.get(hour);
    if (offset === undefined) {
      const first = offsetMinutesAt(new Date(hour * HOUR_MS), zone);
      const last = offsetMinutesAt(new Date(hour * HOUR_MS + HOUR_MS - 1000), zone);
      offset = first === last ? first : null;
      if (hours.size > 100_000) hours.clear();
      hours.set(hour, offset);
    }
    return offset ?? offsetMinutesAt(new Date(ms), zone);
  };
}

function valueGetter(column: ExportColumn): (row: ExportRecord) => unknown {
  switch (column.system) {
    case 'created_at':
      return (row) => row.createdAt;
    case 'updated_at':
      return (row) => row.updatedAt;
    case 'created_by':
      return (row) => row.createdBy;
    case 'title':
      return (row) => row.title;
    default: {
      const templateId = column.templateId!;
      const key = column.field!.key;
      return (row) => (row.values as Record<string, Record<string, unknown> | undefined>)[templateId]?.[key];
    }
  }
}

/** An inline string cell (nothing when the text is empty). */
function textCell(open: string, text: string): string {
  if (text === '') return '';
  const clipped = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
  return `${open} t="inlineStr"><is><t xml:space="preserve">${xmlText(clipped)}</t></is></c>`;
}

/** The wall clock of a moment as an Excel serial (whole seconds, as `wallClock`), or null. */
function wallSerial(value: unknown, offsetAt: (ms: number) => number): number | null {
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return null;
  const seconds = Math.floor(ms / 1000) * 1000;
  return (seconds + offsetAt(seconds) * 60_000) / DAY_MS + EPOCH_SERIAL;
}

/** Field types `valueText` prints by their own rule; any other type prints a text value as it is. */
const OWN_TEXT_RULE = new Set([
  'CURRENCY',
  'NUMBER',
  'FORMULA',
  'AGGREGATE',
  'PERCENTAGE',
  'DATE',
  'DATE_TIME',
  'YES_OR_NO',
  'CHECKBOX',
  'SELECT',
  'RADIO',
  'MULTI_SELECT',
  'FILE',
  'IMAGE',
  'DATA_TABLE',
  'LOCATION',
  'SIGNATURE',
  'ENTITY',
  'RICH_TEXT',
]);

/**
 * `textOf` of a field's values, with the common cases answered without it (the same text): a
 * plain text value as it is, choices by a label table made once (`optionLabel`'s first match).
 */
export function fieldText(field: TValueField): (value: unknown, context: RowContext) => string {
  const options = (field as { options?: readonly { value: string; label?: string }[] }).options ?? [];
  const labels = new Map<string, string>();
  for (const o of options) if (!labels.has(o.value)) labels.set(o.value, o.label || o.value);
  const label = (v: unknown) => labels.get(String(v)) ?? String(v);
  if (!OWN_TEXT_RULE.has(field.type))
    return (value, context) => (typeof value === 'string' ? value : textOf(field, value, context));
  if (field.type === 'SELECT' || field.type === 'RADIO') return (value) => label(value);
  if (field.type === 'MULTI_SELECT')
    return (value, context) =>
      Array.isArray(value) ? value.map(label).join(', ') : textOf(field, value, context);
  return (value, context) => textOf(field, value, context);
}

/** The converter of one column: its value, typed by its kind, as a `<c>` element ('' when empty). */
function cellWriter(
  column: ExportColumn,
  index: number,
  style: number,
  offsetAt: (ms: number) => number,
): CellWriter {
  const get = valueGetter(column);
  const letters = columnLetters(index);
  const s = style ? ` s="${style}"` : '';
  const open = (ref: string) => `<c r="${letters}${ref}"${s}`;
  const field = column.field;
  const text = field ? fieldText(field) : null;
  const asText = (value: unknown, context: RowContext, ref: string) =>
    text ? textCell(open(ref), text(value, context)) : '';
  const number = (v: number, ref: string) => `${open(ref)}><v>${numberText(v)}</v></c>`;
  switch (column.kind) {
    case 'number':
    case 'currency':
    case 'percent': {
      const scale = column.kind === 'percent' ? 100 : 1;
      return (row, context, ref) => {
        const value = get(row);
        if (value === null || value === undefined || value === '') return '';
        if (typeof value === 'number' && Number.isFinite(value)) return number(value / scale, ref);
        return asText(value, context, ref);
      };
    }
    case 'boolean':
      return (row, context, ref) => {
        const value = get(row);
        if (value === null || value === undefined || value === '') return '';
        if (typeof value === 'boolean') return `${open(ref)} t="b"><v>${value ? 1 : 0}</v></c>`;
        return asText(value, context, ref);
      };
    case 'date':
      return (row, context, ref) => {
        const value = get(row);
        if (value === null || value === undefined || value === '') return '';
        const day = typeof value === 'string' ? ISO_DAY.exec(value) : null;
        if (!day) return asText(value, context, ref);
        const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
        return number(ms / DAY_MS + EPOCH_SERIAL, ref);
      };
    case 'datetime':
      return (row, context, ref) => {
        const value = get(row);
        if (value === null || value === undefined || value === '') return '';
        // A field's value is ISO text; Created and Updated are Dates.
        const serial = field && typeof value !== 'string' ? null : wallSerial(value, offsetAt);
        return serial === null ? asText(value, context, ref) : number(serial, ref);
      };
    default:
      if (column.system === 'created_by')
        return (row, context, ref) => {
          const id = get(row);
          return typeof id === 'string' ? textCell(open(ref), context.people.get(id) ?? '') : '';
        };
      if (column.system === 'title')
        return (row, _context, ref) => {
          const title = get(row);
          return typeof title === 'string' ? textCell(open(ref), title) : '';
        };
      return (row, context, ref) => {
        const value = get(row);
        if (value === null || value === undefined || value === '') return '';
        return asText(value, context, ref);
      };
  }
}

/** The writer of a sheet's rows: a record and its 1-based row number as `<row>` XML. */
export function rowWriter(
  columns: readonly ExportColumn[],
  styleOf: (numFmt: string | undefined) => number,
  zone: TZone,
): RowWriter {
  const offsetAt = zoneOffsets(zone);
  const cells = columns.map((column, at) => cellWriter(column, at, styleOf(column.numFmt), offsetAt));
  return (row, context, n) => {
    const ref = numberText(n);
    let xml = `<row r="${ref}">`;
    for (const cell of cells) xml += cell(row, context, ref);
    return `${xml}</row>`;
  };
}
