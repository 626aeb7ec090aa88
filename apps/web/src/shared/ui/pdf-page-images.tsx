import { Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';

/** Pixels per PDF point the pages are drawn at (A4: about 1190 px wide, sharp on phones too). */
const SCALE = 2;

/**
 * Draws the first `maxPages` pages of a PDF to PNGs with pdf.js (imported only now), from the
 * bytes themselves: the app's CSP lets nothing fetch a `blob:` URL (connect-src), so the editor's
 * URL-based loader cannot open a blob.
 */
async function drawPages(bytes: Uint8Array, maxPages: number): Promise<{ images: string[]; total: number }> {
  const workerUrl = import('pdfjs-dist/build/pdf.worker.min.mjs?url').then((m) => m.default);
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), workerUrl]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker;
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false });
  const doc = await task.promise;
  try {
    const images: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n += 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      images.push(canvas.toDataURL('image/png'));
      page.cleanup();
    }
    return { images, total: doc.numPages };
  } finally {
    void task.destroy();
  }
}

/**
 * A PDF's pages as images (every browser, phones too; no PDF plug-in needed). `load` gives the
 * bytes (a blob's, a fetched link's); `label` names a page for its alt text ("Invoice").
 */
export function PdfPageImages({
  load,
  cacheKey,
  label,
  maxPages = 20,
}: {
  load: () => Promise<Uint8Array>;
  cacheKey: QueryKey;
  label: string;
  maxPages?: number;
}) {
  const pages = useQuery({
    queryKey: ['pdf-page-images', ...cacheKey],
    queryFn: async () => drawPages(await load(), maxPages),
    staleTime: Infinity,
    retry: false,
  });
  if (pages.isError) {
    return (
      <Text c="dimmed" size="sm" p="md">
        The preview could not be drawn; download the PDF to read it.
      </Text>
    );
  }
  if (!pages.data) {
    return (
      <Stack align="center" p="xl">
        <Loader size="sm" aria-label="Drawing the pages" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p="md" bg="gray.1" align="center">
      {pages.data.images.map((src, i) => (
        <Image
          key={i}
          src={src}
          alt={`${label} page ${i + 1}`}
          maw={900}
          w="100%"
          bg="white"
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        />
      ))}
      {pages.data.total > maxPages && (
        <Text size="sm" c="dimmed">
          The first {maxPages} of {pages.data.total} pages: download the PDF for the rest.
        </Text>
      )}
    </Stack>
  );
}
