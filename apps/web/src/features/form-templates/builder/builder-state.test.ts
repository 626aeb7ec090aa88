import { describe, expect, it } from 'vitest';
import {
  builderReducer,
  fieldsOf,
  newField,
  problemsByField,
  settle,
  type BuilderState,
} from './builder-state';

const empty: BuilderState = { items: [], selected: null };
const run = (...actions: Parameters<typeof builderReducer>[1][]) => actions.reduce(builderReducer, empty);
const layouts = (state: BuilderState) => state.items.map((item) => [item.field.key, item.field.layout]);

describe('the builder state', () => {
  it('adds fields below the others with unique keys and selects the new one', () => {
    const state = run(
      { type: 'add', fieldType: 'SINGLE_LINE_TEXT' },
      { type: 'add', fieldType: 'SINGLE_LINE_TEXT' },
      { type: 'add', fieldType: 'MULTI_LINE_TEXT' },
    );
    expect(layouts(state)).toEqual([
      ['single_line_text', { x: 0, y: 0, w: 6, h: 1 }],
      ['single_line_text_2', { x: 0, y: 1, w: 6, h: 1 }],
      ['multi_line_text', { x: 0, y: 2, w: 12, h: 2 }],
    ]);
    expect(state.selected).toBe(state.items[2]!.uid);
  });

  it('drops a field beside another, floats fields up and pushes covered ones down', () => {
    let state = run({ type: 'add', fieldType: 'NUMBER' }, { type: 'add', fieldType: 'EMAIL' });
    const email = state.items[1]!.uid;
    state = builderReducer(state, { type: 'move', uid: email, at: { x: 6, y: 0 } });
    expect(layouts(state)).toEqual([
      ['number', { x: 0, y: 0, w: 6, h: 1 }],
      ['email', { x: 6, y: 0, w: 6, h: 1 }],
    ]);
    // A full-width field dropped on the first row pushes both down.
    state = builderReducer(state, { type: 'add', fieldType: 'DATA_TABLE', at: { x: 0, y: 0 } });
    expect(layouts(state)).toEqual([
      ['data_table', { x: 0, y: 0, w: 12, h: 3 }],
      ['number', { x: 0, y: 3, w: 6, h: 1 }],
      ['email', { x: 6, y: 3, w: 6, h: 1 }],
    ]);
    // Far below the last row: it lands right under it.
    state = builderReducer(state, { type: 'move', uid: email, at: { x: 9, y: 40 } });
    expect(state.items.find((i) => i.uid === email)!.field.layout).toEqual({ x: 6, y: 3, w: 6, h: 1 });
  });

  it('resizes within the grid and keeps the field inside it', () => {
    let state = run({ type: 'add', fieldType: 'NUMBER', at: { x: 6, y: 0 } });
    const uid = state.items[0]!.uid;
    state = builderReducer(state, { type: 'resize', uid, w: 12, h: 2 });
    expect(state.items[0]!.field.layout).toEqual({ x: 0, y: 0, w: 12, h: 2 });
    state = builderReducer(state, { type: 'resize', uid, w: 40 });
    expect(state.items[0]!.field.layout.w).toBe(12);
  });

  it('changes a type keeping the common settings and dropping the others', () => {
    let state = run({ type: 'add', fieldType: 'SELECT' });
    const uid = state.items[0]!.uid;
    state = builderReducer(state, { type: 'update', uid, patch: { label: 'Stage', required: true } });
    state = builderReducer(state, { type: 'change-type', uid, fieldType: 'NUMBER' });
    expect(state.items[0]!.field).toMatchObject({ label: 'Stage', required: true, type: 'NUMBER' });
    expect(state.items[0]!.field).not.toHaveProperty('options');
  });

  it('duplicates and removes fields', () => {
    let state = run({ type: 'add', fieldType: 'EMAIL' });
    state = builderReducer(state, { type: 'duplicate', uid: state.items[0]!.uid });
    expect(fieldsOf(state).map((f) => [f.key, f.label])).toEqual([
      ['email', 'Email'],
      ['email_2', 'Email (copy)'],
    ]);
    state = builderReducer(state, { type: 'remove', uid: state.items[0]!.uid });
    expect(layouts(state)).toEqual([['email_2', { x: 0, y: 0, w: 6, h: 1 }]]);
  });

  it("loads saved fields and reports the shared check's problems per field", () => {
    let state = builderReducer(empty, {
      type: 'load',
      fields: [
        { key: 'a', label: 'A', type: 'NUMBER', min: 5, max: 1 },
        { key: 'b', label: 'B', type: 'SELECT', options: [{ value: 'x' }, { value: 'X' }] },
      ],
    });
    expect(layouts(state)).toEqual([
      ['a', { x: 0, y: 0, w: 12, h: 1 }],
      ['b', { x: 0, y: 1, w: 12, h: 1 }],
    ]);
    const problems = problemsByField(state);
    expect(problems.get(state.items[0]!.uid)).toEqual({ max: 'Must be at least the minimum' });
    expect(problems.get(state.items[1]!.uid)).toEqual({ 'options.1.value': 'Options must differ' });
    state = builderReducer(state, { type: 'update', uid: state.items[0]!.uid, patch: { max: 10 } });
    expect(problemsByField(state).has(state.items[0]!.uid)).toBe(false);
  });

  it('gives new fields valid defaults where it can', () => {
    expect(newField('SELECT', new Set())).toMatchObject({
      options: [{ value: 'Option 1' }, { value: 'Option 2' }],
    });
    expect(newField('DATA_TABLE', new Set()).layout).toEqual({ x: 0, y: 0, w: 12, h: 3 });
    expect(newField('CURRENCY', new Set())).toMatchObject({ currency: 'INR', decimals: 2, required: false });
    expect(newField('IMAGE', new Set())).toMatchObject({
      max_files: 1,
      max_size_mb: 5,
      allowed_file_types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    });
    // What must still be chosen stays empty (and the shared check says so).
    expect(newField('ENTITY', new Set())).toMatchObject({ entity_id: '', allow_multiple: false });
    expect(newField('FORMULA', new Set())).toMatchObject({ expression: '', result_type: 'NUMBER' });
    expect(settle([])).toEqual([]);
  });
});
