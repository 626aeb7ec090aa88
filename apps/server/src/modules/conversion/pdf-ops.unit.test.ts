import { decodePDFRawStream, degrees, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TPageEdit } from '@esigns/contracts/files';
import { addBlankPage, buildEditedPdf, inspectPdf, mergePdfs, planPageEdits } from './pdf-ops';
import { encryptPdf, makePdf } from './test-files';

async function pageTexts(bytes: Uint8Array): Promise<{ size: [number, number]; rotation: number }[]> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .map((p) => ({ size: [p.getWidth(), p.getHeight()], rotation: p.getRotation().angle }));
}

/** Every stream of the file, decoded: what a reader of the raw file could recover. */
function streamsText(doc: PDFDocument): string {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) =>
      obj instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1') : '',
    )
    .join('\n');
}

describe('inspectPdf', () => {
  it('answers page sizes as rendered: crop box, turned by the page rotation', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]);
    doc.addPage([600, 800]).setRotation(degrees(90));
    const cropped = doc.addPage([600, 800]);
    cropped.setCropBox(50, 50, 300, 400);
    const { pages } = await inspectPdf(await doc.save(), 'a.pdf', 500);
    expect(pages).toEqual([
      { width: 600, height: 800 },
      { width: 800, height: 600 },
      { width: 300, height: 400 },
    ]);
  });

  it.each([
    ['garbage after a header', Buffer.from('%PDF-1.7\ngarbage garbage\n%%EOF')],
    ['a header only', Buffer.from('%PDF-1.4\n')],
    ['not a PDF at all', Buffer.from('hello')],
  ])('refuses a damaged PDF (%s) with 422', async (_label, bytes) => {
    await expect(inspectPdf(bytes, 'broken.pdf', 500)).rejects.toMatchObject({
      status: 422,
      message: 'broken.pdf is a damaged PDF and cannot be read',
    });
  });

  it('refuses a truncated PDF with 422', async () => {
    const pdf = await makePdf(3);
    await expect(inspectPdf(pdf.subarray(0, pdf.length / 2), 'cut.pdf', 500)).rejects.toMatchObject({
      status: 422,
    });
  });

  it('refuses an encrypted PDF with 422 "The PDF is password-protected"', async () => {
    const encrypted = await encryptPdf(await makePdf(1));
    await expect(inspectPdf(encrypted, 'locked.pdf', 500)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^The PDF is password-protected/),
    });
  });

  it('refuses more pages than allowed with 422', async () => {
    await expect(inspectPdf(await makePdf(4), 'long.pdf', 3)).rejects.toMatchObject({
      status: 422,
      message: 'long.pdf has 4 pages: a document may have at most 3',
    });
  });
});

describe('planPageEdits', () => {
  it('applies rotate, delete and reorder in order, tracking source pages and turns', () => {
    const edits: TPageEdit[] = [
      { op: 'rotate', page: 2, degrees: 90 },
      { op: 'delete', page: 1 },
      { op: 'reorder', order: [3, 1, 2] },
      { op: 'rotate', page: 2, degrees: -90 },
      { op: 'rotate', page: 2, degrees: 180 },
    ];
    expect(planPageEdits(4, edits)).toEqual([
      { from: 4, rotation: 0 },
      { from: 2, rotation: 180 },
      { from: 3, rotation: 0 },
    ]);
  });

  it.each<[string, TPageEdit[], string]>([
    ['a page past the end', [{ op: 'rotate', page: 4, degrees: 90 }], 'edits.0.page'],
    [
      'a page deleted by an earlier edit',
      [
        { op: 'delete', page: 3 },
        { op: 'delete', page: 3 },
      ],
      'edits.1.page',
    ],
    ['an order missing a page', [{ op: 'reorder', order: [1, 2] }], 'edits.0.order'],
    ['an order repeating a page', [{ op: 'reorder', order: [1, 1, 2] }], 'edits.0.order'],
    ['an order naming a page twice past the end', [{ op: 'reorder', order: [1, 2, 4] }], 'edits.0.order'],
  ])('refuses %s with 422 on its key', (_label, edits, key) => {
    expect(() => planPageEdits(3, edits)).toThrow(expect.objectContaining({ status: 422 }));
    try {
      planPageEdits(3, edits);
    } catch (err) {
      expect((err as { details: { key: string }[] }).details[0]!.key).toBe(key);
    }
  });

  it('refuses to delete the last page left', () => {
    expect(() =>
      planPageEdits(2, [
        { op: 'delete', page: 1 },
        { op: 'delete', page: 1 },
      ]),
    ).toThrow(/last page cannot be deleted/);
  });
});

