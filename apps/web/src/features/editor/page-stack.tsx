import { useCallback, useEffect, type ReactNode, type RefObject } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { TPageSize } from '@esigns/contracts/files';
import { PageCanvas } from './page-canvas';
import type { PdfDocumentHandle } from './pdf/pdf-document';
import classes from './page-stack.module.css';

/** What `usePageStack` answers and `PageStack` draws. */
export type PageStackState = {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  pages: TPageSize[];
  zoom: number;
  captionHeight: number;
};

export type PageStackLayout = {
  pages: TPageSize[];
  zoom: number;
  /** Height of the caption row above each page (pixels). */
  captionHeight: number;
  /** Space between pages, and before the first and after the last one (pixels). */
  gap: number;
  paddingStart: number;
  paddingEnd: number;
};

/**
 * The virtualiser of a page stack in `scroller`: each item is a caption row and a page at `zoom`,
 * sized from the page list (so the scroll height is right before anything is drawn), overscan 1.
 */
export function usePageStack(
  scroller: RefObject<HTMLDivElement | null>,
  { pages, zoom, captionHeight, gap, paddingStart, paddingEnd }: PageStackLayout,
): PageStackState {
  const itemHeight = useCallback(
    (index: number) => captionHeight + (pages[index]?.height ?? 0) * zoom,
    [pages, zoom, captionHeight],
  );
  // The project does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: pages.length,
    getScrollElement: () => scroller.current,
    estimateSize: itemHeight,
    overscan: 1,
    gap,
    paddingStart,
    paddingEnd,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, itemHeight]);
  return { virtualizer, pages, zoom, captionHeight };
}

/** Reports the inner width of `element` now and whenever it changes. */
export function useWidthReport(
  element: RefObject<HTMLElement | null>,
  onWidth: (width: number) => void,
): void {
  useEffect(() => {
    const current = element.current;
    if (!current) return;
    const report = () => onWidth(current.clientWidth);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(current);
    return () => observer.disconnect();
  }, [element, onWidth]);
}

/**
 * The pages in view of a `usePageStack`, one under the other: a caption row, then the
 * page drawn on a canvas with `children` (fields) over it. Used by the editor and the signing page.
 */
export function PageStack({
  stack: { virtualizer, pages, zoom, captionHeight },
  pdf,
  pageTestId,
  keyPrefix = '',
  blank = false,
  minWidth,
  isRaised,
  classNames = {},
  caption,
  firstPageImage = null,
  children,
}: {
  stack: PageStackState;
  pdf: PdfDocumentHandle | null;
  pageTestId: string;
  /** Prefix of each page's key: a new one draws every page again. */
  keyPrefix?: string;
  /** Marks the space around the pages `data-blank` (a press there is on no page). */
  blank?: boolean;
  minWidth?: number;
  /** Pages drawn above their neighbours (a field being moved off its page). */
  isRaised?: (pageNumber: number) => boolean;
  /** Extra classes of each page's caption row and surface (the page's own look). */
  classNames?: { caption?: string; surface?: string };
  caption: (pageNumber: number) => ReactNode;
  /** An image of page 1 shown until its canvas is drawn (PageCanvas `preview`). */
  firstPageImage?: string | null;
  children: (pageNumber: number) => ReactNode;
}) {
  const blankMark = blank ? true : undefined;
  return (
    <div
      data-blank={blankMark}
      className={classes.pagesInner}
      style={{ height: virtualizer.getTotalSize(), minWidth }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const pageNumber = item.index + 1;
        const size = pages[item.index];
        if (!size) return null;
        const zIndex = isRaised ? (isRaised(pageNumber) ? 2 : 1) : undefined;
        return (
          <div
            key={`${keyPrefix}${pageNumber}`}
            className={classes.pageItem}
            data-blank={blankMark}
            data-testid={pageTestId}
            style={{ transform: `translateY(${item.start}px)`, height: item.size, zIndex }}
          >
            <div
              className={joinClasses(classes.pageCaption, classNames.caption)}
              style={{ width: size.width * zoom, height: captionHeight }}
            >
              {caption(pageNumber)}
            </div>
            <div
              className={joinClasses(classes.pageSurface, classNames.surface)}
              data-page-surface={pageNumber}
              style={{ width: size.width * zoom, height: size.height * zoom }}
            >
              <PageCanvas
                pdf={pdf}
                pageNumber={pageNumber}
                zoom={zoom}
                preview={pageNumber === 1 ? firstPageImage : null}
              />
              {children(pageNumber)}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const joinClasses = (base: string | undefined, extra: string | undefined) =>
  extra ? `${base} ${extra}` : base;
