import { describe, expect, it } from 'vitest';
import { formatPercentage, parsePercentage, sanitisePercentageText } from './percentage';

describe('parsePercentage', () => {
  it.each<[string | number | null | undefined, number]>([
    ['50', 50],
    ['0', 0],
    ['100', 100],
    ['100.01', 100],
    ['150', 100],
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['12.5%', 12.5],
    [' 7 % ', 7],
    ['abc', 0],
    ['', 0],
    ['.', 0],
    [null, 0],
    [undefined, 0],
    ['-20', 20],
    ['1.2.3', 1.23],
    ['1,2,3', 1.23],
    ['0.0001', 0.0001],
    ['.5', 0.5],
    ['5.', 5],
    [42, 42],
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%j -> %d', (raw, expected) => {
    expect(parsePercentage(raw)).toBe(expected);
  });

  it('uses the given bounds', () => {
    expect(parsePercentage('5', { min: 10, max: 20 })).toBe(10);
    expect(parsePercentage('25', { min: 10, max: 20 })).toBe(20);
    expect(parsePercentage('x', { min: 10, max: 20 })).toBe(10);
    expect(parsePercentage('15', { min: 10 })).toBe(15);
    expect(parsePercentage('150', { max: 200 })).toBe(150);
  });

  it('tolerates swapped bounds', () => {
    expect(parsePercentage('50', { min: 20, max: 10 })).toBe(20);
  });
});

describe('sanitisePercentageText', () => {
  it.each([
    ['12,5', '12.5'],
    ['1a2b', '12'],
    ['1..2', '1.2'],
    ['', ''],
    ['%', ''],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitisePercentageText(raw)).toBe(expected);
  });
});

describe('formatPercentage', () => {
  it('adds a trailing %', () => {
    expect(formatPercentage(12.5)).toBe('12.5%');
    expect(formatPercentage(0)).toBe('0%');
    expect(formatPercentage(null)).toBe('');
    expect(formatPercentage(Number.NaN)).toBe('');
  });
});
