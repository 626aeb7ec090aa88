import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date(2024, 5, 15, 18, 30, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just Now'],
    [5 * MIN - 1, 'Just Now'],
    [5 * MIN, '5 mins ago'],
    [59 * MIN + 59_999, '59 mins ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [12 * HOUR - 1, '11 hours ago'],
    [12 * HOUR, 'Today'],
    [24 * HOUR - 1, 'Today'],
    [24 * HOUR, 'Yesterday'],
    [48 * HOUR - 1, 'Yesterday'],
  ])('%i ms ago -> %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('uses the date with a 12-hour time from 48 hours on', () => {
    expect(formatRelativeTime(ago(48 * HOUR), now)).toBe('06-13-2024 06:30 PM');
    expect(formatRelativeTime(new Date(2023, 0, 2, 9, 5), now)).toBe('01-02-2023 09:05 AM');
    expect(formatRelativeTime(new Date(2023, 0, 2, 0, 5), now, 'DD.MM.YYYY')).toBe('02.01.2023 12:05 AM');
  });

  it('accepts now as epoch milliseconds', () => {
    expect(formatRelativeTime(ago(10 * MIN), now.getTime())).toBe('10 mins ago');
  });

  it('treats small clock skew as Just Now and the far future as a date', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * MIN), now)).toBe('Just Now');
    expect(formatRelativeTime(new Date(now.getTime() + 3 * HOUR), now)).toBe('06-15-2024 09:30 PM');
  });

  it.each([null, undefined, '', 'garbage'])('gives an empty string for %s', (value) => {
    expect(formatRelativeTime(value, now)).toBe('');
  });
});
