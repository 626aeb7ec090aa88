import { useEffect, useRef } from 'react';
import type { TPageSize } from '@esigns/contracts/files';
import type { EditorAction, EditorState } from './editor-state';
import { newKey } from './field-catalogue';

/** Distance of a duplicate from its source, in points. */
export const DUPLICATE_OFFSET = 12;

/** Keys typed into a form control, a menu or a dialog belong to it, not to the canvas. */
export function isOwnKeyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"],[role="menu"],[role="listbox"],[data-editor-keys="off"]'));
}

/** Duplicates the selected fields and selects the copies. */
export function duplicateSelection(
  state: EditorState,
  dispatch: (a: EditorAction) => void,
  pages: TPageSize[],
) {
  if (state.selection.length === 0) return;
  const newKeys = state.selection.map(() => newKey('f'));
  dispatch({
    type: 'edit',
    action: { type: 'duplicateFields', keys: state.selection, newKeys, offset: DUPLICATE_OFFSET, pages },
    select: newKeys,
  });
}

/**
 * The editor's shortcuts, on the window while it is mounted: undo (Ctrl/Cmd+Z), redo
 * (Shift+Ctrl/Cmd+Z, Ctrl+Y), duplicate (Ctrl/Cmd+D), delete (Delete/Backspace), nudge (arrows 1 pt,
 * Shift+arrows 10 pt), select all (Ctrl/Cmd+A) and clear the selection (Escape).
 */
export function useEditorKeyboard(
  state: EditorState,
  dispatch: (a: EditorAction) => void,
  pages: TPageSize[],
) {
  const current = useRef({ state, pages });
  useEffect(() => {
    current.current = { state, pages };
  }, [state, pages]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isOwnKeyTarget(event.target)) return;
      const { state: now, pages: sizes } = current.current;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const selection = now.selection;

      if (mod && key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
        return;
      }
      if (mod && key === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
        return;
      }
      if (mod && key === 'a') {
        event.preventDefault();
        dispatch({ type: 'select', keys: now.history.present.fields.map((f) => f.key) });
        return;
      }
      if (key === 'escape' && selection.length) {
        dispatch({ type: 'select', keys: [] });
        return;
      }
      if (selection.length === 0) return;
      if (mod && key === 'd') {
        event.preventDefault();
        duplicateSelection(now, dispatch, sizes);
        return;
      }
      if (key === 'delete' || key === 'backspace') {
        event.preventDefault();
        dispatch({ type: 'edit', action: { type: 'deleteFields', keys: selection }, select: [] });
        return;
      }
      const arrows: Record<string, [number, number]> = {
        arrowleft: [-1, 0],
        arrowright: [1, 0],
        arrowup: [0, -1],
        arrowdown: [0, 1],
      };
      const direction = arrows[key];
      if (direction && !mod) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        dispatch({
          type: 'edit',
          action: {
            type: 'moveFields',
            keys: selection,
            dx: direction[0] * step,
            dy: direction[1] * step,
            pages: sizes,
          },
          coalesce: `nudge:${selection.join(',')}`,
        });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);
}
