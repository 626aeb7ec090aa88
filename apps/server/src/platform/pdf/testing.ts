import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { ZField, type TField, type TFieldInput } from '@esigns/contracts/documents';

/* Helpers for the tests of this module: fixture PDFs and images, poppler and qpdf runners. */

/** A PDF with one page per entry, each with a line of text in its top-left corner. */
export async function makePdf(
  pages: { width?: number; height?: number; rotate?: number }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  pages.forEach((spec, i) => {
    const page = doc.addPage([spec.width ?? 300, spec.height ?? 400]);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    page.drawText(`Page ${i + 1}`, { x: 10, y: page.getHeight() - 20, size: 10, font });
  });
  return doc.save();
}

export function field(input: Partial<TFieldInput> & Pick<TFieldInput, 'key' | 'type'>): TField {
  return ZField.parse({ page: 1, x: 10, y: 10, width: 100, height: 20, recipient_key: 'r1', ...input });
}

/** A PNG (RGBA) data URL of `width` x `height`: dark where `ink(x, y)` is true, transparent elsewhere. */
export function pngDataUrl(width: number, height: number, ink: (x: number, y: number) => boolean): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const o = y * (width * 4 + 1) + 1 + x * 4;
      const on = ink(x, y);
      raw[o] = 20;
      raw[o + 1] = 30;
      raw[o + 2] = 90;
      raw[o + 3] = on ? 255 : 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A scribble that fills most of its box: what a drawn signature looks like to pixel checks. */
export function signatureDataUrl(): string {
  return pngDataUrl(120, 40, (x, y) => Math.abs(y - 20 - 14 * Math.sin(x / 9)) < 4 || (y > 30 && y < 34));
}

function withTempFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfsig` output (stdout and stderr) and exit status. */
export function pdfsig(bytes: Uint8Array): { status: number | null; output: string } {
  return withTempFile(bytes, (file) => {
    const result = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
  });
}

/** `qpdf --check`: status 0 (clean), 2 (errors) or 3 (warnings). */
export function qpdfCheck(bytes: Uint8Array): { status: number | null; output: string } {
  return withTempFile(bytes, (file) => {
    const result = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
  });
}

export function pdfText(bytes: Uint8Array, page?: number): string {
  return withTempFile(bytes, (file) =>
    execFileSync(
      'pdftotext',
      [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', file, '-'],
      {
        encoding: 'utf8',
      },
    ),
  );
}

export type Raster = {
  width: number;
  height: number;
  scale: number;
  dark: (x: number, y: number) => boolean;
};

/**
 * Renders one page's crop box (what viewers show) with `pdftoppm -r 50` (grey) and answers, for a point in PDF points of the
 * page as shown (top-left origin), whether the pixel there is dark.
 */
export function renderPage(bytes: Uint8Array, page: number, dpi = 50): Raster {
  return withTempFile(bytes, (file) => {
    const out = path.join(path.dirname(file), 'page');
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-cropbox',
      '-gray',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      out,
    ]);
    const pgm = readFileSync(`${out}.pgm`);
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40));
    if (!header) throw new Error('unexpected pdftoppm output');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const pixels = pgm.subarray(header[0].length);
    const scale = dpi / 72;
    return {
      width,
      height,
      scale,
      dark: (x, y) => {
        const px = Math.floor(x * scale);
        const py = Math.floor(y * scale);
        if (px < 0 || py < 0 || px >= width || py >= height) return false;
        return pixels[py * width + px]! < 128;
      },
    };
  });
}

/** Dark pixels in a box (PDF points, top-left origin of the page as shown). */
export function darkPixelsIn(
  raster: Raster,
  box: { x: number; y: number; width: number; height: number },
): number {
  let count = 0;
  const step = 1 / raster.scale;
  for (let y = box.y; y < box.y + box.height; y += step) {
    for (let x = box.x; x < box.x + box.width; x += step) if (raster.dark(x, y)) count++;
  }
  return count;
}
