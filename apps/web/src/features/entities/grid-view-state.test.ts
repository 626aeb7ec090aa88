import { describe, expect, it } from 'vitest';
import { rulesFromParam, sortFromParam, sortToParam } from './grid-view-state';

describe('grid view state in the address', () => {
  it('writes and reads the sort, keeping only what it understands', () => {
    const sorting = [
      { id: 't1#price', desc: true },
      { id: 't1#title', desc: false },
    ];
    expect(sortToParam(sorting)).toBe('t1#price:desc,t1#title:asc');
    expect(sortFromParam('t1#price:desc,t1#title:asc')).toEqual(sorting);
    expect(sortFromParam('t1#price:sideways,:asc')).toBeNull();
    expect(sortFromParam(null)).toBeNull();
  });

  it('reads filter rules the API would take and drops the rest', () => {
    const rule = { field: '3c1b2c3d-0000-4000-8000-000000000009#status', operator: 'EQUALS', value: 'Sold' };
    expect(rulesFromParam(JSON.stringify([rule, { field: 5 }]))).toEqual([rule]);
    expect(rulesFromParam('not json')).toEqual([]);
    expect(rulesFromParam('{"a":1}')).toEqual([]);
  });
});
