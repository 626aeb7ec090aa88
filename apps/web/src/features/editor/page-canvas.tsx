import { useEffect, useRef, useState } from 'react';
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PdfDocumentHandle } from './pdf/pdf-document';
import classes from './editor.module.css';

/** Zoom changes settle for this long before the page is drawn again (the old bitmap stretches meanwhile). */
const REDRAW_DELAY_MS = 150;

/**
 * One PDF page drawn into a canvas of the page's on-screen size. `preview`: an image of the page
 * (the signing view's first page, drawn by the server) shown until the canvas is drawn.
 */
export function PageCanvas({
  pdf,
  pageNumber,
  zoom,
  preview = null,
}: {
  pdf: PdfDocumentHandle | null;
  pageNumber: number;
  zoom: number;
  preview?: string | null;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawnAt, setDrawnAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [previewShown, setPreviewShown] = useState(false);
  const showPreview = preview !== null && drawnAt === null;
  const [scale] = useDebouncedValue(zoom, drawnAt === null ? 0 : REDRAW_DELAY_MS);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    const task = pdf.renderPage(pageNumber, canvas.current, scale);
    task.promise.then(
      () => {
        setFailed(false);
        setDrawnAt(scale);
      },
      () => setFailed(true),
    );
    return () => task.cancel();
  }, [pdf, pageNumber, scale]);

  return (
    <>
      <canvas
        ref={canvas}
        className={classes.canvas}
        aria-hidden
        data-testid={`page-canvas-${pageNumber}`}
        data-drawn={drawnAt !== null}
      />
      {showPreview && (
        <img
          src={preview}
          alt=""
          className={classes.canvas}
          data-testid={`page-image-${pageNumber}`}
          data-loaded={previewShown}
          onLoad={() => setPreviewShown(true)}
        />
      )}
      {drawnAt === null && !failed && !previewShown && (
        <div className={classes.pageStatus}>
          <Loader size="sm" color="gray" />
        </div>
      )}
      {failed && <div className={classes.pageStatus}>This page could not be shown.</div>}
    </>
  );
}
