import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { deflate } from './load-pdf';

/** The largest signature or image value accepted, decoded. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The largest PNG accepted, in pixels (a 5000 x 5000 signature is already far more than needed). */
export const MAX_IMAGE_PIXELS = 25_000_000;

export type DecodedImage = { kind: 'png' | 'jpeg'; bytes: Buffer };

const DATA_URL = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i;

/** A `data:image/png|jpeg;base64,...` URL whose bytes really are PNG or JPEG; else null. */
export function decodeImageDataUrl(value: string): DecodedImage | null {
  const match = DATA_URL.exec(value.trim());
  if (!match) return null;
  const bytes = Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return null;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    // pdf-lib decodes PNGs to raw pixels: a small file declaring huge dimensions would exhaust
    // memory. IHDR is the first chunk: width and height at bytes 16-23.
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    const pixels = bytes.readUInt32BE(16) * bytes.readUInt32BE(20);
    if (pixels === 0 || pixels > MAX_IMAGE_PIXELS) return null;
    return { kind: 'png', bytes };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'jpeg', bytes };
  return null;
}

export function isImageDataUrl(value: string): boolean {
  return /^data:image\//i.test(value.trim());
}

/** An image XObject of a document, ready to be drawn (`imageContent`). */
export type EmbeddedImage = { ref: PDFRef; width: number; height: number };

/** Embeds each distinct image once per document (one signature applied to many fields). */
export class ImageCache {
  private readonly images = new Map<string, Promise<EmbeddedImage>>();
  private readonly urls = new Map<string, DecodedImage | null>();
  private readonly decodedImages = new WeakMap<DecodedImage, Promise<EmbeddedImage>>();

  constructor(private readonly doc: PDFDocument) {}

  /** `decodeImageDataUrl`, once per distinct value (a signature comes back on many fields). */
  decode(dataUrl: string): DecodedImage | null {
    let decoded = this.urls.get(dataUrl);
    if (decoded === undefined) {
      decoded = decodeImageDataUrl(dataUrl);
      this.urls.set(dataUrl, decoded);
    }
    return decoded;
  }

  /** Rejects when the bytes cannot be decoded as the image they claim to be. */
  embed(image: DecodedImage): Promise<EmbeddedImage> {
    let embedded = this.decodedImages.get(image);
    if (embedded) return embedded;
    const key = createHash('sha256').update(image.bytes).digest('hex');
    embedded = this.images.get(key);
    if (!embedded) {
      // pdf-lib reads JPEGs through `new DataView(bytes.buffer)`, ignoring the offset: a small
      // Buffer lives inside Node's shared pool at an offset, so it gets a copy of its own.
      embedded =
        image.kind === 'jpeg'
          ? this.doc.embedJpg(new Uint8Array(image.bytes))
          : (async () =>
              embedPng(this.doc, image.bytes) ?? (await this.doc.embedPng(new Uint8Array(image.bytes))))();
      this.images.set(key, embedded);
    }
    this.decodedImages.set(image, embedded);
    return embedded;
  }
}

/**
 * The common PNGs (8 bits per channel, not interlaced, no palette or colour-key transparency)
 * embedded natively: grey and RGB pass their compressed rows through (FlateDecode with the PNG
 * predictors, nothing decoded); with an alpha channel, the rows are inflated with node:zlib,
 * unfiltered and split into the colour image and its soft mask. pdf-lib does the same in
 * JavaScript (pako and a generic decoder), several times slower. Null for other PNGs (pdf-lib
 * embeds those); throws for a damaged one.
 */
function embedPng(doc: PDFDocument, png: Buffer): EmbeddedImage | null {
  const info = readPng(png);
  if (!info) return null;
  const { width, height, colorType, channels, compressed } = info;
  const context = doc.context;
  const image = (data: Uint8Array, gray: boolean, extra: Record<string, unknown>) =>
    context.register(
      context.stream(data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        BitsPerComponent: 8,
        ColorSpace: gray ? 'DeviceGray' : 'DeviceRGB',
        Filter: 'FlateDecode',
        ...extra,
      }),
    );
  const rows = inflateSync(compressed);
  if (colorType === 0 || colorType === 2) {
    // Passed through as they are, once checked complete and well-formed.
    const stride = width * channels;
    if (rows.length < (stride + 1) * height) throw new Error('truncated PNG data');
    for (let y = 0; y < height; y++) if (rows[y * (stride + 1)]! > 4) throw new Error('bad PNG filter');
    const predictor = context.obj({ Predictor: 15, Colors: channels, BitsPerComponent: 8, Columns: width });
    return { ref: image(compressed, colorType === 0, { DecodeParms: predictor }), width, height };
  }
  const { color, alpha, opaque } = splitAlpha(rows, width, height, channels);
  // zlib level 3: a quarter of the default's time on signature-like images, a few KB larger.
  const smask = opaque ? null : image(deflate(alpha, 3), true, { Decode: [0, 1] });
  const ref = image(deflate(color, 3), colorType === 4, smask ? { SMask: smask } : {});
  return { ref, width, height };
}

type PngInfo = { width: number; height: number; colorType: number; channels: number; compressed: Buffer };

/**
 * The header and compressed rows of a PNG this module decodes itself: 8-bit grey, grey + alpha,
 * RGB or RGBA, not interlaced, no colour-key transparency, not animated. Null for other PNGs;
 * throws for a damaged one.
 */
