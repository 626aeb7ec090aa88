import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDocument } from 'pdfjs-dist';
import { openPdfDocument, openPdfDocumentAhead } from './pdf-document';

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument: vi.fn(() => ({
    promise: Promise.resolve({ numPages: 2, getPage: vi.fn(async () => ({})) }),
    destroy: vi.fn(async () => {}),
  })),
}));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/assets/pdf.worker.mjs' }));

const opened = vi.mocked(getDocument);

describe('opening a PDF ahead', () => {
  beforeEach(() => {
    opened.mockClear();
    vi.stubGlobal('Worker', class {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands the document opened ahead to the first open of the same file, once', async () => {
    openPdfDocumentAhead('/api/storage/a.pdf?signature=1');
    openPdfDocumentAhead('/api/storage/a.pdf?signature=2');
    expect(opened).toHaveBeenCalledTimes(0); // pdf.js is still loading
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    const doc = await opened.mock.results[0]!.value.promise;
    await vi.waitFor(() => expect(doc.getPage).toHaveBeenCalledWith(1));

    const handle = await openPdfDocument('/api/storage/a.pdf?signature=3');
    expect(handle.numPages).toBe(2);
    expect(opened).toHaveBeenCalledTimes(1);
    // Handed out: the next open of that file opens it again.
    await openPdfDocument('/api/storage/a.pdf?signature=4');
    expect(opened).toHaveBeenCalledTimes(2);
    expect(opened).toHaveBeenLastCalledWith({
      url: '/api/storage/a.pdf?signature=4',
      isEvalSupported: false,
    });
  });

  it('opens nothing ahead where the browser runs no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    openPdfDocumentAhead('/api/storage/b.pdf');
    await openPdfDocument('/api/storage/c.pdf');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenLastCalledWith({ url: '/api/storage/c.pdf', isEvalSupported: false });
  });
});
