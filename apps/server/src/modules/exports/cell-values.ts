import {
  DEFAULT_DATE_FORMAT,
  formatCalendarDate,
  formatDateTimeIn,
  offsetMinutesAt,
  toDate,
  type TZone,
} from '@esigns/contracts/dates';
import type { TFormField, TValueField } from '@esigns/contracts/nocode-fields';
import { valueText } from '@esigns/contracts/nocode-value-text';
import { htmlToText } from '../../platform/mail/mail-layout';
import { printableText } from '../entity-data';

/*
 * The one writer of exported values (xlsx, PDF and the form submissions' CSV): a value of a field
 * as a typed spreadsheet cell (`cellOf`) or as text (`textOf`), dates and times in the caller's
 * zone. Typed cells: numbers and currency as numbers (currency with its symbol as the number
 * format), percentages as fractions (a stored 25 is 0.25 shown 25%), dates as dates, date-times as
 * the zone's wall clock (Excel has no zones: the header names it), yes/no as booleans; anything
 * else as its text (choices by label, lists joined with ", ", links by title, files by name).
 */

export type CellContext = {
  zone: TZone;
  /** Titles of linked records by id (ENTITY fields). */
  linkedTitles?: Readonly<Record<string, string>>;
};

/** A typed cell: what exceljs writes. */
export type CellValue = string | number | boolean | Date | null;

/** How a column is formatted in a workbook. */
export type CellKind = 'text' | 'number' | 'currency' | 'percent' | 'date' | 'datetime' | 'boolean';

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

type FormulaField = Extract<TFormField, { type: 'FORMULA' }>;

/** The kind of cell a field's values make. */
export function kindOf(field: TValueField): CellKind {
  switch (field.type) {
    case 'NUMBER':
    case 'AGGREGATE':
      return 'number';
    case 'CURRENCY':
      return 'currency';
    case 'PERCENTAGE':
      return 'percent';
    case 'FORMULA': {
      const result = (field as FormulaField).result_type;
      return result === 'CURRENCY' ? 'currency' : result === 'PERCENTAGE' ? 'percent' : 'number';
    }
    case 'DATE':
      return 'date';
    case 'DATE_TIME':
      return 'datetime';
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return 'boolean';
    default:
      return 'text';
  }
}

/** The currency symbol of a code as a spreadsheet shows it (`₹`, `$`, `€`; the code when none). */
export function currencySymbol(code: string | undefined): string {
  if (!code) return '';
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** The Excel number format of a column (undefined: general). */
export function numberFormatOf(field: TValueField | null, kind: CellKind): string | undefined {
  switch (kind) {
    case 'number':
      return '#,##0.##########';
    case 'currency': {
      const code = field && 'currency' in field ? (field as { currency?: string }).currency : undefined;
      const symbol = currencySymbol(code).replace(/"/g, '');
      return `"${symbol}"#,##0.00;-"${symbol}"#,##0.00`;
    }
    case 'percent':
      return '0%';
    case 'date':
      return DATE_FORMAT;
    case 'datetime':
      return DATE_TIME_FORMAT;
    default:
      return undefined;
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A moment as the wall clock of `zone` reads it, as a Date whose UTC fields are that wall clock
 * (how a spreadsheet without zones shows the zone's time).
 */
export function wallClock(value: Date | string, zone: TZone): Date | null {
  const date = toDate(value);
  if (!date) return null;
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  return new Date(seconds + offsetMinutesAt(date, zone) * 60_000);
}

/** A value as text: dates `MM-DD-YYYY`, date-times in `zone` (`MM-DD-YYYY HH:mm:ss`); '' when empty. */
export function textOf(field: TValueField, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'FILE' || field.type === 'IMAGE' || field.type === 'DATA_TABLE') {
    // Files by name, a data table row by row (as printed records show them).
    return printableText(field, value, {
      dateFormat: DEFAULT_DATE_FORMAT,
      zone: context.zone,
      linkedTitles: context.linkedTitles ?? {},
    });
  }
  if (field.type === 'RICH_TEXT' && typeof value === 'string') return htmlToText(value);
  if (field.type === 'CURRENCY' && typeof value === 'number') return moneyText(field, value);
  return valueText(field, value, {
    formatDate: (date) => formatCalendarDate(date),
    formatDateTime: (at) => formatDateTimeIn(at, { zone: context.zone }),
    ...(context.linkedTitles ? { linkedTitles: context.linkedTitles } : {}),
  });
}

/** An amount in its field's currency (`$1,234.50`). */
function moneyText(field: TValueField, value: number): string {
  const code = 'currency' in field ? (field as { currency?: string }).currency : undefined;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code || 'INR',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    return String(value);
  }
}

/** A value as a typed cell of its field's kind (text when the value does not fit the kind). */
export function cellOf(field: TValueField, kind: CellKind, value: unknown, context: CellContext): CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'number':
    case 'currency':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      break;
    case 'percent':
      if (typeof value === 'number' && Number.isFinite(value)) return value / 100;
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      break;
    case 'date': {
      const day = typeof value === 'string' ? ISO_DAY.exec(value) : null;
      if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      break;
    }
    case 'datetime': {
      const wall = typeof value === 'string' ? wallClock(value, context.zone) : null;
      if (wall) return wall;
      break;
    }
    default:
      break;
  }
  return textOf(field, value, context);
}
