import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';

/*
 * WebP -> PNG, for images that are drawn where only PNG and JPEG can be (pdf-lib in PDF exports
 * and documents; some mail clients). Decoded by libwebp compiled to WebAssembly (@jsquash/webp,
 * shipped inside its npm package: nothing is fetched at run time), written as an 8-bit RGBA PNG.
 */

/** Width and height of a WebP from its header (VP8, VP8L or VP8X), without decoding; null if not a WebP. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  return null;
}

let decoderReady: Promise<void> | null = null;

/** Compiles the decoder's WebAssembly once per process, from the package's own file. */
function readyDecoder(): Promise<void> {
  decoderReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm'));
    // The server's type libraries do not declare WebAssembly (no DOM lib); Node has it.
    const { WebAssembly: wa } = globalThis as unknown as {
      WebAssembly: { compile: (bytes: Uint8Array) => Promise<Parameters<typeof initWebpDecoder>[0]> };
    };
    await initWebpDecoder(await wa.compile(wasm));
  })();
  return decoderReady;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of `rgba` pixels (rows unfiltered, deflated). */
export function encodeRgbaPng(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The WebP as a PNG. Throws `RangeError` past `maxPixels` (checked on the header, before any
 * decoding: a small file may declare a huge canvas) and `Error` when the bytes do not decode.
 */
export async function webpToPng(bytes: Uint8Array, maxPixels: number): Promise<Buffer> {
  const size = webpSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new Error('Not a WebP image');
  if (size.width * size.height > maxPixels) {
    throw new RangeError(`${size.width} x ${size.height} pixels is more than ${maxPixels}`);
  }
  await readyDecoder();
  const own = new Uint8Array(bytes).buffer;
  const image = await decodeWebp(own);
  return encodeRgbaPng(image.width, image.height, image.data);
}
