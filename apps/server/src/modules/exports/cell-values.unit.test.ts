import { describe, expect, it } from 'vitest';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import { cellOf, currencySymbol, kindOf, textOf } from './cell-values';
import { csvLine } from './csv';
import { fileNameOf } from './service';
import { sheetNames } from './xlsx';

const field = (type: string, extra: Record<string, unknown> = {}) =>
  ({ key: 'f', label: 'F', type, ...extra }) as unknown as TValueField;

describe('sheet and file names', () => {
  it('drops what Excel refuses, cuts at 31 characters, keeps names unique', () => {
    expect(
      sheetNames(['Leads', 'leads', 'a/b[c]:d*e?f\\g', '', "'quoted'", 'x'.repeat(40), 'x'.repeat(40)]),
    ).toEqual([
      'Leads',
      'leads (2)',
      'a b c  d e f g',
      'Sheet',
      'quoted',
      'x'.repeat(31),
      `${'x'.repeat(27)} (2)`,
    ]);
  });
  it('names files without paths or control characters', () => {
    expect(fileNameOf('../etc/passwd', 'XLSX')).toBe('.. etc passwd.xlsx');
    expect(fileNameOf('Ventes\u0000 été', 'PDF')).toBe('Ventes été.pdf');
    expect(fileNameOf('   ', 'XLSX')).toBe('Export.xlsx');
  });
});

describe('cells', () => {
  const ctx = { zone: 'America/New_York' };
  it('types values for Excel', () => {
    expect(cellOf(field('PERCENTAGE'), kindOf(field('PERCENTAGE')), 25, ctx)).toBe(0.25);
    expect(cellOf(field('CURRENCY'), 'currency', 12.5, ctx)).toBe(12.5);
    expect(cellOf(field('DATE'), 'date', '2026-03-04', ctx)).toEqual(new Date('2026-03-04T00:00:00Z'));
    // 15:30 UTC is 10:30 in New York in March (EST, before the change on the 8th).
    expect(cellOf(field('DATE_TIME'), 'datetime', '2026-03-04T15:30:00.000Z', ctx)).toEqual(
      new Date('2026-03-04T10:30:00Z'),
    );
    expect(cellOf(field('YES_OR_NO'), 'boolean', false, ctx)).toBe(false);
    expect(cellOf(field('NUMBER'), 'number', 'n/a', ctx)).toBe('n/a');
    expect(cellOf(field('NUMBER'), 'number', null, ctx)).toBeNull();
    expect(kindOf(field('FORMULA', { result_type: 'PERCENTAGE' }))).toBe('percent');
  });
  it('writes text in the zone, currencies by their symbol, rich text without tags', () => {
    expect(textOf(field('DATE_TIME'), '2026-03-04T15:30:00.000Z', ctx)).toBe('03-04-2026 10:30:00');
    expect(textOf(field('CURRENCY', { currency: 'EUR' }), 1234.5, ctx)).toBe('€1,234.50');
    expect(textOf(field('RICH_TEXT'), '<p>a &amp; b</p><p>c</p>', ctx)).toBe('a & b\n\nc');
    expect(textOf(field('ENTITY'), ['x', 'y'], { ...ctx, linkedTitles: { x: 'Acme' } })).toBe('Acme, y');
    expect(currencySymbol('USD')).toBe('$');
  });
  it('keeps CSV cells from running as formulas', () => {
    expect(csvLine(['=1+1', 'a,b', 'plain'])).toBe(`'=1+1,"a,b",plain\r\n`);
  });
});
