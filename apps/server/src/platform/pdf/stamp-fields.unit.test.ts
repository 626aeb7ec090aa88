import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { concatTransformationMatrix, degrees, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { stampFields } from './stamp-fields';
import { darkPixelsIn, field, makePdf, pdfText, qpdfCheck, renderPage, signatureDataUrl } from './testing';

function pdffonts(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdffonts-'));
  try {
    writeFileSync(path.join(dir, 'f.pdf'), bytes);
    return execFileSync('pdffonts', [path.join(dir, 'f.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A valid little PNG whose header claims 10^10 pixels (a decompression bomb's shape). */
function hugePng(): string {
  const png = Buffer.from(signatureDataUrl().split(',')[1]!, 'base64');
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  return `data:image/png;base64,${png.toString('base64')}`;
}

type Box = { x: number; y: number; width: number; height: number };
const grow = (b: Box, by: number): Box => ({
  x: b.x - by,
  y: b.y - by,
  width: b.width + 2 * by,
  height: b.height + 2 * by,
});

describe('stampFields on rotated pages', { timeout: 30_000 }, () => {
  // Boxes in points of the page as shown (top-left origin), whatever /Rotate says.
  const text: Box = { x: 20, y: 30, width: 200, height: 26 };
  const checkbox: Box = { x: 230, y: 200, width: 30, height: 30 };
  const signature: Box = { x: 20, y: 150, width: 120, height: 40 };

  it.each([0, 90, 180, 270])(
    'lands every stamp inside its box, upright, on a page rotated %i degrees',
    async (rotate) => {
      const doc = await PDFDocument.create();
      doc.addPage([300, 400]).setRotation(degrees(rotate));
      const original = await doc.save();
      const stamped = await stampFields(
        original,
        [
          field({ key: 'name', type: 'TEXT', ...text, font: { family: 'Helvetica', size: 20 } }),
          field({ key: 'ok', type: 'CHECKBOX', ...checkbox }),
          field({ key: 'sig', type: 'SIGNATURE', ...signature }),
        ],
        { name: 'MMM', ok: true, sig: signatureDataUrl() },
      );
      const raster = renderPage(stamped, 1);
      const shown = rotate % 180 === 0 ? { width: 300, height: 400 } : { width: 400, height: 300 };
      expect(Math.abs(raster.width / raster.scale - shown.width)).toBeLessThan(2);
      expect(Math.abs(raster.height / raster.scale - shown.height)).toBeLessThan(2);

      expect(darkPixelsIn(raster, text)).toBeGreaterThan(20);
      expect(darkPixelsIn(raster, checkbox)).toBeGreaterThan(20);
      expect(darkPixelsIn(raster, signature)).toBeGreaterThan(20);
      // Left-aligned and upright: the short text sits in the left part of its box only.
      expect(darkPixelsIn(raster, { ...text, width: text.width / 3 })).toBeGreaterThan(20);
      expect(darkPixelsIn(raster, { ...text, x: text.x + text.width / 2, width: text.width / 2 })).toBe(0);

      // Nothing anywhere else on the page.
      let outside = 0;
      const boxes = [text, checkbox, signature].map((b) => grow(b, 2));
      for (let y = 0; y < shown.height; y += 1 / raster.scale) {
        for (let x = 0; x < shown.width; x += 1 / raster.scale) {
          const inBox = boxes.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
          if (!inBox && raster.dark(x, y)) outside++;
        }
      }
      expect(outside).toBe(0);
    },
    30_000,
  );

  it('is not thrown off by page content that leaves its transformation matrix changed', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 400]);
    // Scales everything after it by 3 and never restores the graphics state.
    page.pushOperators(concatTransformationMatrix(3, 0, 0, 3, 0, 0));
    const stamped = await stampFields(
      await doc.save(),
      [field({ key: 'ok', type: 'CHECKBOX', x: 20, y: 20, width: 30, height: 30 })],
      { ok: true },
    );
    const raster = renderPage(stamped, 1);
    expect(darkPixelsIn(raster, { x: 20, y: 20, width: 30, height: 30 })).toBeGreaterThan(20);
    expect(darkPixelsIn(raster, { x: 60, y: 0, width: 240, height: 400 })).toBe(0);
  });

  it('honours a crop box that does not start at the origin', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 800]);
    page.setCropBox(100, 200, 300, 400);
    const stamped = await stampFields(
      await doc.save(),
      [field({ key: 'ok', type: 'CHECKBOX', x: 10, y: 10, width: 30, height: 30 })],
      { ok: 'true' },
    );
    const raster = renderPage(stamped, 1);
    expect(darkPixelsIn(raster, { x: 10, y: 10, width: 30, height: 30 })).toBeGreaterThan(20);
    expect(darkPixelsIn(raster, { x: 60, y: 60, width: 200, height: 300 })).toBe(0);
  });
});

