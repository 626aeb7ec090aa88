import { formatDateIn, type TZone } from '@esigns/contracts/dates';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import { formatIsoDate, valueText } from '@esigns/contracts/nocode-value-text';

/*
 * Record values as text for people reading them outside the app (printed records, public links):
 * files by name, data tables row by row, dates in the reader's format, date-times also in the
 * reader's zone, named (they leave the app: ARCHITECTURE.md "Dates"), links by their titles.
 */

export type PrintOptions = {
  dateFormat: string;
  /** The zone date-times print in (named after each); UTC when not given. */
  zone?: TZone;
  linkedTitles: Readonly<Record<string, string>>;
};

const fileNames = (value: unknown): string =>
  Array.isArray(value)
    ? value
        .map((file) =>
          typeof file === 'object' && file && 'name' in file ? String((file as { name: unknown }).name) : '',
        )
        .filter(Boolean)
        .join(', ')
    : '';

/** A value as text ('' when empty). */
export function printableText(field: TValueField, value: unknown, options: PrintOptions): string {
  if (field.type === 'FILE' || field.type === 'IMAGE') return fileNames(value);
  if (field.type === 'DATA_TABLE' && 'columns' in field) {
    if (!Array.isArray(value)) return '';
    return value
      .map((row, index) => {
        const cells = field.columns
          .map((column) => {
            const text = printableText(
              column,
              (row as Record<string, unknown> | null)?.[column.key],
              options,
            );
            return text ? `${column.label}: ${text}` : '';
          })
          .filter(Boolean);
        return `${index + 1}. ${cells.join('; ')}`;
      })
      .join('\n');
  }
  return valueText(field, value, {
    formatDate: (date) => formatIsoDate(date, options.dateFormat),
    formatDateTime: (at) =>
      formatDateIn(at, {
        format: `${options.dateFormat} HH:mm`,
        zone: options.zone ?? 'UTC',
        withZone: true,
      }) || at,
    linkedTitles: options.linkedTitles,
  });
}
