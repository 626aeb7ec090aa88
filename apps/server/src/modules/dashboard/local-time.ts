import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS } from '@esigns/contracts/headers';
import { validationError } from '../../platform/http/app-error';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** UTC-14:00 .. UTC+14:00: every offset in use. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * The caller's time zone from the `usertimezone` header (spec 1 §7): minutes as JavaScript's
 * `Date.getTimezoneOffset()` gives them (UTC minus local: India is -330, New York 300 or 240).
 * Absent: UTC. Present but not a whole number of minutes within 14 hours: 422.
 */
export function offsetOf(request: FastifyRequest): number {
  const raw = request.headers[AUTH_HEADERS.userTimezone];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return 0;
  const minutes = Number(value.trim());
  if (!Number.isInteger(minutes) || Math.abs(minutes) > MAX_OFFSET_MINUTES) {
    throw validationError(
      [
        {
          key: AUTH_HEADERS.userTimezone,
          message: 'Send the time zone offset in minutes (as Date.getTimezoneOffset() gives it)',
          path: [AUTH_HEADERS.userTimezone],
        },
      ],
      'The usertimezone header is not a time zone offset in minutes',
    );
  }
  return minutes;
}

/** The local day (YYYY-MM-DD) of an instant for a `usertimezone` offset. */
export function localDayOf(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() - offsetMinutes * MINUTE).toISOString().slice(0, 10);
}

/** The instant a local day starts (its local midnight), as UTC. */
export function startOfLocalDay(day: string, offsetMinutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offsetMinutes * MINUTE);
}

/** `day` moved by `by` days (YYYY-MM-DD arithmetic, no time zone involved). */
export function addDays(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY).toISOString().slice(0, 10);
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}
