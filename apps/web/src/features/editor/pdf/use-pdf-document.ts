import { useEffect, useState } from 'react';
import { openPdfDocument, type PdfDocumentHandle } from './pdf-document';

export type PdfDocumentState =
  | { status: 'loading'; doc: null; error: null }
  | { status: 'ready'; doc: PdfDocumentHandle; error: null }
  | { status: 'error'; doc: null; error: Error };

type Outcome = { key: string; doc: PdfDocumentHandle | null; error: Error | null };

/** Opens the PDF at `url` (null: nothing yet) and closes it when the address changes or on unmount. */
export function usePdfDocument(url: string | null | undefined, attempt = 0): PdfDocumentState {
  const key = `${attempt}:${url ?? ''}`;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    let opened: PdfDocumentHandle | null = null;
    openPdfDocument(url).then(
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
  }, [url, key]);
  if (!outcome || outcome.key !== key) return { status: 'loading', doc: null, error: null };
  if (outcome.doc) return { status: 'ready', doc: outcome.doc, error: null };
  return { status: 'error', doc: null, error: outcome.error ?? new Error('Could not open the PDF') };
}
