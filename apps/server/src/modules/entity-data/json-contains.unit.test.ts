import { describe, expect, it } from 'vitest';
import { jsonContains } from './service';

describe('jsonContains (PostgreSQL @> below the top level)', () => {
  it('matches scalars by equality', () => {
    expect(jsonContains('a@x.in', 'a@x.in')).toBe(true);
    expect(jsonContains(5, 5)).toBe(true);
    expect(jsonContains(5, '5')).toBe(false);
    expect(jsonContains(undefined, 'x')).toBe(false);
  });

  it('holds a list when every element of the other is in it', () => {
    expect(jsonContains(['Pool', 'Gym'], ['Gym'])).toBe(true);
    expect(jsonContains(['Pool', 'Gym'], ['Gym', 'Pool'])).toBe(true);
    expect(jsonContains(['Pool'], ['Gym', 'Pool'])).toBe(false);
    expect(jsonContains('Pool', ['Pool'])).toBe(false);
    expect(jsonContains(['Pool'], 'Pool')).toBe(false);
  });

  it('compares objects key by key', () => {
    expect(jsonContains({ a: 1, b: [1, 2] }, { b: [2] })).toBe(true);
    expect(jsonContains({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonContains([{ a: 1, b: 2 }], [{ a: 1 }])).toBe(true);
  });
});
