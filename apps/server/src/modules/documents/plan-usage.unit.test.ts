import { describe, expect, it } from 'vitest';
import { monthStartIn } from './plan-usage';

describe('monthStartIn (documents sent this month, in the company zone)', () => {
  it('starts the month at local midnight of the 1st', () => {
    // 2026-12-01 02:00 in India is still 2026-11-30 in UTC: India's month is December.
    expect(monthStartIn('Asia/Kolkata', new Date('2026-11-30T20:30:00Z')).toISOString()).toBe(
      '2026-11-30T18:30:00.000Z',
    );
    expect(monthStartIn('UTC', new Date('2026-11-30T20:30:00Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(monthStartIn({ offsetMinutes: -300 }, new Date('2026-03-15T12:00:00Z')).toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
  });

  it("uses the offset of the month's start when daylight saving time changed since", () => {
    // New York on 2026-03-20 is on EDT (UTC-4); March began on EST (UTC-5).
    expect(monthStartIn('America/New_York', new Date('2026-03-20T12:00:00Z')).toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
  });
});
