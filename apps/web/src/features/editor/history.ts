/**
 * Undo/redo over immutable states. A change with the same `coalesce` key as the change before it
 * (typing into one input, nudging the same fields with the arrows) replaces the present state
 * instead of adding a step, so one undo reverts the whole burst.
 */
export type History<T> = {
  past: T[];
  present: T;
  future: T[];
  /** The coalesce key of the last change, or null. */
  lastKey: string | null;
};

/** Steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

export function pushHistory<T>(history: History<T>, next: T, coalesce?: string): History<T> {
  if (next === history.present) return history;
  if (coalesce && coalesce === history.lastKey) {
    return { ...history, present: next, future: [] };
  }
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: coalesce ?? null };
}

export function undoHistory<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

export function redoHistory<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
