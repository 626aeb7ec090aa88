import dayjs from 'dayjs';
import { sessionStore } from '../session/session-store';

export const DEFAULT_DATE_FORMAT = 'MM-DD-YYYY';
export const TIME_FORMAT = 'HH:mm:ss';

export type DateInput = Date | string | number | null | undefined;

/** The signed-in user's date format (document_settings.application_settings.date), else MM-DD-YYYY. */
export function userDateFormat(): string {
  const configured = sessionStore.getState().user?.document_settings?.application_settings?.date;
  return typeof configured === 'string' && configured.trim() ? configured.trim() : DEFAULT_DATE_FORMAT;
}

/** A valid dayjs for the input, or null for empty or unparseable values. */
export function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** Formats a date in the user's format (or `format`); empty or invalid input gives ''. */
export function formatDate(value: DateInput, format?: string): string {
  const parsed = toDayjs(value);
  return parsed ? parsed.format(format ?? userDateFormat()) : '';
}

/** Date plus ' HH:mm:ss' (spec 1 §9). */
export function formatDateTime(value: DateInput, format?: string): string {
  return formatDate(value, `${format ?? userDateFormat()} ${TIME_FORMAT}`);
}
