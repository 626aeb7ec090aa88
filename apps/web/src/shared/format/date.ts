import dayjs from 'dayjs';
import { DEFAULT_DATE_FORMAT, formatCalendarDate, formatDateIn, type TZone } from '@esigns/contracts/dates';
import { sessionStore } from '../session/session-store';

export { DEFAULT_DATE_FORMAT };
export const TIME_FORMAT = 'HH:mm:ss';

export type DateInput = Date | string | number | null | undefined;

/** Set from the user's saved application settings once they are loaded (or saved). */
let savedDateFormat: string | null = null;

function cleanFormat(format: unknown): string | null {
  return typeof format === 'string' && format.trim() ? format.trim() : null;
}

/**
 * The format `formatDate` uses when none is passed: the user's saved application setting, set
 * here when it is loaded or saved. `null` (or a blank format) forgets it, e.g. after sign-out.
 */
export function setDefaultDateFormat(format: string | null | undefined): void {
  savedDateFormat = cleanFormat(format);
}

/**
 * The date format in force (spec 1 §3): the one set with `setDefaultDateFormat`, else the
 * signed-in user's document_settings.application_settings.date, else MM-DD-YYYY.
 */
export function getDefaultDateFormat(): string {
  return (
    savedDateFormat ??
    cleanFormat(sessionStore.getState().user?.document_settings?.application_settings?.date) ??
    DEFAULT_DATE_FORMAT
  );
}

/** The signed-in user's date format; see `getDefaultDateFormat`. */
export function userDateFormat(): string {
  return getDefaultDateFormat();
}

/** A valid dayjs for the input, or null for empty or unparseable values. */
export function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/**
 * The zone screens read dates in: the browser's, the one whose offset every call sends as
 * `usertimezone` (ARCHITECTURE.md "Dates").
 */
export function screenTimeZone(): TZone {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  return browserZone || { offsetMinutes: -new Date().getTimezoneOffset() };
}

/** The browser's IANA zone, read once (reading it builds a formatter). */
let browserZone: string | undefined;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats a date in the user's format (or `format`) and the screen's zone with the product's one
 * formatter (`@esigns/contracts/dates`); a calendar day (`YYYY-MM-DD`, e.g. a date field) reads the
 * same day everywhere. Empty or invalid input gives ''.
 */
export function formatDate(value: DateInput, format?: string): string {
  const pattern = format ?? userDateFormat();
  if (typeof value === 'string' && CALENDAR_DAY.test(value.trim())) {
    return toDayjs(value) ? formatCalendarDate(value.trim(), pattern) : '';
  }
  const parsed = toDayjs(value);
  return parsed ? formatDateIn(parsed.toDate(), { format: pattern, zone: screenTimeZone() }) : '';
}

/** Date plus ' HH:mm:ss' (spec 1 §9). */
export function formatDateTime(value: DateInput, format?: string): string {
  return formatDate(value, `${format ?? userDateFormat()} ${TIME_FORMAT}`);
}
