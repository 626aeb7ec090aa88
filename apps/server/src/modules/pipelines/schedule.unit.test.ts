import { describe, expect, it } from 'vitest';
import { ZPipelineSchedule } from '@esigns/contracts/pipelines';
import { nextRunAfter } from './schedule';

const at = (iso: string) => new Date(iso);
const schedule = (input: object) => ZPipelineSchedule.parse(input);

describe('nextRunAfter', () => {
  it('every day at 09:00 in India: later today, else tomorrow', () => {
    const daily = schedule({ every: 'day', at: '09:00', timezone: 'Asia/Kolkata' });
    // 02:00 UTC is 07:30 IST: today's 09:00 IST is 03:30 UTC.
    expect(nextRunAfter(daily, at('2026-12-01T02:00:00Z')).toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(nextRunAfter(daily, at('2026-12-01T03:30:00Z')).toISOString()).toBe('2026-12-02T03:30:00.000Z');
    expect(nextRunAfter(daily, at('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T03:30:00.000Z');
  });

  it('every hour at minute 15', () => {
    const hourly = schedule({ every: 'hour', at: '00:15', timezone: 'UTC' });
    expect(nextRunAfter(hourly, at('2026-12-01T10:14:59Z')).toISOString()).toBe('2026-12-01T10:15:00.000Z');
    expect(nextRunAfter(hourly, at('2026-12-01T10:15:00Z')).toISOString()).toBe('2026-12-01T11:15:00.000Z');
    expect(nextRunAfter(hourly, at('2026-12-01T23:50:00Z')).toISOString()).toBe('2026-12-02T00:15:00.000Z');
  });

  it('every week on Monday (1) at 18:30', () => {
    const weekly = schedule({ every: 'week', weekday: 1, at: '18:30', timezone: 'UTC' });
    // 2026-12-02 is a Wednesday: next Monday is 12-07.
    expect(nextRunAfter(weekly, at('2026-12-02T12:00:00Z')).toISOString()).toBe('2026-12-07T18:30:00.000Z');
    expect(nextRunAfter(weekly, at('2026-12-07T18:00:00Z')).toISOString()).toBe('2026-12-07T18:30:00.000Z');
    expect(nextRunAfter(weekly, at('2026-12-07T18:30:00Z')).toISOString()).toBe('2026-12-14T18:30:00.000Z');
  });

  it('every month on the 28th, across the year end', () => {
    const monthly = schedule({ every: 'month', day: 28, at: '06:00', timezone: 'UTC' });
    expect(nextRunAfter(monthly, at('2026-12-28T06:00:00Z')).toISOString()).toBe('2027-01-28T06:00:00.000Z');
    expect(nextRunAfter(monthly, at('2027-02-01T00:00:00Z')).toISOString()).toBe('2027-02-28T06:00:00.000Z');
  });

  it('follows daylight saving time: 09:00 in New York is 14:00 UTC in winter, 13:00 in summer', () => {
    const daily = schedule({ every: 'day', at: '09:00', timezone: 'America/New_York' });
    expect(nextRunAfter(daily, at('2026-01-10T00:00:00Z')).toISOString()).toBe('2026-01-10T14:00:00.000Z');
    expect(nextRunAfter(daily, at('2026-07-10T00:00:00Z')).toISOString()).toBe('2026-07-10T13:00:00.000Z');
  });

  it('refuses a bad schedule', () => {
    for (const bad of [
      { every: 'minute' },
      { every: 'day', at: '25:00' },
      { every: 'month', day: 31 },
      { every: 'day', timezone: 'Mars/Olympus' },
      { every: 'week', weekday: 7 },
    ]) {
      expect(ZPipelineSchedule.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
