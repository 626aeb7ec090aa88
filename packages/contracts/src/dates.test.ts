import { describe, expect, it } from 'vitest';
import {
  formatDateIn,
  formatDateTimeIn,
  isTimeZone,
  offsetLabel,
  zoneFromUserTimezoneHeader,
  zoneLabel,
} from './dates';

// 2026-12-28 20:30 UTC: already Dec 29 in India (UTC+05:30), still Dec 28 in New York.
const LATE_EVENING_UTC = new Date('2026-12-28T20:30:15Z');

describe('formatDateIn', () => {
  it.each([
    ['MM-DD-YYYY', '12-28-2026'],
    ['DD-MM-YYYY', '28-12-2026'],
    ['YYYY-MM-DD', '2026-12-28'],
    ['DD/MM/YYYY', '28/12/2026'],
    ['MM/DD/YYYY', '12/28/2026'],
    ['DD MMM YYYY', '28 Dec 2026'],
  ])('writes %s', (format, expected) => {
    expect(formatDateIn(LATE_EVENING_UTC, { format, zone: 'UTC' })).toBe(expected);
  });

  it('defaults to the spec format MM-DD-YYYY in UTC', () => {
    expect(formatDateIn('2026-12-28T10:00:00Z')).toBe('12-28-2026');
  });

  it('reads the date on the wall clock of the zone: another day in another zone', () => {
    expect(formatDateIn(LATE_EVENING_UTC, { zone: 'Asia/Kolkata' })).toBe('12-29-2026');
    expect(formatDateIn(LATE_EVENING_UTC, { zone: { offsetMinutes: 330 } })).toBe('12-29-2026');
    expect(formatDateIn(LATE_EVENING_UTC, { zone: 'America/New_York' })).toBe('12-28-2026');
    expect(formatDateIn(new Date('2026-12-29T03:00:00Z'), { zone: { offsetMinutes: -480 } })).toBe(
      '12-28-2026',
    );
  });

  it('names the zone when asked: fixed offsets and IANA zones with their offset that day', () => {
    expect(formatDateIn(LATE_EVENING_UTC, { zone: { offsetMinutes: 330 }, withZone: true })).toBe(
      '12-29-2026 (UTC+05:30)',
    );
    expect(formatDateIn(LATE_EVENING_UTC, { zone: 'Asia/Kolkata', withZone: true })).toBe(
      '12-29-2026 (Asia/Kolkata, UTC+05:30)',
    );
    expect(formatDateIn(LATE_EVENING_UTC, { zone: 'UTC', withZone: true })).toBe('12-28-2026 (UTC)');
    // Daylight saving time: New York is UTC-04:00 in July, UTC-05:00 in December.
    expect(zoneLabel(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      'America/New_York, UTC-04:00',
    );
    expect(zoneLabel(LATE_EVENING_UTC, 'America/New_York')).toBe('America/New_York, UTC-05:00');
  });

  it('writes the time with the date, in 24 hours', () => {
    expect(formatDateTimeIn(LATE_EVENING_UTC, { format: 'DD-MM-YYYY', zone: { offsetMinutes: 330 } })).toBe(
      '29-12-2026 02:00:15',
    );
    expect(formatDateIn(LATE_EVENING_UTC, { format: 'hh:mm A', zone: 'UTC' })).toBe('08:30 PM');
  });

  it('gives an empty text for empty or invalid input', () => {
    expect(formatDateIn(null)).toBe('');
    expect(formatDateIn('')).toBe('');
    expect(formatDateIn('not a date')).toBe('');
  });
});

describe('zones', () => {
  it('reads the usertimezone header (UTC minus local) as a fixed offset', () => {
    expect(zoneFromUserTimezoneHeader('-330')).toEqual({ offsetMinutes: 330 });
    expect(zoneFromUserTimezoneHeader(480)).toEqual({ offsetMinutes: -480 });
    expect(zoneFromUserTimezoneHeader('0')).toBe('UTC');
    expect(zoneFromUserTimezoneHeader('Asia/Kolkata')).toBe('UTC');
    expect(zoneFromUserTimezoneHeader('1000')).toBe('UTC');
    expect(zoneFromUserTimezoneHeader(undefined)).toBe('UTC');
  });

  it('labels offsets and knows IANA names', () => {
    expect(offsetLabel(330)).toBe('UTC+05:30');
    expect(offsetLabel(-570)).toBe('UTC-09:30');
    expect(offsetLabel(0)).toBe('UTC');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
