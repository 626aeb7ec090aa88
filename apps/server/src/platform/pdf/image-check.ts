import jpeg from 'jpeg-js';
import { PDFDocument, PngEmbedder } from 'pdf-lib';
import { decodeImageDataUrl, decodePng, ImageCache, MAX_IMAGE_PIXELS, type DecodedImage } from './images';

/** Why an image value cannot be accepted: not decodable as it claims, or nothing visible on it. */
export type TImageProblem = 'UNREADABLE' | 'BLANK';

/**
 * A colour channel must differ by more than this (0-255, after compositing over white) from the
 * rest of the image to count as a mark: JPEG noise and anti-aliasing specks of one colour are not.
 */
const MARK_CONTRAST = 32;

/**
 * Checks a signature, initials or image value when it is given, with the code that stamps it at
 * sealing: the data URL decoded (`decodeImageDataUrl`) and embedded into a PDF through
 * `ImageCache` (our PNG path or pdf-lib's, then saved), so a file with a valid header and broken
 * data is refused now instead of making every seal fail later. With `requireMark` (signatures,
 * initials) the pixels are decoded too and the image must show something on a white page: not
 * fully transparent, not one colour (`BLANK`). Null when the value is fine.
 */
export async function imageValueProblem(
  value: string,
  options: { requireMark: boolean },
): Promise<TImageProblem | null> {
  const image = decodeImageDataUrl(value);
  if (!image) return 'UNREADABLE';
  try {
    const doc = await PDFDocument.create();
    await new ImageCache(doc).embed(image);
    await doc.save({ useObjectStreams: false });
  } catch {
    return 'UNREADABLE';
  }
  if (!options.requireMark) return null;
  let marked: boolean | null;
  try {
    marked = await hasVisibleMark(image);
  } catch {
    return 'UNREADABLE';
  }
  return marked === false ? 'BLANK' : null;
}

/**
 * Whether the image, drawn on a white page, shows at least one pixel that differs from the
 * others (composited over white: transparent pixels are white). Null when the pixels cannot be
 * read here (an unexpected pdf-lib internal): the image is then not refused for it.
 */
export async function hasVisibleMark(image: DecodedImage): Promise<boolean | null> {
  if (image.kind === 'jpeg') {
    const decoded = jpeg.decode(image.bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    return varies(decoded.width * decoded.height, 4, 3, decoded.data);
  }
  const own = decodePng(image.bytes);
  if (own) {
    const { width, height, channels, pixels } = own;
    const colors = channels === 1 || channels === 2 ? 1 : 3;
    return varies(width * height, channels, colors, pixels);
  }
  // Palette, 16-bit, interlaced or colour-key PNGs: pdf-lib's own decoder (what stamps them).
  const embedder = (await PngEmbedder.for(new Uint8Array(image.bytes))) as unknown as {
    width: number;
    height: number;
    image?: { rgbChannel?: Uint8Array; alphaChannel?: Uint8Array };
  };
  const rgb = embedder.image?.rgbChannel;
  if (!rgb) return null;
  const count = embedder.width * embedder.height;
  const alpha = embedder.image?.alphaChannel;
  const rgba = new Uint8Array(count * 4);
  for (let i = 0; i < count; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = alpha ? alpha[i]! : 255;
  }
  return varies(count, 4, 3, rgba);
}

/**
 * Whether any pixel differs from the first by more than `MARK_CONTRAST` in a channel, each pixel
 * composited over white. `channels` per pixel, of which `colors` are colour (1 grey or 3 RGB) and
 * the one after them, when present, alpha.
 */
function varies(count: number, channels: number, colors: number, samples: Uint8Array): boolean {
  const hasAlpha = channels > colors;
  const over = (i: number, k: number): number => {
    const c = samples[i * channels + k]!;
    if (!hasAlpha) return c;
    const a = samples[i * channels + colors]!;
    return (c * a + 255 * (255 - a)) / 255;
  };
  const first = Array.from({ length: colors }, (_, k) => over(0, k));
  for (let i = 1; i < count; i++) {
    for (let k = 0; k < colors; k++) {
      if (Math.abs(over(i, k) - first[k]!) > MARK_CONTRAST) return true;
    }
  }
  return false;
}
