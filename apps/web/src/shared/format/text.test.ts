import { describe, expect, it } from 'vitest';
import { joinList, truncateText } from './text';

describe('truncateText', () => {
  it.each([
    ['hello', 5, 'hello'],
    ['hello', 10, 'hello'],
    ['hello world', 8, 'hello...'],
    ['hello world', 4, 'h...'],
    ['hello world', 3, '...'],
    ['hello world', 2, '..'],
    ['hello world', 0, ''],
    ['hello world', -1, ''],
    ['', 5, ''],
    [null, 5, ''],
    ['ab cd ef', 6, 'ab...'],
    ['😀😀😀😀😀😀', 5, '😀😀...'],
  ])('%j at %i -> %j', (text, max, expected) => {
    expect(truncateText(text, max)).toBe(expected);
  });

  it('takes a custom ellipsis', () => {
    expect(truncateText('abcdefgh', 5, '…')).toBe('abcd…');
  });
});

describe('joinList', () => {
  it.each([
    [['a', 'b', 'c'], 'a, b, c'],
    [['a'], 'a'],
    [[], ''],
    [['a', '', null, undefined, '  ', 'b'], 'a, b'],
    [[1, 0, 2], '1, 0, 2'],
    [null, ''],
  ])('%j -> %j', (items, expected) => {
    expect(joinList(items)).toBe(expected);
  });

  it('takes a custom separator', () => {
    expect(joinList(['a', 'b'], ' | ')).toBe('a | b');
  });
});
