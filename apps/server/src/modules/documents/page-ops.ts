import type { TField } from '@esigns/contracts/documents';
import type { TPageEdit, TPageSize } from '@esigns/contracts/files';
import { validationError } from '../../platform/http/app-error';

/*
 * Pure functions that keep a layout's fields on their pages when the pages change (editor page
 * operations). Coordinates are PDF points, origin at the top-left of the page as rendered.
 * Rotation follows PDF's /Rotate: positive degrees turn the page clockwise.
 */

type Box = Pick<TField, 'x' | 'y' | 'width' | 'height'>;

/**
 * A box on a page of size `page` (before the turn), after the page turns clockwise by
 * `degrees` (90, 180, 270 or -90). The box turns with it: width and height swap on quarter turns.
 */
export function rotateBox(box: Box, page: TPageSize, degrees: number): Box {
  const turn = (((degrees % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const { x, y, width: w, height: h } = box;
  switch (turn) {
    case 90:
      return { x: page.height - (y + h), y: x, width: h, height: w };
    case 180:
      return { x: page.width - (x + w), y: page.height - (y + h), width: w, height: h };
    case 270:
      return { x: y, y: page.width - (x + w), width: h, height: w };
    default:
      return { x, y, width: w, height: h };
  }
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * The page sizes after the edits, checking each edit against the pages as they are at that
 * point: 422 `edits.{i}.page` for a page that does not exist, `edits.{i}.order` for an order
 * that does not list every page exactly once, and deleting the last page is refused.
 */
export function applyPageEditsToPages(pages: TPageSize[], edits: TPageEdit[]): TPageSize[] {
  let current = [...pages];
  edits.forEach((edit, i) => {
    if (edit.op === 'reorder') {
      const sorted = [...edit.order].sort((a, b) => a - b);
      if (sorted.length !== current.length || sorted.some((n, k) => n !== k + 1)) {
        throw validationError([
          {
            key: `edits.${i}.order`,
            message: `List every page from 1 to ${current.length} exactly once`,
            path: ['edits', i, 'order'],
          },
        ]);
      }
      current = edit.order.map((n) => current[n - 1]!);
      return;
    }
    const page = current[edit.page - 1];
    if (!page) {
      throw validationError([
        { key: `edits.${i}.page`, message: `Page ${edit.page} does not exist`, path: ['edits', i, 'page'] },
      ]);
    }
    if (edit.op === 'delete') {
      if (current.length === 1) {
        throw validationError([
          {
            key: `edits.${i}.page`,
            message: 'A document keeps at least one page',
            path: ['edits', i, 'page'],
          },
        ]);
      }
      current = current.filter((_, k) => k !== edit.page - 1);
      return;
    }
    const quarter = Math.abs(edit.degrees % 180) === 90;
    current[edit.page - 1] = quarter ? { width: page.height, height: page.width } : page;
  });
  return current;
}

/**
 * The fields after page edits: they follow their pages through reorders and deletes (fields on
 * a deleted page are removed), and turn with a rotated page. Returns the new fields, the new
 * page sizes and how many fields were removed.
 */
export function moveFieldsForPageEdits(
  fields: TField[],
  pages: TPageSize[],
  edits: TPageEdit[],
): { fields: TField[]; pages: TPageSize[]; removed: number } {
  // Checks every edit first, so that errors name the edit's index.
  const finalPages = applyPageEditsToPages(pages, edits);
  let current = [...pages];
  let moved: TField[] = fields.map((f) => ({ ...f }));
  const before = moved.length;
  for (const edit of edits) {
    const next = applyPageEditsToPages(current, [edit]);
    if (edit.op === 'reorder') {
      moved = moved.map((f) => ({ ...f, page: edit.order.indexOf(f.page) + 1 }));
    } else if (edit.op === 'delete') {
      moved = moved
        .filter((f) => f.page !== edit.page)
        .map((f) => (f.page > edit.page ? { ...f, page: f.page - 1 } : f));
    } else {
      const size = current[edit.page - 1]!;
      moved = moved.map((f) => {
        if (f.page !== edit.page) return f;
        const box = rotateBox(f, size, edit.degrees);
        return { ...f, x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
      });
    }
    current = next;
  }
  return { fields: moved, pages: finalPages, removed: before - moved.length };
}

/** Fields after a blank page is inserted after page `afterPage` (0: before the first). */
export function moveFieldsForNewPage(fields: TField[], afterPage: number): TField[] {
  return fields.map((f) => (f.page > afterPage ? { ...f, page: f.page + 1 } : f));
}
