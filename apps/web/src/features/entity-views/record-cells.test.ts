import { describe, expect, it } from 'vitest';
import { formatCell } from './record-cells';

describe('formatCell', () => {
  it('counts table rows and files with the noun in the right number', () => {
    const table = { type: 'DATA_TABLE' } as Parameters<typeof formatCell>[1];
    const files = { type: 'FILE' } as Parameters<typeof formatCell>[1];
    expect(formatCell([{ item: 'Sofa' }], table)).toBe('1 row');
    expect(formatCell([{ item: 'Sofa' }, { item: 'Bed' }], table)).toBe('2 rows');
    expect(formatCell([{ name: 'deed.pdf' }], files)).toBe('1 file');
    expect(formatCell([{ name: 'a.pdf' }, { name: 'b.pdf' }, { name: 'c.pdf' }], files)).toBe('3 files');
  });
});
