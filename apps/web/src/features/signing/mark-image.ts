import { MAX_SIGNATURE_DATA_URL } from '@esigns/contracts/signing';
import { context2d, loadImageFile } from '../../shared/ui/image-files';

/** Bounds of an uploaded picture for an IMAGE field (pixels); larger ones are scaled down. */
const IMAGE_FIELD_MAX = { width: 1400, height: 1400 };

function loadDataUrl(dataUrl: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This picture could not be read. Try another one.'));
    image.src = dataUrl;
  });
}

function drawScaled(image: HTMLImageElement, scale: number, opaque: boolean): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round((image.naturalWidth || image.width) * scale));
  canvas.height = Math.max(1, Math.round((image.naturalHeight || image.height) * scale));
  const context = context2d(canvas);
  if (opaque) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * A picture as a data URL the API takes (at most MAX_SIGNATURE_DATA_URL characters): smaller
 * PNGs as they are, larger ones scaled down step by step, and as a last resort a JPEG on white.
 */
export async function fitImageDataUrl(
  dataUrl: string,
  max: number = MAX_SIGNATURE_DATA_URL,
): Promise<string> {
  if (dataUrl.length <= max && /^data:image\/(png|jpeg);base64,/.test(dataUrl)) return dataUrl;
  const image = await loadDataUrl(dataUrl);
  let scale = Math.min(1, Math.sqrt(max / dataUrl.length) * 0.9);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const png = drawScaled(image, scale, false).toDataURL('image/png');
    if (png.length <= max) return png;
    scale *= Math.sqrt(max / png.length) * 0.9;
  }
  for (const quality of [0.85, 0.7, 0.5]) {
    const jpeg = drawScaled(image, scale, true).toDataURL('image/jpeg', quality);
    if (jpeg.length <= max) return jpeg;
  }
  throw new Error('This picture is too large. Try a smaller one.');
}

/** A picked file for an IMAGE field: decoded, scaled to fit, re-encoded within the API's limit. */
export async function imageFileToDataUrl(file: File): Promise<string> {
  if (!['image/png', 'image/jpeg'].includes(file.type)) throw new Error('Choose a PNG or JPEG image');
  if (file.size > 15 * 1024 * 1024) throw new Error('Choose an image of at most 15 MB');
  const image = await loadImageFile(file);
  const width = image.naturalWidth || image.width;
  const height = image.naturalHeight || image.height;
  if (!width || !height) throw new Error('This image is empty. Try another file.');
  const scale = Math.min(1, IMAGE_FIELD_MAX.width / width, IMAGE_FIELD_MAX.height / height);
  const canvas = drawScaled(image, scale, file.type === 'image/jpeg');
  const encoded =
    file.type === 'image/jpeg' ? canvas.toDataURL('image/jpeg', 0.88) : canvas.toDataURL('image/png');
  return fitImageDataUrl(encoded);
}

/**
 * A channel must differ by more than this (0-255, over white) for a pixel to count as a mark: the
 * same rule as the server's check (platform/pdf/image-check.ts), which refuses blank marks with 422.
 */
const MARK_CONTRAST = 32;

/**
 * Whether RGBA pixels (as a canvas gives them, already drawn over white or with alpha) show a
 * mark: some pixel differs from the first one, each pixel composited over white.
 */
export function pixelsShowMark(rgba: ArrayLike<number>): boolean {
  const over = (i: number, k: number) => {
    const a = rgba[i + 3]!;
    return (rgba[i + k]! * a + 255 * (255 - a)) / 255;
  };
  const first = [over(0, 0), over(0, 1), over(0, 2)];
  for (let i = 4; i < rgba.length; i += 4) {
    for (let k = 0; k < 3; k++) if (Math.abs(over(i, k) - first[k]!) > MARK_CONTRAST) return true;
  }
  return false;
}

/**
 * Whether a signature or initials picture shows anything on a white page (not fully transparent,
 * not one colour). True when the browser cannot tell (no canvas): the server checks again.
 */
export async function hasVisibleMark(dataUrl: string): Promise<boolean> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return true;
  let image: HTMLImageElement;
  try {
    image = await loadDataUrl(dataUrl);
  } catch {
    return true;
  }
  const width = image.naturalWidth || image.width;
  const height = image.naturalHeight || image.height;
  if (!width || !height) return false;
  const scale = Math.min(1, 600 / width, 600 / height);
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  try {
    return pixelsShowMark(context.getImageData(0, 0, canvas.width, canvas.height).data);
  } catch {
    return true;
  }
}

/** Initials of a name: "Ravi Kumar" -> "RK". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}
