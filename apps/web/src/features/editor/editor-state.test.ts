import { describe, expect, it } from 'vitest';
import { LETTER, makeField, makeLayout, makeRecipient } from './editor-fixtures';
import { createEditorState, editorCanRedo, editorCanUndo, editorReducer } from './editor-state';

const pages = [LETTER];

describe('editorReducer', () => {
  it('records edits, undoes and redoes them', () => {
    let state = createEditorState(makeLayout());
    state = editorReducer(state, {
      type: 'edit',
      action: { type: 'addField', field: makeField(), pages },
      select: ['f1'],
    });
    expect(state.selection).toEqual(['f1']);
    expect(editorCanUndo(state)).toBe(true);
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.present.fields).toHaveLength(0);
    expect(state.selection).toEqual([]);
    expect(editorCanRedo(state)).toBe(true);
    state = editorReducer(state, { type: 'redo' });
    expect(state.history.present.fields).toHaveLength(1);
  });

  it('merges keyboard nudges of the same fields into one undo step', () => {
    let state = createEditorState(makeLayout({ fields: [makeField()] }));
    for (let i = 0; i < 3; i += 1) {
      state = editorReducer(state, {
        type: 'edit',
        action: { type: 'moveFields', keys: ['f1'], dx: 1, dy: 0, pages },
        coalesce: 'nudge:f1',
      });
    }
    expect(state.history.present.fields[0]?.x).toBe(103);
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.present.fields[0]?.x).toBe(100);
  });

  it('selects only existing fields and toggles with shift-click', () => {
    let state = createEditorState(makeLayout({ fields: [makeField(), makeField({ key: 'f2' })] }));
    state = editorReducer(state, { type: 'select', keys: ['f1', 'ghost'] });
    expect(state.selection).toEqual(['f1']);
    state = editorReducer(state, { type: 'toggleSelect', key: 'f2' });
    expect(state.selection).toEqual(['f1', 'f2']);
    state = editorReducer(state, { type: 'toggleSelect', key: 'f1' });
    expect(state.selection).toEqual(['f2']);
  });

  it('makes a new recipient active and falls back to the first when the active one is removed', () => {
    let state = createEditorState(makeLayout());
    expect(state.activeRecipientKey).toBe('r1');
    state = editorReducer(state, {
      type: 'edit',
      action: { type: 'addRecipient', recipient: makeRecipient({ key: 'r2' }) },
    });
    expect(state.activeRecipientKey).toBe('r2');
    state = editorReducer(state, {
      type: 'edit',
      action: { type: 'removeRecipient', key: 'r2', reassignTo: null },
    });
    expect(state.activeRecipientKey).toBe('r1');
  });

  it('starts a fresh history on reset', () => {
    let state = createEditorState(makeLayout({ fields: [makeField()] }));
    state = editorReducer(state, { type: 'select', keys: ['f1'] });
    state = editorReducer(state, { type: 'edit', action: { type: 'rename', name: 'X' } });
    state = editorReducer(state, { type: 'reset', layout: makeLayout() });
    expect(editorCanUndo(state)).toBe(false);
    expect(state.selection).toEqual([]);
  });
});
