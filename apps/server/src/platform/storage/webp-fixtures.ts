import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';

/*
 * WebP files for tests, made with the encoder of the same package (nothing checked in): a
 * `width` x `height` image of one colour, lossy or lossless, opaque or not.
 */

let encoderReady: Promise<void> | null = null;

export async function makeWebp(
  width: number,
  height: number,
  options: { rgba?: [number, number, number, number]; lossless?: boolean } = {},
): Promise<Buffer> {
  encoderReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('@jsquash/webp/codec/enc/webp_enc.wasm'));
    const { WebAssembly: wa } = globalThis as unknown as {
      WebAssembly: { compile: (bytes: Uint8Array) => Promise<Parameters<typeof initWebpEncoder>[0]> };
    };
    await initWebpEncoder(await wa.compile(wasm));
  })();
  await encoderReady;
  const [r, g, b, a] = options.rgba ?? [30, 120, 220, 255];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, a], i);
  const image = { width, height, data, colorSpace: 'srgb' } as unknown as Parameters<typeof encodeWebp>[0];
  return Buffer.from(await encodeWebp(image, options.lossless ? { lossless: 1 } : {}));
}
