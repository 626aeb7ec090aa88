import { createContext, useContext, type Dispatch, type RefObject } from 'react';
import type { TDocumentLayout, TField } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import type { EditorAction } from './editor-state';
import type { Guide } from './geometry';
import type { LayoutAction } from './layout-reducer';

export type EditorMode = 'document' | 'template';

/** What the scrolling page view offers the rest of the editor. */
export type PageViewport = {
  /** The page most in view and the centre of its visible part, in points. */
  visibleCenter: () => { page: number; x: number; y: number } | null;
  scrollToPage: (page: number) => void;
  /** The page under a screen point and the point in page coordinates, if any. */
  pageAt: (clientX: number, clientY: number) => { page: number; x: number; y: number } | null;
};

/** A move in progress: the selected fields are drawn shifted by (dx, dy) points. */
export type MovePreview = { keys: string[]; dx: number; dy: number; page: number; guides: Guide[] };

export type EditOptions = { coalesce?: string; select?: string[] };

export type EditorContextValue = {
  mode: EditorMode;
  layout: TDocumentLayout;
  pages: TPageSize[];
  fieldsByPage: Map<number, TField[]>;
  selection: string[];
  activeRecipientKey: string | null;
  zoom: number;
  dispatch: Dispatch<EditorAction>;
  edit: (action: LayoutAction, options?: EditOptions) => void;
  colorOf: (recipientKey: string) => string;
  move: MovePreview | null;
  setMove: (move: MovePreview | null) => void;
  viewport: RefObject<PageViewport | null>;
  /** Opens the recipient's edit dialog (problems list, recipient rows); '' adds one. */
  editRecipient: (key: string) => void;
  /** Shows the properties of the selection when they are folded away (double-click on a field). */
  openProperties: () => void;
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor() outside <DocumentEditor>');
  return value;
}
