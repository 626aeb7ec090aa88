import { describe, expect, it } from 'vitest';
import { monthGrid, shiftMonth } from './month-grid';

describe('monthGrid', () => {
  it('covers the month in whole weeks starting on Sunday', () => {
    const may = monthGrid('2026-05-17');
    expect(may.month).toBe('2026-05-01');
    // May 1st 2026 is a Friday; May 31st a Sunday.
    expect(may.from).toBe('2026-04-26');
    expect(may.to).toBe('2026-06-06');
    expect(may.days).toHaveLength(42);
    expect(may.days).toContain('2026-05-31');
  });

  it('uses four weeks for a February that starts on a Sunday', () => {
    const feb = monthGrid('2026-02-10');
    expect(feb).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(feb.days).toHaveLength(28);
  });

  it('moves by months across years', () => {
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftMonth('2025-12-15', 1)).toBe('2026-01-01');
  });
});
