import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openPdfDocument } from './pdf-document';
import { usePdfDocument } from './use-pdf-document';

vi.mock('./pdf-document', () => ({
  openPdfDocument: vi.fn(async () => ({
    numPages: 1,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: vi.fn(),
  })),
}));

const open = vi.mocked(openPdfDocument);

describe('usePdfDocument', () => {
  it('keeps the open document when only the signature of its link changes', async () => {
    open.mockClear();
    const { result, rerender } = renderHook(({ url }) => usePdfDocument(url), {
      initialProps: { url: '/api/storage/a.pdf?expires=1&signature=x' },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const first = result.current.doc;
    rerender({ url: '/api/storage/a.pdf?expires=2&signature=y' });
    await act(async () => {});
    expect(result.current.status).toBe('ready');
    expect(result.current.doc).toBe(first);
    expect(open).toHaveBeenCalledTimes(1);
    expect(first?.destroy).not.toHaveBeenCalled();
  });

  it('opens the new file and closes the old one when the file changes, and again on a retry', async () => {
    open.mockClear();
    const { result, rerender } = renderHook(({ url, attempt }) => usePdfDocument(url, attempt), {
      initialProps: { url: '/api/storage/a.pdf?signature=x', attempt: 0 },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const first = result.current.doc;
    rerender({ url: '/api/storage/b.pdf?signature=x', attempt: 0 });
    await waitFor(() => expect(result.current.doc).not.toBe(first));
    expect(first?.destroy).toHaveBeenCalled();
    expect(open).toHaveBeenLastCalledWith('/api/storage/b.pdf?signature=x');
    // A retry opens the file with the newest link (the old signature may have expired).
    rerender({ url: '/api/storage/b.pdf?signature=z', attempt: 1 });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(3));
    expect(open).toHaveBeenLastCalledWith('/api/storage/b.pdf?signature=z');
  });
});
