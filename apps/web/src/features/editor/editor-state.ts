import type { TDocumentLayout } from '@esigns/contracts/documents';
import {
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redoHistory,
  undoHistory,
  type History,
} from './history';
import { layoutReducer, type LayoutAction } from './layout-reducer';

/**
 * The editor's whole state: the layout with its undo history, the selected fields and the
 * recipient new fields go to. Selection is not part of the history, but never names a field that
 * no longer exists.
 */
export type EditorState = {
  history: History<TDocumentLayout>;
  /** Selected field keys; the first one is the reference for "same width/height". */
  selection: string[];
  activeRecipientKey: string | null;
};

export type EditorAction =
  | {
      type: 'edit';
      action: LayoutAction;
      /** Merge with the previous edit of the same key. */ coalesce?: string;
      select?: string[];
    }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; keys: string[] }
  | { type: 'toggleSelect'; key: string }
  | { type: 'setActiveRecipient'; key: string | null }
  /** A page operation changed the document on the server: new layout, no way back. */
  | { type: 'reset'; layout: TDocumentLayout };

export function createEditorState(layout: TDocumentLayout): EditorState {
  return {
    history: createHistory(layout),
    selection: [],
    activeRecipientKey: layout.document_users[0]?.key ?? null,
  };
}

function keepExisting(selection: string[], layout: TDocumentLayout): string[] {
  const keys = new Set(layout.fields.map((f) => f.key));
  const kept = selection.filter((key) => keys.has(key));
  return kept.length === selection.length ? selection : kept;
}

function keepActive(active: string | null, layout: TDocumentLayout): string | null {
  if (active && layout.document_users.some((r) => r.key === active)) return active;
  return layout.document_users[0]?.key ?? null;
}

export function editorReducer(state: EditorState, event: EditorAction): EditorState {
  switch (event.type) {
    case 'edit': {
      const next = layoutReducer(state.history.present, event.action);
      const history = pushHistory(state.history, next, event.coalesce);
      const selection = keepExisting(event.select ?? state.selection, next);
      let active = keepActive(state.activeRecipientKey, next);
      if (event.action.type === 'addRecipient') active = event.action.recipient.key;
      if (history === state.history && selection === state.selection && active === state.activeRecipientKey) {
        return state;
      }
      return { history, selection, activeRecipientKey: active };
    }
    case 'undo':
    case 'redo': {
      const history = event.type === 'undo' ? undoHistory(state.history) : redoHistory(state.history);
      if (history === state.history) return state;
      return {
        history,
        selection: keepExisting(state.selection, history.present),
        activeRecipientKey: keepActive(state.activeRecipientKey, history.present),
      };
    }
    case 'select': {
      const selection = keepExisting(event.keys, state.history.present);
      const same =
        selection.length === state.selection.length && selection.every((k, i) => state.selection[i] === k);
      return same ? state : { ...state, selection };
    }
    case 'toggleSelect': {
      const selection = state.selection.includes(event.key)
        ? state.selection.filter((k) => k !== event.key)
        : keepExisting([...state.selection, event.key], state.history.present);
      return { ...state, selection };
    }
    case 'setActiveRecipient':
      return event.key === state.activeRecipientKey
        ? state
        : { ...state, activeRecipientKey: keepActive(event.key, state.history.present) };
    case 'reset':
      return {
        history: createHistory(event.layout),
        selection: keepExisting(state.selection, event.layout),
        activeRecipientKey: keepActive(state.activeRecipientKey, event.layout),
      };
  }
}

export const editorCanUndo = (state: EditorState) => canUndo(state.history);
export const editorCanRedo = (state: EditorState) => canRedo(state.history);
