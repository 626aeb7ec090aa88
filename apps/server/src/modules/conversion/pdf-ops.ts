import { degrees, PDFDocument, type PDFPage } from 'pdf-lib';
import type { TPageEdit, TPageSize } from '@esigns/contracts/files';
import { AppError, validationError } from '../../platform/http/app-error';

/** A PDF that was read and checked: its pages as rendered. */
export type InspectedPdf = { doc: PDFDocument; pages: TPageSize[] };

/** Where each page of an edited PDF came from: 1-based source page, clockwise turn added. */
export type EditedPage = { from: number; rotation: 0 | 90 | 180 | 270 };

/**
 * Reads a PDF and checks it can be worked on (422 otherwise, naming the file): readable,
 * not encrypted, at least one page, at most `maxPages` pages, every page with a size.
 */
export async function inspectPdf(
  bytes: Uint8Array,
  fileName: string,
  maxPages: number,
): Promise<InspectedPdf> {
  let doc: PDFDocument;
  try {
    // Encryption is detected here and refused below with its own message.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (err) {
    throw damaged(fileName, err);
  }
  if (doc.isEncrypted) {
    throw new AppError('VALIDATION_FAILED', {
      message: `The PDF is password-protected (${fileName}): remove the password and upload it again`,
    });
  }
  let count: number;
  try {
    count = doc.getPageCount();
  } catch (err) {
    throw damaged(fileName, err);
  }
  if (count === 0) throw new AppError('VALIDATION_FAILED', { message: `${fileName} has no pages` });
  assertPageCount(count, maxPages, fileName);
  try {
    return { doc, pages: doc.getPages().map(renderedSize) };
  } catch (err) {
    throw damaged(fileName, err);
  }
}

/** 422 when a PDF would have more than `maxPages` pages. */
export function assertPageCount(count: number, maxPages: number, what: string): void {
  if (count > maxPages) {
    throw new AppError('VALIDATION_FAILED', {
      message: `${what} has ${count} pages: a document may have at most ${maxPages}`,
    });
  }
}

/** A page's size as a viewer shows it: the crop box, turned by the page's rotation. */
export function renderedSize(page: PDFPage): TPageSize {
  const { width, height } = page.getCropBox();
  const w = round(Math.abs(width));
  const h = round(Math.abs(height));
  if (!(w > 0 && h > 0)) throw new Error('page without a size');
  return quarterTurned(normaliseAngle(page.getRotation().angle))
    ? { width: h, height: w }
    : { width: w, height: h };
}

/** One PDF made of every page of `sources`, in order. */
export async function mergePdfs(sources: PDFDocument[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const source of sources) {
    // One copy call per source, so resources shared by its pages (fonts) are copied once.
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

/**
 * Inserts a blank page after page `afterPage` (0: before the first), sized `size` or like its
 * neighbour as rendered (the page before it, or the first page). 422 `after_page` when out of range.
 */
export async function addBlankPage(
  pdf: InspectedPdf,
  afterPage: number,
  size: Partial<TPageSize> | undefined,
  maxPages: number,
  fileName: string,
): Promise<Uint8Array> {
  const count = pdf.pages.length;
  if (!Number.isInteger(afterPage) || afterPage < 0 || afterPage > count) {
    throw fieldError(['after_page'], `Use a page number from 0 to ${count}`);
  }
  assertPageCount(count + 1, maxPages, fileName);
  const neighbour = pdf.pages[Math.max(0, afterPage - 1)]!;
  const width = size?.width ?? neighbour.width;
  const height = size?.height ?? neighbour.height;
  pdf.doc.insertPage(afterPage, [width, height]);
  return pdf.doc.save();
}

/**
 * Plans page edits (rotate, delete, reorder), applied in order, each checked against the pages
 * as they are at that point: 422 `edits.{i}.page` for a page that does not exist,
 * `edits.{i}.order` for an order that does not list every page exactly once, and deleting the
 * only page left is refused. Answers, for each resulting page, its source page and added turn.
 */
export function planPageEdits(pageCount: number, edits: readonly TPageEdit[]): EditedPage[] {
  let pages: EditedPage[] = Array.from({ length: pageCount }, (_, i) => ({ from: i + 1, rotation: 0 }));
  edits.forEach((edit, i) => {
    if (edit.op === 'reorder') {
      const { order } = edit;
      const isPermutation =
        order.length === pages.length &&
        new Set(order).size === order.length &&
        order.every((n) => Number.isInteger(n) && n >= 1 && n <= pages.length);
      if (!isPermutation) {
        throw fieldError(['edits', i, 'order'], `List every page from 1 to ${pages.length} exactly once`);
      }
      pages = order.map((n) => pages[n - 1]!);
      return;
    }
    if (!Number.isInteger(edit.page) || edit.page < 1 || edit.page > pages.length) {
      throw fieldError(
        ['edits', i, 'page'],
        `Page ${edit.page} does not exist (the document has ${pages.length} at this point)`,
      );
    }
    if (edit.op === 'delete') {
      if (pages.length === 1) {
        throw fieldError(
          ['edits', i, 'page'],
          'A document keeps at least one page: the last page cannot be deleted',
        );
      }
      pages = pages.filter((_, index) => index !== edit.page - 1);
      return;
    }
    pages = pages.map((page, index) =>
      index === edit.page - 1 ? { ...page, rotation: normaliseAngle(page.rotation + edit.degrees) } : page,
    );
  });
  return pages;
}

/**
 * A new PDF with the planned pages. It is built from scratch (pages copied over), so that a
 * deleted page's content is really gone from the file rather than merely unreferenced.
 */
export async function buildEditedPdf(source: PDFDocument, plan: readonly EditedPage[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    source,
    plan.map((p) => p.from - 1),
  );
  copied.forEach((page, i) => {
    const turn = plan[i]!.rotation;
    if (turn !== 0) page.setRotation(degrees(normaliseAngle(page.getRotation().angle + turn)));
    out.addPage(page);
  });
  return out.save();
}

function normaliseAngle(angle: number): 0 | 90 | 180 | 270 {
  const quarter = Math.round(angle / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as 0 | 90 | 180 | 270;
}

function quarterTurned(angle: 0 | 90 | 180 | 270): boolean {
  return angle === 90 || angle === 270;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** 422 on one field, with the field's message as the answer's message too. */
export function fieldError(path: (string | number)[], message: string): AppError {
  return validationError([{ key: path.join('.'), message, path }], message);
}

function damaged(fileName: string, cause: unknown): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `${fileName} is a damaged PDF and cannot be read`,
    cause,
  });
}
