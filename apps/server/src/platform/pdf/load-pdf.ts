import { deflateSync } from 'node:zlib';
import {
  EncryptedPDFError,
  PDFContentStream,
  PDFDocument,
  PDFFlateStream,
  PDFName,
  type PDFContext,
} from 'pdf-lib';
import { AppError } from '../http/app-error';

/** 415: the bytes are not a PDF this module can work with. */
export function unreadablePdf(message = 'The file is not a readable PDF'): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { message });
}

/** True when `%PDF-` appears within the first KiB (readers accept leading junk that short). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes('%PDF-');
}

/**
 * How many objects pdf-lib parses or writes between two yields to the event loop. Its defaults
 * (100 when parsing, 50 when writing) yield through `setTimeout(0)`, at least a millisecond each:
 * a 50-page seal (about 170 objects) sat idle for 6 ms or more, more than its stamping took. Every
 * 2,000 objects (some 50 ms of parsing) still lets other requests in during a very large document
 * (jobs run in the API process when WORKERS=0); documents of a few hundred pages never wait.
 */
export const OBJECTS_PER_TICK = 2_000;

/**
 * Opens a PDF for changing it. Metadata is left as it is (pdf-lib would stamp "now" into it, and
 * sealing must be reproducible). Garbage, password-protected or page-less files -> 415.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0 || !looksLikePdf(bytes)) throw unreadablePdf();
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: OBJECTS_PER_TICK,
    });
  } catch (err) {
    if (err instanceof EncryptedPDFError) {
      throw unreadablePdf('Password-protected PDFs cannot be sealed: remove the password first');
    }
    throw unreadablePdf();
  }
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw unreadablePdf();
  }
  if (pages === 0) throw unreadablePdf('The PDF has no pages');
  useNativeDeflate(doc.context);
  return doc;
}

/**
 * pdf-lib compresses every stream it writes (page content, fonts, images) with pako, in
 * JavaScript: a third of a seal's time. The same FlateDecode through node:zlib (native, equally
 * deterministic) for the streams this document creates from now on: `context.flateStream` (fonts,
 * images), and every Flate stream registered with the document (page content streams, which
 * `PDFPage` builds with `PDFContentStream.of` directly, form XObjects, object streams).
 */
export function useNativeDeflate(context: PDFContext): void {
  const assign = context.assign.bind(context);
  context.assign = (ref, object) => {
    if (object instanceof PDFFlateStream) deflateNatively(object);
    assign(ref, object);
  };
  const createContentStream = context.contentStream.bind(context);
  context.contentStream = (...args: Parameters<PDFContext['contentStream']>) => {
    const stream = createContentStream(...args);
    deflateNatively(stream);
    return stream;
  };
  context.flateStream = (contents: string | Uint8Array, dict = {}) =>
    context.stream(deflate(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), {
      ...dict,
      Filter: 'FlateDecode',
    });
}

/**
 * zlib (FlateDecode) through node:zlib, with the window and memory sized to the input: most of a
 * seal's streams are a few hundred bytes (one page's stamps), and setting up zlib's default 256 KB
 * of state costs more than compressing them. The window only limits how far back matches can
 * reach: an input that fits in it compresses about as well as with the defaults.
 */
export function deflate(bytes: Uint8Array, level = 6): Buffer {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes.length + 262))));
  return deflateSync(bytes, { level, windowBits, memLevel: Math.min(8, Math.max(1, windowBits - 7)) });
}

/**
 * Content streams under this many bytes are written uncompressed: a page's stamps are often a
 * hundred bytes, which deflate would shrink by a few dozen, for more time than the rest of their
 * writing.
 */
export const SMALL_CONTENT_STREAM = 1024;

/**
 * Makes a pdf-lib Flate stream compress with node:zlib when it is written (not yet computed); a
 * small page content stream is written as it is (its `/Filter` removed).
 */
function deflateNatively(stream: PDFFlateStream): void {
  const inner = stream as unknown as {
    encode?: boolean;
    contentsCache?: { populate?: () => Uint8Array; getValue?: () => Uint8Array | undefined };
  };
  const cache = inner.contentsCache;
  if (!cache || typeof cache.populate !== 'function' || cache.getValue?.() !== undefined) return;
  cache.populate = () => {
    const contents = stream.getUnencodedContents();
    if (inner.encode === false) return contents;
    if (stream instanceof PDFContentStream && contents.length < SMALL_CONTENT_STREAM) {
      // Runs before the dictionary is measured or written (its /Length needs these contents).
      stream.dict.delete(PDFName.of('Filter'));
      return contents;
    }
    return deflate(contents);
  };
}
