import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import UPNG from '@pdf-lib/upng';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { decodePng } from './images';
import { stampFields } from './stamp-fields';
import { field, makePdf, qpdfCheck } from './testing';

/* The native PNG path of `ImageCache`: decoding agrees with pdf-lib's decoder, embedded images are the same pixels. */

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Deterministic samples with gradients and noise, so that every filter has work to do. */
function samples(width: number, height: number, channels: number): Uint8Array {
  const out = new Uint8Array(width * height * channels);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        out[(y * width + x) * channels + c] = (x * 9 + y * 5 + c * 40 + (seed % 23)) & 0xff;
      }
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An 8-bit PNG of `pixels`, row y filtered with `filters[y % filters.length]` (0..4). */
function encodePng(
  width: number,
  height: number,
  colorType: number,
  pixels: Uint8Array,
  filters: number[],
  extraChunks: [string, Buffer][] = [],
): Buffer {
  const bpp = CHANNELS[colorType]!;
  const stride = width * bpp;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = filters[y % filters.length]!;
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const cur = pixels[y * stride + i]!;
      const left = i >= bpp ? pixels[y * stride + i - bpp]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= bpp ? pixels[(y - 1) * stride + i - bpp]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      raw[y * (stride + 1) + 1 + i] = (cur - predicted) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extraChunks.map(([type, data]) => chunk(type, data)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The images of a PDF as `pdfimages -png` writes them (decoded by poppler), as raw RGB/grey samples. */
function extractImages(bytes: Uint8Array): { name: string; pixels: Uint8Array; channels: number }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdfimages-'));
  try {
    writeFileSync(path.join(dir, 'f.pdf'), bytes);
    execFileSync('pdfimages', ['-png', path.join(dir, 'f.pdf'), path.join(dir, 'img')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => {
        const decoded = decodePng(readFileSync(path.join(dir, name)));
        if (!decoded) throw new Error(`unexpected image format from pdfimages: ${name}`);
        return { name, pixels: decoded.pixels, channels: decoded.channels };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('PNG images', { timeout: 30_000 }, () => {
  it.each([0, 2, 4, 6])(
    'decodes colour type %i with every row filter like pdf-lib’s decoder',
    (colorType) => {
      const width = 37;
      const height = 23;
      const pixels = samples(width, height, CHANNELS[colorType]!);
      const png = encodePng(width, height, colorType, pixels, [0, 1, 2, 3, 4, 4, 3, 2, 1]);
      const ours = decodePng(png);
      expect(ours).not.toBeNull();
      expect(Buffer.from(ours!.pixels).equals(Buffer.from(pixels))).toBe(true);
      // pdf-lib's decoder (UPNG) reads the same file to the same samples.
      const theirs = UPNG.decode(
        png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer,
      );
      expect(
        Buffer.from(new Uint8Array(theirs.data)).subarray(0, pixels.length).equals(Buffer.from(pixels)),
      ).toBe(true);
    },
  );

  it.each([
    ['RGB, passed through with PNG predictors', 2, 40],
    ['grey, passed through with PNG predictors', 0, 40],
    ['RGBA, split into colour and soft mask four pixels at a time', 6, 40],
    ['RGBA of a width that is not a multiple of 4, split pixel by pixel', 6, 37],
    ['grey + alpha, split into grey and soft mask', 4, 40],
  ])('embeds %s: the PDF holds the same pixels', async (_label, colorType, width) => {
    const height = 12;
    const channels = CHANNELS[colorType]!;
    const pixels = samples(width, height, channels);
    const png = encodePng(width, height, colorType, pixels, [4, 1, 0, 2, 3]);
    const stamped = await stampFields(
      await makePdf([{}]),
      [field({ key: 'img', type: 'IMAGE', width: 120, height: 36 })],
      { img: dataUrl(png) },
    );
    expect(qpdfCheck(stamped).status).toBe(0);
    const images = extractImages(stamped);
    const hasAlpha = colorType === 4 || colorType === 6;
    expect(images).toHaveLength(hasAlpha ? 2 : 1);
    const colors = hasAlpha ? channels - 1 : channels;
    const expectColor = new Uint8Array(width * height * colors);
    const expectAlpha = new Uint8Array(width * height);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < colors; c++) expectColor[i * colors + c] = pixels[i * channels + c]!;
      if (hasAlpha) expectAlpha[i] = pixels[i * channels + colors]!;
    }
    const [image, mask] = images;
    expect(image!.channels).toBe(colors);
    expect(Buffer.from(image!.pixels).equals(Buffer.from(expectColor))).toBe(true);
    if (hasAlpha) expect(Buffer.from(mask!.pixels).equals(Buffer.from(expectAlpha))).toBe(true);
  });

  it('leaves the soft mask out of an RGBA image that is fully opaque', async () => {
    const pixels = samples(8, 8, 4);
    for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
    const stamped = await stampFields(await makePdf([{}]), [field({ key: 'img', type: 'IMAGE' })], {
      img: dataUrl(encodePng(8, 8, 6, pixels, [0])),
    });
    expect(extractImages(stamped)).toHaveLength(1);
  });

  it('hands PNGs it does not decode itself (colour-key transparency) to pdf-lib', async () => {
    const pixels = samples(8, 8, 3);
    const png = encodePng(8, 8, 2, pixels, [1], [['tRNS', Buffer.from([0, 0, 0, 0, 0, 0])]]);
    expect(decodePng(png)).toBeNull();
    const stamped = await stampFields(await makePdf([{}]), [field({ key: 'img', type: 'IMAGE' })], {
      img: dataUrl(png),
    });
    expect(qpdfCheck(stamped).status).toBe(0);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(1);
  });

  it.each([
    [
      'damaged compressed rows',
      (png: Buffer) => {
        const copy = Buffer.from(png);
        copy.fill(0xff, 50, 70);
        return copy;
      },
    ],
    ['rows cut short', (png: Buffer) => png.subarray(0, png.length - 40)],
  ])('refuses a PNG with %s (422)', async (_label, damage) => {
    const png = damage(encodePng(30, 30, 6, samples(30, 30, 4), [0, 4]));
    const error = await stampFields(await makePdf([{}]), [field({ key: 'img', type: 'IMAGE' })], {
      img: dataUrl(png),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
  });
});
