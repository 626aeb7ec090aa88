import { describe, expect, it } from 'vitest';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { inferColumnType, inferFields } from './infer-fields';
import type { SampleCell } from './spreadsheet-sample';
import { STANDARD_TEMPLATES } from './standard-templates';

describe('inferColumnType', () => {
  it.each<[string, SampleCell[], Record<string, unknown>]>([
    ['Anything', [null, null], { type: 'SINGLE_LINE_TEXT' }],
    ['Active', ['Yes', 'no', 'Y', null], { type: 'YES_OR_NO' }],
    ['Active', [true, false], { type: 'YES_OR_NO' }],
    ['Flag', ['1', '0', '1'], { type: 'NUMBER', decimals: 0 }],
    ['Joined', ['2025-01-31', '31/01/2025'], { type: 'DATE' }],
    ['Joined', [new Date(Date.UTC(2025, 0, 1))], { type: 'DATE' }],
    ['Seen', [new Date(Date.UTC(2025, 0, 1, 10, 30))], { type: 'DATE_TIME' }],
    ['Seen', ['2025-01-31 10:30'], { type: 'DATE_TIME' }],
    ['Opens', ['9:30', '18:00'], { type: 'TIME' }],
    ['Mail', ['a@b.co', 'c@d.in'], { type: 'EMAIL' }],
    ['Site', ['https://a.com', 'www.b.in/x'], { type: 'URL' }],
    ['Mobile', ['98765 43210', 9876543210], { type: 'PHONE' }],
    ['Other', ['+44 20 7946 0958', '+91 98765 43210'], { type: 'PHONE' }],
    ['Numbers', ['98765 43210', '9876543211'], { type: 'SINGLE_LINE_TEXT' }],
    ['PIN code', [560001, 400001], { type: 'SINGLE_LINE_TEXT' }],
    ['Customer id', ['1001', '1002'], { type: 'SINGLE_LINE_TEXT' }],
    ['Share', ['12%', '40 %'], { type: 'PERCENTAGE', decimals: 0 }],
    ['Commission percent', [2.5, 3], { type: 'PERCENTAGE', decimals: 1 }],
    ['Score', ['120%'], { type: 'NUMBER', decimals: 0 }],
    ['Rent', [25000, 30000.5], { type: 'CURRENCY', currency: 'INR', decimals: 2 }],
    ['Cost', ['$1,200.50', '$99'], { type: 'CURRENCY', currency: 'USD', decimals: 2 }],
    ['Anything', ['₹ 1,00,000'], { type: 'CURRENCY', currency: 'INR', decimals: 0 }],
    ['Area', [1200.75, 950], { type: 'NUMBER' }],
    ['Floors', [1, 2, 30], { type: 'NUMBER', decimals: 0 }],
    ['Bio', ['x'.repeat(300)], { type: 'MULTI_LINE_TEXT', full: true }],
    ['Bio', ['line 1\nline 2'], { type: 'MULTI_LINE_TEXT', full: true }],
  ])('%s %j', (header, cells, expected) => {
    expect(inferColumnType(header, cells)).toEqual(expected);
  });

  it('makes a select of a few recurring values and keeps unique values as text', () => {
    expect(inferColumnType('City', ['Pune', 'Pune', 'Goa', 'Pune', 'Goa'])).toEqual({
      type: 'SELECT',
      options: [{ value: 'Pune' }, { value: 'Goa' }],
    });
    expect(inferColumnType('Name', ['Asha', 'Ravi', 'Meena', 'John', 'Zara'])).toEqual({
      type: 'SINGLE_LINE_TEXT',
    });
    expect(inferColumnType('City', ['Pune', 'Pune', 'Goa'])).toEqual({ type: 'SINGLE_LINE_TEXT' });
  });

  it('makes a multi select of comma lists drawn from a few words', () => {
    expect(inferColumnType('Amenities', ['Gym, Pool', 'Gym', 'Pool, Lift', 'Lift, Gym'])).toEqual({
      type: 'MULTI_SELECT',
      options: [{ value: 'Gym' }, { value: 'Pool' }, { value: 'Lift' }],
    });
    expect(
      inferColumnType('Address', ['1, MG Road', '2, Brigade Road', '3, Church St', '4, Residency Rd']),
    ).toEqual({
      type: 'SINGLE_LINE_TEXT',
    });
  });
});

describe('inferFields', () => {
  it('names fields after the headers, keeps keys unique and lays them out two per row', () => {
    const fields = inferFields(
      ['Name', 'name', '', 'Notes', 'Price'],
      [
        ['A', 'B', null, 'x'.repeat(300), 10],
        ['C', 'D', null, null, 20],
      ],
    );
    expect(fields.map((f) => [f.key, f.label, f.type, f.layout])).toEqual([
      ['name', 'Name', 'SINGLE_LINE_TEXT', { x: 0, y: 0, w: 6, h: 1 }],
      ['name_2', 'name', 'SINGLE_LINE_TEXT', { x: 6, y: 0, w: 6, h: 1 }],
      ['notes', 'Notes', 'MULTI_LINE_TEXT', { x: 0, y: 1, w: 12, h: 1 }],
      ['price', 'Price', 'CURRENCY', { x: 0, y: 2, w: 6, h: 1 }],
    ]);
    expect(ZFormFields.safeParse(fields).success).toBe(true);
  });

  it('names unnamed columns that hold data', () => {
    expect(inferFields(['A'], [['x', 'y']]).map((f) => f.label)).toEqual(['A', 'Column 2']);
  });
});

describe('standard templates', () => {
  it('have unique ids and codes and valid fields', () => {
    expect(new Set(STANDARD_TEMPLATES.map((t) => t.id)).size).toBe(STANDARD_TEMPLATES.length);
    expect(new Set(STANDARD_TEMPLATES.map((t) => t.code)).size).toBe(STANDARD_TEMPLATES.length);
    for (const template of STANDARD_TEMPLATES)
      expect(ZFormFields.safeParse(template.fields).success).toBe(true);
  });
});
