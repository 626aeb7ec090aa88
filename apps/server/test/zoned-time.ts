/**
 * `YYYY-MM-DD HH:mm` of an instant in an IANA zone, built with Intl alone: tests compare the shared
 * date formatter's output against it (ARCHITECTURE.md "Dates").
 */
export function isoMinuteIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
