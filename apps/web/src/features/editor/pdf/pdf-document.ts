/**
 * The one place that touches pdf.js. It is loaded on first use (a separate chunk, so the rest of
 * the app never downloads it) and can be replaced in tests, where pdf.js cannot run (jsdom has no
 * canvas).
 */

import { pdfFileKey } from './file-key';

export type PdfRenderTask = { promise: Promise<void>; cancel: () => void };

export type PdfDocumentHandle = {
  numPages: number;
  /**
   * Draws page `pageNumber` (1-based) into `canvas` at `scale` CSS pixels per point, sharpened for
   * the screen's pixel ratio. The canvas keeps its CSS size; only its bitmap changes.
   */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, scale: number) => PdfRenderTask;
  destroy: () => void;
};

/** Largest bitmap drawn for one page (pixels); beyond it the page is drawn at a lower resolution. */
const MAX_CANVAS_PIXELS = 16_000_000;

let pdfJs: ReturnType<typeof importPdfJs> | null = null;

async function importPdfJs(warmWorker: boolean) {
  const workerUrl = import('pdfjs-dist/build/pdf.worker.min.mjs?url').then((m) => m.default);
  // The worker's script (the larger part) downloads while pdf.js itself does; the worker pdf.js
  // starts then reads it from the browser's cache.
  if (warmWorker) void workerUrl.then((url) => fetch(url)).catch(() => undefined);
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), workerUrl]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker;
  return pdfjs;
}

function loadPdfJs(warmWorker = false) {
  pdfJs ??= importPdfJs(warmWorker).catch((error: unknown) => {
    pdfJs = null; // a failed download may be retried
    throw error;
  });
  return pdfJs;
}

/** Documents opened ahead of a screen that shows them, by file; each is handed out once. */
const openedAhead = new Map<string, Promise<PdfDocumentHandle>>();

/**
 * Opens the PDF at `url` before a screen needs it (the signing landing does, while the signer
 * reads it): pdf.js, its worker, the file and its first page are ready when the signing view
 * opens the same file. Only where a browser runs workers; a failure is left to the real open.
 */
export function openPdfDocumentAhead(url: string): void {
  if (typeof Worker === 'undefined') return;
  const key = pdfFileKey(url);
  if (openedAhead.has(key)) return;
  const opening = openNow(url, true);
  openedAhead.set(key, opening);
  opening.catch(() => {
    if (openedAhead.get(key) === opening) openedAhead.delete(key);
  });
}

/** Opens the PDF at `url`; the caller owns the handle and destroys it. */
export function openPdfDocument(url: string): Promise<PdfDocumentHandle> {
  const key = pdfFileKey(url);
  const ahead = openedAhead.get(key);
  if (ahead) {
    openedAhead.delete(key);
    return ahead;
  }
  return openNow(url);
}

async function openNow(url: string, ahead = false): Promise<PdfDocumentHandle> {
  const pdfjs = await loadPdfJs(ahead);
  // No eval: the app's Content-Security-Policy forbids it.
  const task = pdfjs.getDocument({ url, isEvalSupported: false });
  const doc = await task.promise;
  // pdf.js keeps the page it parsed: drawing it later starts from there.
  if (ahead) doc.getPage(1).catch(() => undefined);
  return {
    numPages: doc.numPages,
    renderPage(pageNumber, canvas, scale) {
      let cancelled = false;
      let inner: { cancel: () => void } | null = null;
      const promise = (async () => {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const ratio = Math.max(1, window.devicePixelRatio || 1);
        const base = page.getViewport({ scale: 1 });
        const wanted = scale * ratio;
        const cap = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, base.width * base.height));
        const viewport = page.getViewport({ scale: Math.min(wanted, cap) });
        // Draw off-screen first so the old picture stays until the new one is complete.
        const buffer = document.createElement('canvas');
        buffer.width = Math.floor(viewport.width);
        buffer.height = Math.floor(viewport.height);
        const render = page.render({ canvas: buffer, viewport });
        inner = render;
        try {
          await render.promise;
        } finally {
          page.cleanup();
        }
        if (cancelled) return;
        canvas.width = buffer.width;
        canvas.height = buffer.height;
        canvas.getContext('2d')?.drawImage(buffer, 0, 0);
      })();
      return {
        promise: promise.catch((error: unknown) => {
          if (cancelled || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
          throw error;
        }),
        cancel() {
          cancelled = true;
          inner?.cancel();
        },
      };
    },
    destroy() {
      void task.destroy();
    },
  };
}
