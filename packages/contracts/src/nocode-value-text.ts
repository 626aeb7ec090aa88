import { DEFAULT_DATE_FORMAT, formatDateIn } from './dates';
import type { TFormFieldType } from './nocode-field-types';

/*
 * A record value as plain text: grid cells, tooltips, printed records, notification bodies.
 * The browser and the server print values the same way (the browser passes its own date
 * formatting; the server formats dates with `formatIsoDate`).
 */

/** What the text of a value depends on: the field's type and, for choices, its options. */
export type TValueTextField = {
  type: TFormFieldType;
  options?: readonly { value: string; label?: string | undefined }[] | undefined;
};

export type TValueTextOptions = {
  /** A `YYYY-MM-DD` (or ISO) date as the reader wants it; default: as stored. */
  formatDate?: (value: string) => string;
  /** An ISO date-time as the reader wants it; default: the spec's MM-DD-YYYY HH:mm in UTC, named. */
  formatDateTime?: (value: string) => string;
  /** Titles of linked records by id (ENTITY fields); unknown ids print as they are. */
  linkedTitles?: Readonly<Record<string, string>>;
};

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });

/** The label of a chosen option (its value when it has none or is not an option any more). */
export const optionLabel = (field: TValueTextField, value: string): string =>
  field.options?.find((o) => o.value === value)?.label || value;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Plain text of a value; '' for an empty one. */
export function valueText(field: TValueTextField, value: unknown, options: TValueTextOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'CURRENCY':
      return typeof value === 'number' ? inr.format(value) : String(value);
    case 'NUMBER':
    case 'FORMULA':
    case 'AGGREGATE':
      return typeof value === 'number' ? number.format(value) : String(value);
    case 'PERCENTAGE':
      return typeof value === 'number' ? `${number.format(value)}%` : String(value);
    case 'DATE':
      return typeof value === 'string' ? (options.formatDate?.(value) ?? value) : '';
    case 'DATE_TIME':
      return typeof value === 'string'
        ? (options.formatDateTime?.(value) ??
            (formatDateIn(value, { format: `${DEFAULT_DATE_FORMAT} HH:mm`, zone: 'UTC', withZone: true }) ||
              value))
        : '';
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return value === true ? 'Yes' : value === false ? 'No' : '';
    case 'SELECT':
    case 'RADIO':
      return optionLabel(field, String(value));
    case 'MULTI_SELECT':
      return Array.isArray(value) ? value.map((v) => optionLabel(field, String(v))).join(', ') : '';
    case 'FILE':
    case 'IMAGE':
      return Array.isArray(value) ? plural(value.length, 'file') : '';
    case 'DATA_TABLE':
      return Array.isArray(value) ? plural(value.length, 'row') : '';
    case 'LOCATION':
      return typeof value === 'object' && 'address' in value
        ? String((value as { address?: string }).address ?? '')
        : 'Location';
    case 'SIGNATURE':
      return 'Signed';
    case 'ENTITY': {
      const ids = Array.isArray(value) ? value : [value];
      return ids.map((id) => options.linkedTitles?.[String(id)] ?? String(id)).join(', ');
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A `YYYY-MM-DD...` date in one of the application's date formats (`DATE_FORMATS` of settings:
 * tokens YYYY, MMM, MM, DD); text that does not start with a date is answered as it is.
 */
export function formatIsoDate(value: string, format: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return format.replace(/YYYY|MMM|MM|DD/g, (token) =>
    token === 'YYYY'
      ? year
      : token === 'MMM'
        ? (MONTHS[Number(month) - 1] ?? month)
        : token === 'MM'
          ? month
          : day,
  );
}