function readPng(png: Buffer): PngInfo | null {
  const chunks: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null =
    null;
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (data.length !== length) throw new Error('truncated PNG');
    if (type === 'IHDR') {
      if (length < 13) throw new Error('bad IHDR');
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8]!,
        colorType: data[9]!,
        interlace: data[12]!,
      };
    } else if (type === 'IDAT') chunks.push(data);
    else if (type === 'tRNS' || type === 'acTL') return null;
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || chunks.length === 0) throw new Error('not a complete PNG');
  const { width, height, depth, colorType, interlace } = header;
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (depth !== 8 || interlace !== 0 || !channels || width === 0 || height === 0) return null;
  return { width, height, colorType, channels, compressed: Buffer.concat(chunks) };
}

/** The pixels of a PNG `embedPng` handles (interleaved 8-bit samples), for tests; else null. */
export function decodePng(
  png: Buffer,
): { width: number; height: number; channels: number; pixels: Uint8Array } | null {
  const info = readPng(png);
  if (!info) return null;
  const { width, height, channels } = info;
  return { width, height, channels, pixels: unfilter(inflateSync(info.compressed), width, height, channels) };
}

/**
 * PNG scanline filters (None, Sub, Up, Average, Paeth) undone, for 8-bit samples: `onRow` gets
 * each row's samples in turn (a buffer reused for the row after next).
 */
function unfilterRows(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
  onRow: (row: Uint8Array, y: number) => void,
): void {
  const stride = width * channels;
  if (data.length < (stride + 1) * height) throw new Error('truncated PNG data');
  // The previous row (zeros above the first one), and the pixel to the left (zeros before the first).
  let up = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    cur.set(data.subarray(src, src + stride));
    switch (filter) {
      case 0:
        break;
      case 1:
        for (let i = channels; i < stride; i++) cur[i] = cur[i]! + cur[i - channels]!;
        break;
      case 2:
        for (let i = 0; i < stride; i++) cur[i] = cur[i]! + up[i]!;
        break;
      case 3:
        for (let i = 0; i < channels; i++) cur[i] = cur[i]! + (up[i]! >> 1);
        for (let i = channels; i < stride; i++) cur[i] = cur[i]! + ((cur[i - channels]! + up[i]!) >> 1);
        break;
      case 4:
        for (let i = 0; i < channels; i++) cur[i] = cur[i]! + up[i]!;
        for (let i = channels; i < stride; i++) {
          const left = cur[i - channels]!;
          const above = up[i]!;
          const upLeft = up[i - channels]!;
          const estimate = left + above - upLeft;
          const pa = Math.abs(estimate - left);
          const pb = Math.abs(estimate - above);
          const pc = Math.abs(estimate - upLeft);
          cur[i] = cur[i]! + (pa <= pb && pa <= pc ? left : pb <= pc ? above : upLeft);
        }
        break;
      default:
        throw new Error(`bad PNG filter ${filter}`);
    }
    // (Stores into a Uint8Array keep the low 8 bits: the sums wrap modulo 256 as PNG wants.)
    onRow(cur, y);
    [up, cur] = [cur, up];
  }
}

/** All the samples of a PNG's rows, unfiltered. */
function unfilter(data: Buffer, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  unfilterRows(data, width, height, channels, (row, y) => out.set(row, y * stride));
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Colour samples and alpha of a PNG with an alpha channel (grey + alpha or RGBA), split row by
 * row as they are unfiltered, and whether every pixel is opaque.
 */
function splitAlpha(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
): { color: Uint8Array; alpha: Uint8Array; opaque: boolean } {
  const colors = channels - 1;
  const color = new Uint8Array(width * height * colors);
  const alpha = new Uint8Array(width * height);
  let opaque = true;
  if (colors === 3 && LITTLE_ENDIAN && width % 4 === 0) {
    // Four RGBA pixels (four 32-bit words, R, G, B, A from the low byte up) become three words of
    // RGB and one of alpha: a quarter of the stores of a byte-by-byte split.
    const color32 = new Uint32Array(color.buffer);
    const alpha32 = new Uint32Array(alpha.buffer);
    let all = -1;
    unfilterRows(data, width, height, channels, (row, y) => {
      const words = new Uint32Array(row.buffer, row.byteOffset, width);
      let c = (y * width * 3) >> 2;
      let a = (y * width) >> 2;
      for (let p = 0; p < width; p += 4) {
        const w0 = words[p]!;
        const w1 = words[p + 1]!;
        const w2 = words[p + 2]!;
        const w3 = words[p + 3]!;
        color32[c++] = (w0 & 0xffffff) | (w1 << 24);
        color32[c++] = ((w1 >>> 8) & 0xffff) | (w2 << 16);
        color32[c++] = ((w2 >>> 16) & 0xff) | (w3 << 8);
        const four = (w0 >>> 24) | ((w1 >>> 24) << 8) | ((w2 >>> 24) << 16) | (w3 & 0xff000000);
        alpha32[a++] = four;
        all &= four;
      }
    });
    opaque = all === -1;
  } else {
    let min = 255;
    unfilterRows(data, width, height, channels, (row, y) => {
      for (let i = y * width, c = i * colors, p = 0, end = i + width; i < end; i++) {
        for (let k = 0; k < colors; k++) color[c++] = row[p++]!;
        const a = row[p++]!;
        alpha[i] = a;
        min = a < min ? a : min;
      }
    });
    opaque = min === 255;
  }
  return { color, alpha, opaque };
}

/** The largest box with the image's aspect ratio inside `box`, centred. */
export function fitImage(
  image: { width: number; height: number },
  box: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}
