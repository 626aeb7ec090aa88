import { useEffect, useRef, useState } from 'react';
import { Box, Center } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type * as PdfJsModule from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;
let pdfJsPromise: Promise<PdfJs> | null = null;

/** pdf.js and its worker, loaded once on first use (they are large). */
function loadPdfJs(): Promise<PdfJs> {
  pdfJsPromise ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return pdfJsPromise;
}

/**
 * The first page of a PDF drawn small, from its signed `url`; a PDF icon while it loads, without
 * a url, or when drawing fails (the thumbnail is a nicety, never an error).
 */
export function PdfThumbnail({
  url,
  width = 56,
  label,
}: {
  url?: string | null;
  width?: number;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setDrawn] = useState(false);
  const height = Math.round(width * 1.3);

  useEffect(() => {
    if (!url) return;
    let isCancelled = false;
    let destroy: (() => void) | undefined;
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const task = pdfjs.getDocument({ url, disableAutoFetch: true, disableStream: false });
        destroy = () => void task.destroy();
        const pdf = await task.promise;
        const page = await pdf.getPage(1);
        const base = page.getViewport({ scale: 1 });
        const scale = ((width * 2) / base.width) as number;
        const viewport = page.getViewport({ scale });
        const canvas = canvasRef.current;
        if (isCancelled || !canvas) return;
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        await page.render({ canvas, viewport }).promise;
        if (!isCancelled) setDrawn(true);
      } catch {
        // Keep the icon.
      }
    })();
    return () => {
      isCancelled = true;
      destroy?.();
    };
  }, [url, width]);

  return (
    <Box
      w={width}
      h={height}
      style={{
        flexShrink: 0,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'white',
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`First page of ${label}`}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: isDrawn ? 'block' : 'none' }}
      />
      {!isDrawn && (
        <Center h="100%" aria-hidden>
          <IconFileTypePdf size={Math.round(width / 2)} color="var(--mantine-color-gray-5)" stroke={1.4} />
        </Center>
      )}
    </Box>
  );
}
