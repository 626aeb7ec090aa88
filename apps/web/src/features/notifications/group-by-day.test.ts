import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day';

describe('groupByDay', () => {
  const now = new Date(2025, 5, 10, 15, 0);
  const at = (day: number, hour: number) => ({ created_at: new Date(2025, 5, day, hour).toISOString() });

  it('labels today, yesterday, then dates, keeping the order', () => {
    const items = [at(10, 14), at(10, 1), at(9, 23), at(3, 8)];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['06-03-2025', 1],
    ]);
    expect(groups[0]!.items[0]).toBe(items[0]);
  });

  it('answers no groups for no items', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
