import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeWebp } from './webp-fixtures';
import { webpSize, webpToPng } from './webp-to-png';

/** Width, height and the first pixel (RGBA) of an 8-bit RGBA PNG as `encodeRgbaPng` writes it. */
function readRgbaPng(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  return { width, height, colorType: png[25], firstPixel: [...raw.subarray(1, 5)] };
}

describe('webpSize', () => {
  it.each([
    ['lossy and opaque (VP8)', { rgba: [10, 20, 30, 255] as [number, number, number, number] }, 'VP8 '],
    ['lossless (VP8L)', { lossless: true }, 'VP8L'],
    ['with transparency (VP8X)', { rgba: [10, 20, 30, 100] as [number, number, number, number] }, 'VP8X'],
  ])('reads the size of a %s WebP from its header', async (_, options, chunk) => {
    const webp = await makeWebp(37, 12, options);
    expect(webp.toString('latin1', 12, 16)).toBe(chunk);
    expect(webpSize(webp)).toEqual({ width: 37, height: 12 });
  });

  it('answers null for other bytes', () => {
    expect(webpSize(Buffer.from('RIFF0000WAVEfmt '.padEnd(40, ' ')))).toBeNull();
    expect(webpSize(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});

describe('webpToPng', () => {
  it('converts a WebP to an RGBA PNG that pdf-lib embeds', async () => {
    const png = await webpToPng(
      await makeWebp(40, 20, { lossless: true, rgba: [30, 120, 220, 128] }),
      10_000,
    );
    expect(readRgbaPng(png)).toEqual({
      width: 40,
      height: 20,
      colorType: 6,
      firstPixel: [30, 120, 220, 128],
    });
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(png);
    expect([image.width, image.height]).toEqual([40, 20]);
  });

  it('refuses a canvas over the pixel limit before decoding it', async () => {
    await expect(webpToPng(await makeWebp(120, 100), 10_000)).rejects.toBeInstanceOf(RangeError);
  });

  it('refuses bytes that do not decode', async () => {
    // The header says 16 x 16, the picture's data is cut off.
    const truncated = (await makeWebp(16, 16, { rgba: [1, 2, 3, 255] })).subarray(0, 32);
    expect(webpSize(truncated)).toEqual({ width: 16, height: 16 });
    await expect(webpToPng(truncated, 10_000)).rejects.toThrow(Error);
    await expect(webpToPng(Buffer.from('not a webp'), 10_000)).rejects.toThrow('Not a WebP image');
  });
});
