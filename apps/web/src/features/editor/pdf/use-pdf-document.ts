import { useEffect, useState } from 'react';
import { pdfFileKey } from './file-key';
import { openPdfDocument, type PdfDocumentHandle } from './pdf-document';

export type PdfDocumentState =
  | { status: 'loading'; doc: null; error: null }
  | { status: 'ready'; doc: PdfDocumentHandle; error: null }
  | { status: 'error'; doc: null; error: Error };

type Outcome = { key: string; doc: PdfDocumentHandle | null; error: Error | null };

/**
 * Opens the PDF at `url` (null: nothing yet) and closes it when the file changes or on unmount.
 * A new signature on the same file's link (its record read again) keeps the open document.
 */
export function usePdfDocument(url: string | null | undefined, attempt = 0): PdfDocumentState {
  const key = `${attempt}:${url ? pdfFileKey(url) : ''}`;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The link the file is opened with; a later one of the same file differs in its signature only.
  const [source, setSource] = useState({ key, url });
  if (source.key !== key) setSource({ key, url });
  const link = source.key === key ? source.url : url;
  useEffect(() => {
    if (!link) return;
    let isCurrent = true;
    let opened: PdfDocumentHandle | null = null;
    openPdfDocument(link).then(
      (doc) => {
        if (!isCurrent) return doc.destroy();
        opened = doc;
        setOutcome({ key, doc, error: null });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setOutcome({
          key,
          doc: null,
          error: error instanceof Error ? error : new Error('Could not open the PDF'),
        });
      },
    );
    return () => {
      isCurrent = false;
      opened?.destroy();
    };
  }, [link, key]);
  if (!outcome || outcome.key !== key) return { status: 'loading', doc: null, error: null };
  if (outcome.doc) return { status: 'ready', doc: outcome.doc, error: null };
  return { status: 'error', doc: null, error: outcome.error ?? new Error('Could not open the PDF') };
}
