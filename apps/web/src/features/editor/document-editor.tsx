import { useCallback, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, ScrollArea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type TConfigurableDocument,
  type TDocumentLayout,
  type TField,
  type TFieldType,
  type TLayoutProblem,
} from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import type { EditorPageOps, TPageOpResult } from './editor-api';
import {
  EditorContext,
  type EditOptions,
  type EditorContextValue,
  type EditorMode,
  type MovePreview,
  type PageViewport,
} from './editor-context';
import { editorProblems } from './editor-checks';
import { createEditorState, editorCanRedo, editorCanUndo, editorReducer } from './editor-state';
import { EditorToolbar, type ZoomMode } from './editor-toolbar';
import { FIELD_META, createField, newKey } from './field-catalogue';
import { FieldPalette } from './field-palette';
import { fitWidthZoom, freeSpotBelow, stepZoom } from './geometry';
import type { LayoutAction } from './layout-reducer';
import type { PageAction } from './page-actions-menu';
import { PAGE_PADDING, PagesView } from './pages-view';
import { usePdfDocument } from './pdf/use-pdf-document';
import { PropertiesPanel } from './properties-panel';
import { RecipientDialogs } from './recipient-dialogs';
import { recipientColor } from './recipient-labels';
import { RecipientsPanel } from './recipients-panel';
import { SettingsDialog } from './settings-dialog';
import { useAutosave } from './use-autosave';
import { duplicateSelection, useEditorKeyboard } from './use-editor-keyboard';
import classes from './editor.module.css';

export type { EditorMode } from './editor-context';

/** "Fit width" stops here: on a wide monitor a page filling the width would be huge. */
const FIT_MAX_ZOOM = 1.5;

export type PrimaryActionContext = {
  /** Saves whatever is unsaved; true when all is saved. */
  flush: () => Promise<boolean>;
  problems: TLayoutProblem[];
  /** Opens the list of problems in the toolbar. */
  showProblems: () => void;
  /** The toolbar is short of room (tablets, phones): use a short label. */
  isCompact: boolean;
};

export type DocumentEditorProps = {
  document: TConfigurableDocument;
  mode: EditorMode;
  /** Autosave of the layout (debounced); a rejection shows "Not saved" and keeps the edits. */
  onSave: (layout: TDocumentLayout) => Promise<unknown>;
  pageOps: EditorPageOps;
  onBack?: () => void;
  /** The screen's next step (e.g. "Next: review and send"). */
  primaryAction?: (context: PrimaryActionContext) => ReactNode;
};

export function layoutOf(document: TConfigurableDocument): TDocumentLayout {
  return {
    name: document.name,
    fields: document.fields,
    document_users: document.document_users,
    settings: document.settings,
  };
}

function messageOf(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The field editor: place, move and size fields on the PDF's pages, manage recipients (or
 * template roles), edit field properties and document settings, with undo/redo, live checks and
 * autosave.
 */
