import { vi } from 'vitest';
import type { TConfigurableDocument, TDocumentLayout } from '@esigns/contracts/documents';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { DocumentEditor, type DocumentEditorProps } from './document-editor';
import type { EditorPageOps } from './editor-api';
import { makeConfigurableDocument } from './editor-fixtures';

/**
 * The editor's tests lay out a 1440 px desktop window (so both side panels show) with a page view
 * of 1000 × 800 (so the virtualiser shows the first pages).
 */
export const EDITOR_LAYOUT = { windowWidth: 1440 };

export function makePageOps(overrides: Partial<EditorPageOps> = {}): EditorPageOps {
  const unused = () => Promise.reject(new Error('not expected in this test'));
  return { addPage: unused, deletePage: unused, rotatePage: unused, ...overrides };
}

export function renderEditor(
  options: {
    document?: TConfigurableDocument;
    mode?: DocumentEditorProps['mode'];
    onSave?: (layout: TDocumentLayout) => Promise<unknown>;
    pageOps?: EditorPageOps;
  } = {},
) {
  const onSave = vi.fn<(layout: TDocumentLayout) => Promise<unknown>>(
    options.onSave ?? (() => Promise.resolve()),
  );
  const pageOps = options.pageOps ?? makePageOps();
  const view = renderWithProviders(
    <DocumentEditor
      document={options.document ?? makeConfigurableDocument()}
      mode={options.mode ?? 'document'}
      onSave={onSave}
      pageOps={pageOps}
    />,
  );
  return { ...view, onSave, pageOps };
}
