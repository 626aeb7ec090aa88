import { describe, expect, it } from 'vitest';
import { labelStride, linePath, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [4, [0, 1, 2, 3, 4]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [38, [0, 10, 20, 30, 40]],
    [101, [0, 50, 100, 150]],
  ])('max %d gives %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('always reaches the maximum', () => {
    for (let max = 0; max < 500; max += 7) expect(niceTicks(max).at(-1)).toBeGreaterThanOrEqual(max);
  });
});

describe('labelStride', () => {
  it('labels every day when they fit, fewer when they do not', () => {
    expect(labelStride(7, 600)).toBe(1);
    expect(labelStride(30, 600)).toBe(3);
    expect(labelStride(30, 280)).toBe(6);
    expect(labelStride(1, 0)).toBe(1);
  });
});

describe('linePath', () => {
  it('moves to the first point and draws to the others', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5, y: 2.25 },
      ]),
    ).toBe('M0.0,10.0 L5.0,2.3');
  });
});
