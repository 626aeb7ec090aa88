import { afterEach, beforeEach, vi } from 'vitest';
import type { TConfigurableDocument, TDocumentLayout } from '@esigns/contracts/documents';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { DocumentEditor, type DocumentEditorProps } from './document-editor';
import type { EditorPageOps } from './editor-api';
import { makeConfigurableDocument } from './editor-fixtures';

/*
 * jsdom lays nothing out: the page view's scroller is given a size (so the virtualiser shows the
 * first pages) and media queries answer for a desktop window (so both side panels show).
 */

const restorers: (() => void)[] = [];

function stubProperty(target: object, name: string, value: PropertyDescriptor) {
  const original = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { configurable: true, ...value });
  restorers.push(() => {
    if (original) Object.defineProperty(target, name, original);
    else delete (target as Record<string, unknown>)[name];
  });
}

/** A 1440 × 900 window: `(min-width: …em)` queries answer from that width. */
export function installEditorLayout(windowWidth = 1440): void {
  stubProperty(HTMLElement.prototype, 'clientHeight', { get: () => 800 });
  // Mantine's autosizing textarea listens for web fonts, which jsdom does not have.
  if (!('fonts' in document)) {
    stubProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  stubProperty(HTMLElement.prototype, 'clientWidth', { get: () => 1000 });
  stubProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      const min = /min-width:\s*([\d.]+)em/.exec(query);
      const max = /max-width:\s*([\d.]+)em/.exec(query);
      const matches =
        (!min || windowWidth >= Number(min[1]) * 16) && (!max || windowWidth <= Number(max[1]) * 16);
      return {
        matches: Boolean(min || max) && matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

export function restoreEditorLayout(): void {
  while (restorers.length) restorers.pop()?.();
}

/** Registers the editor's layout stand-ins before each test and their removal after it. */
export function editorLayoutPerTest(windowWidth?: number): void {
  beforeEach(() => installEditorLayout(windowWidth));
  afterEach(() => restoreEditorLayout());
}

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