describe('stampFields text', { timeout: 30_000 }, () => {
  it('draws Devanagari with an embedded Noto font, shaped, in the field font or as a fallback', async () => {
    const original = await makePdf([{}]);
    const stamped = await stampFields(
      original,
      [
        field({
          key: 'dev',
          type: 'FULL_NAME',
          y: 40,
          width: 200,
          height: 30,
          font: { family: 'NotoSansDevanagari', size: 16 },
        }),
        // Helvetica cannot draw Devanagari: the script's Noto font takes over.
        field({ key: 'fallback', type: 'TEXT', y: 90, width: 200, height: 30 }),
      ],
      { dev: 'हिन्दी नाम', fallback: 'राहुल शर्मा' },
    );
    const fonts = pdffonts(stamped);
    expect(fonts).toMatch(
      /[A-Z]{6}\+NotoSansDevanagari-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
    );
    const raster = renderPage(stamped, 1);
    expect(darkPixelsIn(raster, { x: 10, y: 40, width: 200, height: 30 })).toBeGreaterThan(30);
    expect(darkPixelsIn(raster, { x: 10, y: 90, width: 200, height: 30 })).toBeGreaterThan(30);
    // The conjunct न्द is one shaped cluster; its characters survive in the text layer.
    expect(pdfText(stamped)).toContain('न्द');
    expect(qpdfCheck(stamped).status).toBe(0);
  });

  it('draws other scripts (Cyrillic, Greek, Arabic, Hebrew, Thai, CJK) and accented Latin', async () => {
    const values = {
      a: 'Zoë Ğüneş — Привет Γειά',
      b: 'مرحبا بالعالم',
      c: 'שלום עולם',
      d: 'สวัสดีครับ',
      e: '中文签名 日本語 한국어',
    };
    const fields = Object.keys(values).map((key, i) =>
      field({
        key,
        type: 'TEXT',
        y: 20 + i * 40,
        width: 250,
        height: 30,
        font: { family: 'Helvetica', size: 14 },
      }),
    );
    const stamped = await stampFields(await makePdf([{}]), fields, values);
    const raster = renderPage(stamped, 1);
    fields.forEach((f) => expect(darkPixelsIn(raster, f)).toBeGreaterThan(20));
    const text = pdfText(stamped);
    expect(text).toContain('Привет');
    expect(text).toContain('Γειά');
    expect(text).toContain('Zoë');
    expect(qpdfCheck(stamped).status).toBe(0);
  }, 30_000);

  it('never fails on characters no font has (emoji, private use, control characters)', async () => {
    const stamped = await stampFields(
      await makePdf([{}]),
      [
        field({ key: 'a', type: 'TEXT', width: 200, height: 30 }),
        field({
          key: 'b',
          type: 'TEXT',
          y: 50,
          width: 200,
          height: 30,
          font: { family: 'NotoSans', size: 12 },
        }),
      ],
      { a: 'ok 😀 \uE000 \u0007 end', b: '\u{1F680}\u{10FFFD} fin' },
    );
    expect(qpdfCheck(stamped).status).toBe(0);
    expect(pdfText(stamped)).toMatch(/ok .* end/);
  });

  it('shrinks text to fit its box and never draws outside it', async () => {
    const long =
      'A very long value that could never fit this small box at its requested size of thirty points';
    const stamped = await stampFields(
      await makePdf([{ width: 400, height: 200 }]),
      [
        field({
          key: 'long',
          type: 'TEXT',
          x: 50,
          y: 80,
          width: 120,
          height: 14,
          font: { family: 'Helvetica', size: 30 },
        }),
      ],
      { long },
    );
    const raster = renderPage(stamped, 1, 150);
    expect(darkPixelsIn(raster, { x: 50, y: 80, width: 120, height: 14 })).toBeGreaterThan(10);
    expect(darkPixelsIn(raster, { x: 172, y: 0, width: 228, height: 200 })).toBe(0);
    expect(darkPixelsIn(raster, { x: 0, y: 96, width: 400, height: 104 })).toBe(0);
    // Shrunk, not cut: the whole value is on the page.
    const text = pdfText(stamped).replace(/\s+/g, ' ');
    expect(text).toContain('A very long value');
    expect(text).toContain('thirty points');
  });

  it('wraps text onto several lines when the box is tall enough', async () => {
    const stamped = await stampFields(
      await makePdf([{ width: 400, height: 300 }]),
      [
        field({
          key: 'note',
          type: 'TEXT',
          x: 20,
          y: 40,
          width: 160,
          height: 90,
          font: { family: 'Helvetica', size: 12 },
        }),
      ],
      { note: 'The quick brown fox jumps over the lazy dog and keeps running far away' },
    );
    const lines = pdfText(stamped)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('Page'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog and keeps running far away');
  });

  it('draws the chosen option of RADIO and DROPDOWN, auto fields, and the default value when none is given', async () => {
    const stamped = await stampFields(
      await makePdf([{}]),
      [
        field({ key: 'r', type: 'RADIO', options: ['Yes', 'No'], y: 10 }),
        field({ key: 'd', type: 'DROPDOWN', options: ['Red', 'Blue'], y: 40 }),
        field({ key: 'when', type: 'DATE_SIGNED', y: 70 }),
        field({ key: 'pre', type: 'TEXT', default_value: 'Prefilled', y: 100 }),
        field({ key: 'empty', type: 'TEXT', y: 130 }),
      ],
      { r: 'No', d: 'Blue', when: '2026-01-02', empty: '' },
    );
    const text = pdfText(stamped);
    for (const word of ['No', 'Blue', '2026-01-02', 'Prefilled']) expect(text).toContain(word);
    const raster = renderPage(stamped, 1);
    expect(darkPixelsIn(raster, { x: 10, y: 130, width: 100, height: 20 })).toBe(0);
  });

  it('draws an unchecked checkbox as an empty box and a checked one with a tick', async () => {
    const stamped = await stampFields(
      await makePdf([{}]),
      [
        field({ key: 'yes', type: 'CHECKBOX', x: 20, y: 100, width: 40, height: 40 }),
        field({ key: 'no', type: 'CHECKBOX', x: 120, y: 100, width: 40, height: 40 }),
      ],
      { yes: 'true', no: false },
    );
    const raster = renderPage(stamped, 1);
    const inner = (x: number) => ({ x: x + 8, y: 108, width: 24, height: 24 });
    expect(darkPixelsIn(raster, inner(20))).toBeGreaterThan(10);
    expect(darkPixelsIn(raster, inner(120))).toBe(0);
    expect(darkPixelsIn(raster, { x: 120, y: 100, width: 40, height: 40 })).toBeGreaterThan(10);
  });

  it('accepts a typed signature as text', async () => {
    const stamped = await stampFields(
      await makePdf([{}]),
      [field({ key: 's', type: 'SIGNATURE', width: 150, height: 40 })],
      { s: 'Jane Q. Signer' },
    );
    expect(pdfText(stamped)).toContain('Jane Q. Signer');
  });
});

describe('stampFields flattening and bad input', { timeout: 30_000 }, () => {
  it('leaves no form fields: the file’s own fields are flattened into the page', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 400]);
    const form = doc.getForm();
    const name = form.createTextField('name');
    name.setText('Filled in the original');
    name.addToPage(page, { x: 20, y: 300, width: 200, height: 24 });
    form.createCheckBox('agree').addToPage(page, { x: 20, y: 250, width: 20, height: 20 });
    const original = await doc.save();

    const stamped = await stampFields(original, [field({ key: 'a', type: 'TEXT' })], { a: 'Stamped' });
    const after = await PDFDocument.load(stamped);
    expect(after.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(after.getForm().getFields()).toHaveLength(0);
    const annots = after.getPage(0).node.Annots();
    expect(annots?.size() ?? 0).toBe(0);
    const text = pdfText(stamped);
    expect(text).toContain('Filled in the original');
    expect(text).toContain('Stamped');
  });

  it('refuses a field on a page that does not exist (422 keyed fields.<i>.page)', async () => {
    const error = await stampFields(await makePdf([{}]), [field({ key: 'a', type: 'TEXT', page: 3 })], {
      a: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).details?.[0]?.key).toBe('fields.0.page');
  });

  it.each([
    ['not a data URL', 'https://example.com/sig.png'],
    ['a GIF', `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}`],
    [
      'a broken PNG',
      `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`,
    ],
    ['a PNG declaring 100000 x 100000 pixels', hugePng()],
  ])('refuses %s as an image value (422 keyed values.<key>)', async (_label, value) => {
    const error = await stampFields(await makePdf([{}]), [field({ key: 'img', type: 'IMAGE' })], {
      img: value,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).details?.[0]?.key).toBe('values.img');
  });

  it.each([
    ['empty bytes', new Uint8Array()],
    ['text', new TextEncoder().encode('hello, not a pdf')],
    ['a truncated PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<')],
  ])('answers 415 for %s', async (_label, bytes) => {
    const error = await stampFields(bytes, [], {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});
