import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redoHistory,
  undoHistory,
} from './history';

describe('history', () => {
  it('undoes and redoes steps in order', () => {
    let h = createHistory('a');
    h = pushHistory(h, 'b');
    h = pushHistory(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undoHistory(h);
    expect(h.present).toBe('b');
    h = undoHistory(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undoHistory(h)).toBe(h);
    h = redoHistory(h);
    h = redoHistory(h);
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
    expect(redoHistory(h)).toBe(h);
  });

  it('drops the redo steps when a new change is made', () => {
    let h = pushHistory(pushHistory(createHistory(1), 2), 3);
    h = undoHistory(h);
    h = pushHistory(h, 4);
    expect(h.present).toBe(4);
    expect(canRedo(h)).toBe(false);
    expect(undoHistory(h).present).toBe(2);
  });

  it('ignores a change that is the same state', () => {
    const h = createHistory({ n: 1 });
    expect(pushHistory(h, h.present)).toBe(h);
  });

  it('merges changes with the same coalesce key into one step', () => {
    let h = createHistory('');
    h = pushHistory(h, 'h', 'label');
    h = pushHistory(h, 'hi', 'label');
    h = pushHistory(h, 'hi!', 'label');
    expect(h.past).toEqual(['']);
    h = pushHistory(h, 'hi! x', 'other');
    expect(h.past).toEqual(['', 'hi!']);
    // After an undo the same key starts a new step.
    h = undoHistory(h);
    h = pushHistory(h, 'hi!?', 'label');
    expect(h.past).toEqual(['', 'hi!']);
  });

  it('keeps at most the limit of steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) h = pushHistory(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });
});