export function DocumentEditor({
  document,
  mode,
  onSave,
  pageOps,
  onBack,
  primaryAction,
}: DocumentEditorProps) {
  const [doc, setDoc] = useState(document);
  const [state, dispatch] = useReducer(editorReducer, document, (d) => createEditorState(layoutOf(d)));
  const layout = state.history.present;
  const pages = doc.pages;
  const autosave = useAutosave(layout, onSave);
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdfDocument(doc.file.url, attempt);
  const viewport = useRef<PageViewport | null>(null);
  const [move, setMove] = useState<MovePreview | null>(null);
  const [zoomMode, setZoomMode] = useState<ZoomMode>('fit');
  const [viewWidth, setViewWidth] = useState(0);
  const [busyPage, setBusyPage] = useState<number | null>(null);
  const [recipientDialog, setRecipientDialog] = useState<string | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isProblemsOpen, setProblemsOpen] = useState(false);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const [isPaletteOpen, setPaletteOpen] = useState(false);
  const isWide = useMediaQuery('(min-width: 75em)', true);
  const isNarrow = useMediaQuery('(max-width: 43.75em)', false);

  useEditorKeyboard(state, dispatch, pages);

  const zoom =
    zoomMode === 'fit' ? Math.min(FIT_MAX_ZOOM, fitWidthZoom(viewWidth - 2 * PAGE_PADDING, pages)) : zoomMode;
  const problems = useMemo(
    () => editorProblems(layout, pages, mode === 'template' ? 'template' : 'send'),
    [layout, pages, mode],
  );
  const fieldsByPage = useMemo(() => {
    const map = new Map<number, TField[]>();
    for (const f of layout.fields) map.set(f.page, [...(map.get(f.page) ?? []), f]);
    return map;
  }, [layout.fields]);

  const edit = useCallback(
    (action: LayoutAction, options: EditOptions = {}) => dispatch({ type: 'edit', action, ...options }),
    [],
  );
  const colorOf = useCallback(
    (key: string) => recipientColor(layout.document_users, key),
    [layout.document_users],
  );

  const context: EditorContextValue = {
    mode,
    layout,
    pages,
    fieldsByPage,
    selection: state.selection,
    activeRecipientKey: state.activeRecipientKey,
    zoom,
    dispatch,
    edit,
    colorOf,
    move,
    setMove,
    viewport,
    editRecipient: setRecipientDialog,
    openProperties: () => {
      if (!isWide) setPanelOpen(true);
    },
  };

  const addField = (type: TFieldType, at?: { page: number; x: number; y: number }) => {
    const owner = state.activeRecipientKey;
    if (!owner) {
      notifications.show({
        color: 'orange',
        message:
          mode === 'template'
            ? 'Add a role first; fields belong to a role.'
            : 'Add a recipient first; fields belong to a recipient.',
      });
      setRecipientDialog('');
      return;
    }
    const target = at ??
      viewport.current?.visibleCenter() ?? {
        page: 1,
        x: (pages[0]?.width ?? 0) / 2,
        y: (pages[0]?.height ?? 0) / 2,
      };
    const pageSize = pages[target.page - 1];
    if (!pageSize) return;
    let center = { x: target.x, y: target.y };
    // Added by click: placed under whatever it would cover, so repeated clicks make a column.
    if (!at) center = freeSpotBelow(center, FIELD_META[type], fieldsByPage.get(target.page) ?? [], pageSize);
    const field = createField({
      key: newKey('f'),
      type,
      recipientKey: owner,
      page: target.page,
      center,
      pageSize,
    });
    edit({ type: 'addField', field, pages }, { select: [field.key] });
    if (isNarrow) setPaletteOpen(false);
  };

  const deleteSelection = () => edit({ type: 'deleteFields', keys: state.selection }, { select: [] });

  const onZoom = (next: ZoomMode | 'in' | 'out') => {
    if (next === 'in' || next === 'out') setZoomMode(stepZoom(zoom, next === 'in' ? 1 : -1));
    else setZoomMode(next);
  };

  const runPageAction = async (action: PageAction) => {
    const page = action.type === 'addPage' ? action.afterPage : action.page;
    setBusyPage(page);
    try {
      if (!(await autosave.flush())) {
        notifications.show({
          color: 'red',
          title: 'Not saved',
          message: 'Save your changes (retry) before changing pages.',
        });
        return;
      }
      let result: TPageOpResult;
      if (action.type === 'addPage') result = await pageOps.addPage(action.afterPage);
      else if (action.type === 'deletePage') result = await pageOps.deletePage(action.page);
      else result = await pageOps.rotatePage(action.page, action.degrees);
      const next: TDocumentLayout = { ...layout, fields: result.document.fields };
      const removed = layout.fields.length - result.document.fields.length;
      autosave.markSaved(next);
      setDoc(result.document);
      dispatch({ type: 'reset', layout: next });
      if (result.all_document_fields_removed || removed > 0) {
        notifications.show({
          color: 'orange',
          title: 'Fields removed',
          message:
            removed > 0
              ? `${removed === 1 ? '1 field was' : `${removed} fields were`} on the deleted page and ${removed === 1 ? 'has' : 'have'} been removed.`
              : 'The fields on the deleted page have been removed.',
        });
      }
    } catch (error) {
      notifications.show({ color: 'red', title: 'The page could not be changed', message: messageOf(error) });
    } finally {
      setBusyPage(null);
    }
  };

  const palette = (
    <>
      <div className={classes.panelSection}>
        <RecipientsPanel problems={problems} />
      </div>
      <div className={classes.panelSection}>
        <FieldPalette onAdd={addField} />
      </div>
    </>
  );
  const properties = (
    <PropertiesPanel
      problems={problems}
      onDuplicate={() => duplicateSelection(state, dispatch, pages)}
      onDelete={deleteSelection}
    />
  );

  return (
    <EditorContext.Provider value={context}>
      <div className={classes.root} data-testid="document-editor">
        <EditorToolbar
          name={layout.name}
          onRename={(name) => edit({ type: 'rename', name })}
          autosave={autosave}
          canUndo={editorCanUndo(state)}
          canRedo={editorCanRedo(state)}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          zoom={zoom}
          zoomMode={zoomMode}
          onZoom={onZoom}
          problems={problems}
          isProblemsOpen={isProblemsOpen}
          onProblemsOpen={setProblemsOpen}
          onSettings={() => setSettingsOpen(true)}
          onBack={onBack}
          onTogglePanel={isWide ? undefined : () => setPanelOpen((open) => !open)}
          onTogglePalette={isNarrow ? () => setPaletteOpen((open) => !open) : undefined}
          isCompact={!isWide}
          isNarrow={isNarrow}
          primaryAction={primaryAction?.({
            flush: autosave.flush,
            problems,
            showProblems: () => setProblemsOpen(true),
            isCompact: !isWide,
          })}
        />
        <div className={classes.body}>
          {!isNarrow && (
            <aside className={classes.leftPanel} aria-label="Recipients and fields">
              <ScrollArea style={{ flex: 1 }} scrollbarSize={8}>
                {palette}
              </ScrollArea>
            </aside>
          )}
          <main style={{ flex: 1, minWidth: 0, display: 'flex', position: 'relative' }} aria-label="Pages">
            <PagesView
              pdf={pdf.doc}
              fileKey={doc.file.file_ref_id}
              busyPage={busyPage}
              onPageAction={(action) => void runPageAction(action)}
              onWidth={setViewWidth}
            />
            {pdf.status === 'error' && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title="The PDF could not be opened"
                style={{
                  position: 'absolute',
                  top: 16,
                  left: '50%',
                  transform: 'translateX(-50%)',
                  zIndex: 5,
                }}
              >
                {pdf.error.message}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  mt="xs"
                  display="block"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  Try again
                </Button>
              </Alert>
            )}
          </main>
          {isWide && (
            <aside className={classes.rightPanel} aria-label="Properties">
              <ScrollArea style={{ flex: 1 }} scrollbarSize={8}>
                {properties}
              </ScrollArea>
            </aside>
          )}
        </div>
        {!isWide && (
          <Drawer
            opened={isPanelOpen}
            onClose={() => setPanelOpen(false)}
            position="right"
            size={320}
            title="Properties"
            withOverlay={false}
            zIndex={160}
            styles={{ body: { padding: 0 } }}
            lockScroll={false}
            trapFocus={false}
          >
            {properties}
          </Drawer>
        )}
        {isNarrow && (
          <Drawer
            opened={isPaletteOpen}
            onClose={() => setPaletteOpen(false)}
            position="left"
            size={300}
            title="Recipients and fields"
            zIndex={160}
            styles={{ body: { padding: 0 } }}
          >
            {palette}
          </Drawer>
        )}
      </div>
      <RecipientDialogs target={recipientDialog} onClose={() => setRecipientDialog(null)} />
      {isSettingsOpen && (
        <SettingsDialog
          opened
          settings={layout.settings}
          onClose={() => setSettingsOpen(false)}
          onSave={(patch) => {
            edit({ type: 'updateSettings', patch });
            setSettingsOpen(false);
          }}
        />
      )}
    </EditorContext.Provider>
  );
}