describe('buildEditedPdf', () => {
  it('copies the planned pages with their added turn, and drops the deleted pages', async () => {
    const source = await PDFDocument.create();
    source.addPage([100, 200]);
    source.addPage([300, 400]).setRotation(degrees(90));
    source.addPage([500, 600]);
    const doc = await PDFDocument.load(await source.save());
    const plan = planPageEdits(3, [
      { op: 'delete', page: 1 },
      { op: 'rotate', page: 1, degrees: 270 },
      { op: 'reorder', order: [2, 1] },
    ]);
    const out = await buildEditedPdf(doc, plan);
    expect(await pageTexts(out)).toEqual([
      { size: [500, 600], rotation: 0 },
      { size: [300, 400], rotation: 0 },
    ]);
    const edited = await inspectPdf(out, 'x.pdf', 500);
    expect(edited.pages).toEqual([
      { width: 500, height: 600 },
      { width: 300, height: 400 },
    ]);
  });

  it("does not keep a deleted page's content in the file", async () => {
    const source = await PDFDocument.create();
    source.addPage([200, 200]).drawText('KEEP-ME');
    source.addPage([200, 200]).drawText('SECRET-PAGE');
    const doc = await PDFDocument.load(await source.save());
    const out = await buildEditedPdf(doc, planPageEdits(2, [{ op: 'delete', page: 2 }]));
    const reread = await PDFDocument.load(out);
    expect(reread.getPageCount()).toBe(1);
    // pdf-lib writes standard-font text as upper-case hex inside compressed content streams.
    const hex = (s: string): string => Buffer.from(s).toString('hex').toUpperCase();
    expect(streamsText(doc)).toContain(hex('SECRET-PAGE'));
    expect(streamsText(reread)).not.toContain(hex('SECRET-PAGE'));
    expect(streamsText(reread)).toContain(hex('KEEP-ME'));
  });
});

describe('addBlankPage and mergePdfs', () => {
  it('inserts a page sized like the page before it, or as asked', async () => {
    const source = await PDFDocument.create();
    source.addPage([100, 200]);
    source.addPage([300, 400]).setRotation(degrees(90));
    const bytes = await source.save();
    const afterSecond = await addBlankPage(await inspectPdf(bytes, 'a.pdf', 500), 2, undefined, 500, 'a.pdf');
    expect((await inspectPdf(afterSecond, 'a.pdf', 500)).pages).toEqual([
      { width: 100, height: 200 },
      { width: 400, height: 300 },
      { width: 400, height: 300 },
    ]);
    const first = await addBlankPage(await inspectPdf(bytes, 'a.pdf', 500), 0, { width: 50 }, 500, 'a.pdf');
    expect((await inspectPdf(first, 'a.pdf', 500)).pages[0]).toEqual({ width: 50, height: 200 });
  });

  it('refuses a position outside 0..n with 422 after_page, and a page beyond the cap', async () => {
    const pdf = await inspectPdf(await makePdf(2), 'a.pdf', 500);
    await expect(addBlankPage(pdf, 3, undefined, 500, 'a.pdf')).rejects.toMatchObject({
      status: 422,
      details: [expect.objectContaining({ key: 'after_page' })],
    });
    await expect(addBlankPage(pdf, 1, undefined, 2, 'a.pdf')).rejects.toMatchObject({ status: 422 });
  });

  it('merges every page of each file in order', async () => {
    const a = await PDFDocument.load(await makePdf(2, [100, 100]));
    const b = await PDFDocument.load(await makePdf(1, [200, 300]));
    const merged = await mergePdfs([a, b, a]);
    expect((await inspectPdf(merged, 'm.pdf', 500)).pages).toEqual([
      { width: 100, height: 100 },
      { width: 100, height: 100 },
      { width: 200, height: 300 },
      { width: 100, height: 100 },
      { width: 100, height: 100 },
    ]);
  });
});
