import { formatDate, toDayjs, userDateFormat, type DateInput } from './date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Relative time with the exact thresholds of spec 1 §9: under 5 minutes 'Just Now'; under an
 * hour 'N mins ago'; under 12 hours 'N hours ago'; under 24 hours 'Today'; under 48 hours
 * 'Yesterday'; after that the date with a 12-hour time. A time up to 5 minutes in the future
 * (clock skew) is also 'Just Now'; further in the future shows the date.
 */
export function formatRelativeTime(
  value: DateInput,
  now: Date | number = Date.now(),
  format?: string,
): string {
  const then = toDayjs(value);
  if (!then) return '';
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - then.valueOf();

  if (elapsed > -5 * MINUTE && elapsed < 5 * MINUTE) return 'Just Now';
  if (elapsed > 0) {
    if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'min');
    if (elapsed < 12 * HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
    if (elapsed < 24 * HOUR) return 'Today';
    if (elapsed < 48 * HOUR) return 'Yesterday';
  }
  return formatDate(then.toDate(), `${format ?? userDateFormat()} hh:mm A`);
}
