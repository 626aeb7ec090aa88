import UPNG from '@pdf-lib/upng';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { imageValueProblem } from './image-check';
import { pngDataUrl, signatureDataUrl } from './testing';

/* Signature, initials and image values checked when given, with the code that stamps them. */

/** An RGBA PNG of one colour (every pixel `rgba`). */
function solidPng(width: number, height: number, rgba: [number, number, number, number]): string {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set(rgba, i * 4);
  return `data:image/png;base64,${Buffer.from(UPNG.encode([pixels.buffer], width, height, 0)).toString('base64')}`;
}

/** A transparent RGBA PNG with a horizontal stroke of `rgba`. */
function strokePng(rgba: [number, number, number, number]): string {
  const width = 60;
  const height = 20;
  const pixels = new Uint8Array(width * height * 4);
  for (let x = 5; x < 55; x++) pixels.set(rgba, (10 * width + x) * 4);
  return `data:image/png;base64,${Buffer.from(UPNG.encode([pixels.buffer], width, height, 0)).toString('base64')}`;
}

/** A palette PNG (pdf-lib's decoder, not ours): a dark stroke on white, or plain white. */
function palettePng(withStroke: boolean): string {
  const width = 40;
  const height = 20;
  const pixels = new Uint8Array(width * height * 4).fill(255);
  if (withStroke) {
    for (let x = 5; x < 35; x++) pixels.set([10, 10, 60, 255], (10 * width + x) * 4);
  }
  const png = Buffer.from(UPNG.encode([pixels.buffer], width, height, 16));
  expect(png[25]).toBe(3); // colour type 3: indexed
  return `data:image/png;base64,${png.toString('base64')}`;
}

function jpegDataUrl(withStroke: boolean): string {
  const width = 64;
  const height = 32;
  const data = Buffer.alloc(width * height * 4, 255);
  if (withStroke) {
    for (let x = 8; x < 56; x++)
      for (let y = 14; y < 18; y++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return `data:image/jpeg;base64,${jpeg.encode({ data, width, height }, 85).data.toString('base64')}`;
}

/** A PNG whose header is valid but whose pixel data is not a zlib stream. */
function brokenPng(): string {
  const good = Buffer.from(signatureDataUrl().split(',')[1]!, 'base64');
  const idat = good.indexOf('IDAT', 0, 'latin1');
  const broken = Buffer.from(good);
  for (let i = idat + 4; i < idat + 14; i++) broken[i] = 0xaa;
  return `data:image/png;base64,${broken.toString('base64')}`;
}

const mark = { requireMark: true };

describe('imageValueProblem', () => {
  it('accepts drawn signatures (transparent background, our PNG path and pdf-lib palette path) and JPEGs', async () => {
    expect(await imageValueProblem(signatureDataUrl(), mark)).toBeNull();
    expect(
      await imageValueProblem(
        pngDataUrl(60, 20, (x, y) => y === 10 && x > 5),
        mark,
      ),
    ).toBeNull();
    expect(await imageValueProblem(palettePng(true), mark)).toBeNull();
    expect(await imageValueProblem(jpegDataUrl(true), mark)).toBeNull();
  });

  it.each([
    ['fully transparent', () => pngDataUrl(60, 20, () => false)],
    ['opaque white', () => solidPng(60, 20, [255, 255, 255, 255])],
    ['opaque black (one colour)', () => solidPng(60, 20, [0, 0, 0, 255])],
    ['white ink on transparent (invisible on the page)', () => strokePng([255, 255, 255, 255])],
    ['a faint stroke (alpha 20)', () => strokePng([0, 0, 0, 20])],
    ['a palette PNG of one colour', () => palettePng(false)],
    ['a white JPEG', () => jpegDataUrl(false)],
  ])('refuses %s as a signature (BLANK)', async (_name, make) => {
    expect(await imageValueProblem(make(), mark)).toBe('BLANK');
  });

  it('refuses a PNG with a valid header and broken data, and a truncated JPEG (UNREADABLE)', async () => {
    expect(await imageValueProblem(brokenPng(), mark)).toBe('UNREADABLE');
    expect(await imageValueProblem(brokenPng(), { requireMark: false })).toBe('UNREADABLE');
    const jpegBytes = Buffer.from(jpegDataUrl(true).split(',')[1]!, 'base64');
    const truncated = `data:image/jpeg;base64,${jpegBytes.subarray(0, jpegBytes.length / 2).toString('base64')}`;
    expect(await imageValueProblem(truncated, mark)).toBe('UNREADABLE');
    expect(await imageValueProblem('data:image/png;base64,AAAA', mark)).toBe('UNREADABLE');
  });

  it('does not ask an image field (requireMark false) for a mark', async () => {
    expect(
      await imageValueProblem(
        pngDataUrl(10, 10, () => false),
        { requireMark: false },
      ),
    ).toBeNull();
    expect(await imageValueProblem(strokePng([0, 0, 0, 255]), mark)).toBeNull();
  });
});
