import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './wording';

describe('countOf', () => {
  it('puts the noun in the number of the count', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(2500, 'record')).toBe('2,500 records');
    expect(countOf(1, 'entity')).toBe('1 entity');
    expect(countOf(3, 'entity')).toBe('3 entities');
    expect(countOf(2, 'address')).toBe('2 addresses');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });

  it('leaves nouns it does not know in the regular plural', () => {
    expect(pluralOf('file')).toBe('files');
    expect(pluralOf('row')).toBe('rows');
    expect(pluralOf('box')).toBe('boxes');
  });
});
