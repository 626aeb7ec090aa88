import { Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

/** Pixels per PDF point the pages are drawn at (A4: about 1190 px wide, sharp on phones too). */
const SCALE = 2;

/**
 * Draws each page of the PDF to a PNG with pdf.js, from the bytes themselves: the app's CSP lets
 * nothing fetch a `blob:` URL (connect-src), so the editor's URL-based loader cannot open it.
 */
async function drawPages(blob: Blob): Promise<string[]> {
  const workerUrl = import('pdfjs-dist/build/pdf.worker.min.mjs?url').then((m) => m.default);
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), workerUrl]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker;
  const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false });
  const doc = await task.promise;
  try {
    const images: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, 20); n += 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      images.push(canvas.toDataURL('image/png'));
      page.cleanup();
    }
    return images;
  } finally {
    void task.destroy();
  }
}

/** The invoice's pages as images (every browser, phones too; no PDF plug-in needed). */
export function InvoicePages({ blob, cacheKey }: { blob: Blob; cacheKey: string }) {
  const pages = useQuery({
    queryKey: ['payment-gateway', 'invoice-pages', cacheKey],
    queryFn: () => drawPages(blob),
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
        <Loader size="sm" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p="md" bg="gray.1" align="center">
      {pages.data.map((src, i) => (
        <Image
          key={i}
          src={src}
          alt={`Invoice page ${i + 1}`}
          maw={900}
          w="100%"
          bg="white"
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        />
      ))}
    </Stack>
  );
}
