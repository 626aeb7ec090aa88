import { describe, expect, it } from 'vitest';
import { formatFullName, formatInitials } from './name';

describe('formatFullName', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    [{ first_name: '  Ada ', last_name: '' }, 'Ada'],
    [{ first_name: null, last_name: 'Lovelace' }, 'Lovelace'],
    [{ name: 'Acme  Corp' }, 'Acme Corp'],
    [{ email: 'ada@example.com' }, 'ada@example.com'],
    [{}, ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (person, expected) => {
    expect(formatFullName(person)).toBe(expected);
  });
});

describe('formatInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada byron king', 'AK'],
    ['Ada', 'A'],
    ['  ', ''],
    ['', ''],
    ['ada.lovelace@example.com', 'AL'],
    ['Élodie Ñúñez', 'ÉÑ'],
  ])('%j -> %j', (name, expected) => {
    expect(formatInitials(name)).toBe(expected);
  });

  it('takes a person record', () => {
    expect(formatInitials({ first_name: 'Grace', last_name: 'Hopper' })).toBe('GH');
    expect(formatInitials(null)).toBe('');
  });
});
