/**
 * The one date formatter of the product (ARCHITECTURE.md "Dates"): screens, mails, the sealed PDF's
 * values and the certificate of completion print a date with `formatDateIn`, in a date format of
 * the application settings and a time zone, so one instant reads the same everywhere. Plain
 * JavaScript and Intl only: it runs in the browser and on the server.
 */

/** Spec default (spec 1 §3, §9): MM-DD-YYYY; a user's application setting overrides it. */
export const DEFAULT_DATE_FORMAT = 'MM-DD-YYYY';

/**
 * A time zone: an IANA name (`Asia/Kolkata`, `UTC`) or a fixed offset east of UTC in minutes
 * (`330` for UTC+05:30). The spec's `usertimezone` header is the other way round (UTC minus
 * local, as `Date.getTimezoneOffset`): convert it with `zoneFromUserTimezoneHeader`.
 */
export type TZone = string | { offsetMinutes: number };

export type TDateStyle = {
  /** A date format of application settings (`MM-DD-YYYY`, `DD MMM YYYY`, ...). */
  format: string;
  zone: TZone;
};

export const UTC_STYLE: TDateStyle = { format: DEFAULT_DATE_FORMAT, zone: 'UTC' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    zoneFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of `date` in `zone`. */
function partsIn(date: Date, zone: TZone): Parts {
  if (typeof zone !== 'string') {
    const shifted = new Date(date.getTime() + zone.offsetMinutes * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(zone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes east of UTC of `zone` at `date` (daylight saving time included). */
export function offsetMinutesAt(date: Date, zone: TZone): number {
  if (typeof zone !== 'string') return zone.offsetMinutes;
  const p = partsIn(date, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** `UTC`, `UTC+05:30`, `UTC-08:00`. */
export function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The zone named for a reader: `UTC+05:30` for a fixed offset, `Asia/Kolkata, UTC+05:30` for an
 * IANA zone (its offset on that date), `UTC` for UTC.
 */
export function zoneLabel(date: Date, zone: TZone): string {
  const offset = offsetLabel(offsetMinutesAt(date, zone));
  if (typeof zone !== 'string' || zone === 'UTC' || zone === 'Etc/UTC') return offset;
  return `${zone}, ${offset}`;
}

/**
 * The zone of the spec's `usertimezone` header (minutes, UTC minus local: `-330` is UTC+05:30);
 * UTC when it is missing or not a whole number of minutes within ±14 hours.
 */
export function zoneFromUserTimezoneHeader(value: unknown): TZone {
  const minutes =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60) return 'UTC';
  return minutes === 0 ? 'UTC' : { offsetMinutes: -minutes };
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

const TOKENS = /YYYY|MMM|MM|DD|HH|hh|mm|ss|A/g;

function render(p: Parts, format: string): string {
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'MMM':
        return MONTHS[p.month - 1] ?? '';
      case 'MM':
        return pad(p.month);
      case 'DD':
        return pad(p.day);
      case 'HH':
        return pad(p.hour);
      case 'hh':
        return pad(p.hour % 12 === 0 ? 12 : p.hour % 12);
      case 'mm':
        return pad(p.minute);
      case 'ss':
        return pad(p.second);
      default:
        return p.hour < 12 ? 'AM' : 'PM';
    }
  });
}

/** A Date for a Date, ISO text or epoch milliseconds; null for empty or invalid input. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `date` written in `format` (tokens YYYY, MMM, MM, DD, HH, hh, mm, ss, A; anything else as it
 * is) as the wall clock of `zone` reads it. `withZone` appends the zone for readers who could
 * doubt it: `12-28-2026 (UTC+05:30)`. Empty or invalid input gives ''.
 */
export function formatDateIn(
  value: Date | string | number | null | undefined,
  style: { format?: string; zone?: TZone; withZone?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const zone = style.zone ?? 'UTC';
  const text = render(partsIn(date, zone), style.format || DEFAULT_DATE_FORMAT);
  return style.withZone ? `${text} (${zoneLabel(date, zone)})` : text;
}

/** Date and time (`HH:mm:ss` after the date format, spec 1 §9), optionally with the zone named. */
export function formatDateTimeIn(
  value: Date | string | number | null | undefined,
  style: { format?: string; zone?: TZone; withZone?: boolean } = {},
): string {
  return formatDateIn(value, { ...style, format: `${style.format || DEFAULT_DATE_FORMAT} HH:mm:ss` });
}

/**
 * A calendar date kept as `YYYY-MM-DD` (a DATE field, the date a recipient signed) written in
 * `format`: it has no zone, so it reads the same day everywhere. Other text is returned as it is.
 */
export function formatCalendarDate(value: string, format: string = DEFAULT_DATE_FORMAT): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatDateIn(`${value}T00:00:00Z`, { format, zone: 'UTC' }) || value;
}
