import { describe, expect, it } from 'vitest';
import { formatNumberRange, formatPageRange } from './range';

describe('formatPageRange', () => {
  it.each([
    [1, 5, 20, '1-5 of 20'],
    [4, 5, 20, '16-20 of 20'],
    [4, 5, 18, '16-18 of 18'],
    [9, 5, 18, '16-18 of 18'],
    [0, 5, 18, '1-5 of 18'],
    [1, 50, 3, '1-3 of 3'],
    [1, 5, 0, '0 of 0'],
    [1, 0, 7, '0 of 7'],
    [Number.NaN, 5, 7, '1-5 of 7'],
  ])('page %i, limit %i, total %i -> %s', (page, limit, total, expected) => {
    expect(formatPageRange(page, limit, total)).toBe(expected);
  });
});

describe('formatNumberRange', () => {
  it.each([
    [1, 5, '1-5'],
    [5, 1, '1-5'],
    [3, 3, '3'],
    [0, 0, '0'],
    [1, null, '≥ 1'],
    [null, 5, '≤ 5'],
    [null, undefined, ''],
    [Number.NaN, 4, '≤ 4'],
  ])('%s..%s -> %s', (min, max, expected) => {
    expect(formatNumberRange(min, max)).toBe(expected);
  });

  it('formats the ends', () => {
    expect(formatNumberRange(1000, 2000, (n) => n.toLocaleString('en-US'))).toBe('1,000-2,000');
  });
});
