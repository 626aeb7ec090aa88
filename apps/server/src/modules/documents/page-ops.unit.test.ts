import { describe, expect, it } from 'vitest';
import { ZField, type TField } from '@esigns/contracts/documents';
import { AppError } from '../../platform/http/app-error';
import { applyPageEditsToPages, moveFieldsForNewPage, moveFieldsForPageEdits, rotateBox } from './page-ops';

const LETTER = { width: 612, height: 792 };
const A5 = { width: 420, height: 595 };

const field = (key: string, page: number, box = { x: 10, y: 20, width: 100, height: 30 }): TField =>
  ZField.parse({ key, type: 'SIGNATURE', page, recipient_key: 'r1', ...box });

function errorKeys(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.details?.map((d) => d.key) ?? [];
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('rotateBox', () => {
  const box = { x: 10, y: 20, width: 100, height: 30 };

  it('turns a box a quarter clockwise: the top-left corner goes to the top-right', () => {
    // On a 612x792 page turned clockwise the page becomes 792x612; the box's top edge
    // (y = 20) becomes its right edge at 792 - 20.
    expect(rotateBox(box, LETTER, 90)).toEqual({ x: 792 - 50, y: 10, width: 30, height: 100 });
  });

  it('turns a box upside down', () => {
    expect(rotateBox(box, LETTER, 180)).toEqual({ x: 612 - 110, y: 792 - 50, width: 100, height: 30 });
  });

  it('turns a box a quarter anticlockwise with 270 and -90 alike', () => {
    const expected = { x: 20, y: 612 - 110, width: 30, height: 100 };
    expect(rotateBox(box, LETTER, 270)).toEqual(expected);
    expect(rotateBox(box, LETTER, -90)).toEqual(expected);
  });

  it('comes back to the same box after four quarter turns', () => {
    let b = box;
    let page = LETTER;
    for (let i = 0; i < 4; i++) {
      b = rotateBox(b, page, 90);
      page = { width: page.height, height: page.width };
    }
    expect(b).toEqual(box);
  });

  it('keeps a box inside the turned page', () => {
    const corner = { x: 512, y: 742, width: 100, height: 50 };
    const turned = rotateBox(corner, LETTER, 90);
    expect(turned.x).toBeGreaterThanOrEqual(0);
    expect(turned.x + turned.width).toBeLessThanOrEqual(LETTER.height);
    expect(turned.y + turned.height).toBeLessThanOrEqual(LETTER.width);
  });
});

describe('moveFieldsForPageEdits', () => {
  const pages = [LETTER, A5, LETTER];

  it('moves fields with their pages on a reorder', () => {
    const fields = [field('a', 1), field('b', 2), field('c', 3)];
    const out = moveFieldsForPageEdits(fields, pages, [{ op: 'reorder', order: [3, 1, 2] }]);
    expect(out.fields.map((f) => [f.key, f.page])).toEqual([
      ['a', 2],
      ['b', 3],
      ['c', 1],
    ]);
    expect(out.pages).toEqual([LETTER, LETTER, A5]);
    expect(out.removed).toBe(0);
  });

  it('removes the fields of a deleted page and moves the later ones up', () => {
    const fields = [field('a', 1), field('b', 2), field('c', 3)];
    const out = moveFieldsForPageEdits(fields, pages, [{ op: 'delete', page: 2 }]);
    expect(out.fields.map((f) => [f.key, f.page])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
    expect(out.pages).toEqual([LETTER, LETTER]);
    expect(out.removed).toBe(1);
  });

  it('turns the fields of a rotated page only, and swaps that page size', () => {
    const fields = [field('a', 1), field('b', 2)];
    const out = moveFieldsForPageEdits(fields, pages, [{ op: 'rotate', page: 2, degrees: 90 }]);
    expect(out.fields[0]).toMatchObject({ x: 10, y: 20, width: 100, height: 30 });
    expect(out.fields[1]).toMatchObject({ page: 2, x: 595 - 50, y: 10, width: 30, height: 100 });
    expect(out.pages[1]).toEqual({ width: 595, height: 420 });
  });

  it('applies edits in order, each on the pages the previous one left', () => {
    const fields = [field('a', 1), field('b', 2), field('c', 3)];
    const out = moveFieldsForPageEdits(fields, pages, [
      { op: 'delete', page: 1 },
      { op: 'reorder', order: [2, 1] },
      { op: 'rotate', page: 1, degrees: 180 },
    ]);
    // After the delete: b on 1 (A5), c on 2; after the reorder: c on 1 (LETTER), b on 2.
    expect(out.fields.map((f) => [f.key, f.page])).toEqual([
      ['b', 2],
      ['c', 1],
    ]);
    expect(out.fields.find((f) => f.key === 'c')).toMatchObject({ x: 612 - 110, y: 792 - 50 });
    expect(out.pages).toEqual([LETTER, A5]);
    expect(out.removed).toBe(1);
  });

  it('refuses unknown pages, partial orders and deleting the last page, naming the edit', () => {
    expect(errorKeys(() => moveFieldsForPageEdits([], pages, [{ op: 'delete', page: 4 }]))).toEqual([
      'edits.0.page',
    ]);
    expect(
      errorKeys(() =>
        moveFieldsForPageEdits([], pages, [
          { op: 'rotate', page: 1, degrees: 90 },
          { op: 'reorder', order: [1, 1, 2] },
        ]),
      ),
    ).toEqual(['edits.1.order']);
    expect(errorKeys(() => applyPageEditsToPages([LETTER], [{ op: 'delete', page: 1 }]))).toEqual([
      'edits.0.page',
    ]);
  });
});

describe('moveFieldsForNewPage', () => {
  it('moves the fields after the new page down by one', () => {
    const fields = [field('a', 1), field('b', 2)];
    expect(moveFieldsForNewPage(fields, 1).map((f) => f.page)).toEqual([1, 3]);
    expect(moveFieldsForNewPage(fields, 0).map((f) => f.page)).toEqual([2, 3]);
    expect(moveFieldsForNewPage(fields, 2).map((f) => f.page)).toEqual([1, 2]);
  });
});
