import { PdfPageImages } from '../../shared/ui/pdf-page-images';

/** The invoice's pages as images (every browser, phones too; no PDF plug-in needed). */
export function InvoicePages({ blob, cacheKey }: { blob: Blob; cacheKey: string }) {
  return (
    <PdfPageImages
      load={async () => new Uint8Array(await blob.arrayBuffer())}
      cacheKey={['invoice', cacheKey]}
      label="Invoice"
    />
  );
}
