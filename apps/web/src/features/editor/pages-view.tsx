import { useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { useEditor } from './editor-context';
import { clamp } from './geometry';
import { PageActionsMenu, type PageAction } from './page-actions-menu';
import { PageOverlay } from './page-overlay';
import { PageStack, usePageStack, useWidthReport } from './page-stack';
import type { PdfDocumentHandle } from './pdf/pdf-document';
import classes from './editor.module.css';

/** Space around and between pages, and the height of each page's caption row (pixels). */
export const PAGE_PADDING = 24;
const PAGE_GAP = 20;
const CAPTION_HEIGHT = 32;

/**
 * The pages, one under the other, virtualised: only the pages in view and one either side are in
 * the DOM and drawn; the others are empty space sized from the document's page list, so the
 * scroll height is right before anything is drawn.
 */
export function PagesView({
  pdf,
  fileKey,
  busyPage,
  onPageAction,
  onWidth,
}: {
  pdf: PdfDocumentHandle | null;
  /** Changes when the file changes (page operations), so every page is drawn again. */
  fileKey: string;
  busyPage: number | null;
  onPageAction: (action: PageAction) => void;
  onWidth: (width: number) => void;
}) {
  const { pages, zoom, viewport, fieldsByPage, move, dispatch } = useEditor();
  const scroller = useRef<HTMLDivElement>(null);
  const stack = usePageStack(scroller, {
    pages,
    zoom,
    captionHeight: CAPTION_HEIGHT,
    gap: PAGE_GAP,
    paddingStart: PAGE_PADDING - 8,
    paddingEnd: PAGE_PADDING,
  });

  // Keep the same part of the document in view when the zoom changes.
  const previousZoom = useRef(zoom);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && previousZoom.current !== zoom && previousZoom.current > 0) {
      const ratio = zoom / previousZoom.current;
      element.scrollTop = element.scrollTop * ratio;
      element.scrollLeft = element.scrollLeft * ratio;
    }
    previousZoom.current = zoom;
  }, [zoom]);

  useWidthReport(scroller, onWidth);

  const widest = Math.max(0, ...pages.map((p) => p.width)) * zoom;

  useImperativeHandle(
    viewport,
    () => ({
      visibleCenter: () => {
        const element = scroller.current;
        if (!element || pages.length === 0) return null;
        const middle = element.scrollTop + element.clientHeight / 2;
        const items = stack.virtualizer.measurementsCache;
        let best = items[0];
        for (const item of items) {
          if (item.start <= middle) best = item;
          else break;
        }
        if (!best) return null;
        const page = pages[best.index];
        if (!page) return null;
        const top = best.start + CAPTION_HEIGHT;
        const visibleTop = Math.max(top, element.scrollTop);
        const visibleBottom = Math.min(top + page.height * zoom, element.scrollTop + element.clientHeight);
        const y = ((visibleTop + visibleBottom) / 2 - top) / zoom;
        const contentWidth = Math.max(element.clientWidth, widest + 2 * PAGE_PADDING);
        const left = (contentWidth - page.width * zoom) / 2;
        const x = (element.scrollLeft + element.clientWidth / 2 - left) / zoom;
        return {
          page: best.index + 1,
          x: clamp(x, 0, page.width),
          y: clamp(Number.isFinite(y) ? y : page.height / 2, 0, page.height),
        };
      },
      scrollToPage: (page: number) => stack.virtualizer.scrollToIndex(page - 1, { align: 'start' }),
      pageAt: (clientX: number, clientY: number) => {
        const surfaces = scroller.current?.querySelectorAll<HTMLElement>('[data-page-surface]') ?? [];
        for (const surface of surfaces) {
          const box = surface.getBoundingClientRect();
          if (clientX >= box.left && clientX <= box.right && clientY >= box.top && clientY <= box.bottom) {
            return {
              page: Number(surface.dataset.pageSurface),
              x: (clientX - box.left) / zoom,
              y: (clientY - box.top) / zoom,
            };
          }
        }
        return null;
      },
    }),
    [pages, zoom, stack.virtualizer, widest],
  );

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      data-testid="pages-view"
      tabIndex={-1}
      onPointerDown={(event) => {
        // A press on the grey around the pages clears the selection, like one on an empty page.
        if (event.button === 0 && (event.target as HTMLElement).dataset.blank !== undefined) {
          dispatch({ type: 'select', keys: [] });
        }
      }}
      data-blank
    >
      <PageStack
        stack={stack}
        pdf={pdf}
        pageTestId="page"
        keyPrefix={`${fileKey}:`}
        blank
        minWidth={widest + 2 * PAGE_PADDING}
        isRaised={(pageNumber) => move?.page === pageNumber}
        classNames={{ caption: classes.pageCaption, surface: classes.pageSurface }}
        caption={(pageNumber) => (
          <>
            <Text size="xs" c="dimmed" fw={500}>
              Page {pageNumber} of {pages.length}
            </Text>
            <PageActionsMenu
              page={pageNumber}
              pageCount={pages.length}
              fieldCount={fieldsByPage.get(pageNumber)?.length ?? 0}
              isBusy={busyPage === pageNumber}
              onAction={onPageAction}
            />
          </>
        )}
      >
        {(pageNumber) => <PageOverlay pageNumber={pageNumber} />}
      </PageStack>
    </div>
  );
}
