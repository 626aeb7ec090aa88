import { context2d } from '../image-files';
import { HANDWRITING_FAMILIES } from './handwriting-fonts';

/** Ink colours offered for drawn and typed signatures. */
export const PEN_COLORS = [
  { value: '#111111', label: 'Black' },
  { value: '#1d3fb8', label: 'Blue' },
] as const;
export type PenColor = (typeof PEN_COLORS)[number]['value'];

/**
 * The styles of a typed signature: three handwriting fonts shipped with the app
 * (`handwriting-fonts.ts`), each with a device font of the same kind behind it for the moment
 * before it loads (or if it cannot), then a classic italic every device has.
 */
export const TYPE_FONTS = [
  {
    id: 'brush',
    label: 'Brush',
    family: `'${HANDWRITING_FAMILIES.brush}', 'Brush Script MT', cursive`,
    style: 'normal',
  },
  {
    id: 'script',
    label: 'Script',
    family: `'${HANDWRITING_FAMILIES.script}', 'Segoe Script', cursive`,
    style: 'normal',
  },
  {
    id: 'handwriting',
    label: 'Handwriting',
    family: `'${HANDWRITING_FAMILIES.handwriting}', 'Bradley Hand', cursive`,
    style: 'normal',
  },
  { id: 'italic', label: 'Classic italic', family: "Georgia, 'Times New Roman', serif", style: 'italic' },
] as const;
export type TypeFontId = (typeof TYPE_FONTS)[number]['id'];

const TYPE_SIZE = 96;

/** The CSS `font` shorthand of a typed signature at `size` pixels. */
export function fontShorthand(fontId: TypeFontId, size: number = TYPE_SIZE): string {
  const font = TYPE_FONTS.find((candidate) => candidate.id === fontId) ?? TYPE_FONTS[0];
  return `${font.style} 400 ${size}px ${font.family}`;
}

/**
 * Crops a canvas to its ink (non-transparent pixels) plus a margin. Answers the canvas itself
 * when it is blank or its pixels cannot be read.
 */
export function trimCanvas(canvas: HTMLCanvasElement, margin = 8): HTMLCanvasElement {
  const { width, height } = canvas;
  if (width === 0 || height === 0) return canvas;
  let pixels: Uint8ClampedArray;
  try {
    pixels = context2d(canvas).getImageData(0, 0, width, height).data;
  } catch {
    return canvas;
  }
  if (pixels.length < width * height * 4) return canvas;
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((pixels[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return canvas;
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const trimmed = document.createElement('canvas');
  trimmed.width = right - left + 1;
  trimmed.height = bottom - top + 1;
  context2d(trimmed).drawImage(
    canvas,
    left,
    top,
    trimmed.width,
    trimmed.height,
    0,
    0,
    trimmed.width,
    trimmed.height,
  );
  return trimmed;
}

/** The typed name in a handwriting font, on a transparent PNG. */
export function renderTypedMark(text: string, fontId: TypeFontId, color: string): string {
  const value = text.trim();
  if (!value) throw new Error('Type your name first');
  const canvas = document.createElement('canvas');
  const measure = context2d(canvas);
  measure.font = fontShorthand(fontId);
  const textWidth = Math.ceil(measure.measureText(value).width) || value.length * TYPE_SIZE * 0.6;
  // Script fonts overhang their advance width (swashes, italics): leave room on every side.
  const padding = Math.round(TYPE_SIZE * 0.4);
  canvas.width = Math.min(4000, textWidth + padding * 2);
  canvas.height = Math.round(TYPE_SIZE * 1.8);
  // Resizing a canvas resets its state: set the font again before drawing.
  const context = context2d(canvas);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.font = fontShorthand(fontId);
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.fillText(value, padding, canvas.height / 2);
  return trimCanvas(canvas).toDataURL('image/png');
}

/** Bounds of an uploaded signature: larger pictures are scaled down (keeps it under 2 MB). */
export const UPLOAD_MAX = { width: 1200, height: 480 };

/**
 * An uploaded picture as a PNG: scaled to fit UPLOAD_MAX, transparency kept; with
 * `removeWhite`, near-white pixels become transparent (scans and photos of paper).
 */
export function imageToMarkPng(image: HTMLImageElement, removeWhite: boolean): string {
  const width = image.naturalWidth || image.width;
  const height = image.naturalHeight || image.height;
  if (!width || !height) throw new Error('This image is empty. Try another file.');
  const scale = Math.min(1, UPLOAD_MAX.width / width, UPLOAD_MAX.height / height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = context2d(canvas);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  if (removeWhite) {
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    makeWhiteTransparent(frame.data);
    context.putImageData(frame, 0, 0);
  }
  return trimCanvas(canvas).toDataURL('image/png');
}

/** Near-white pixels fade out: fully transparent above 235, partly between 200 and 235. */
export function makeWhiteTransparent(pixels: Uint8ClampedArray): void {
  for (let index = 0; index < pixels.length; index += 4) {
    const lightness = Math.min(pixels[index] ?? 0, pixels[index + 1] ?? 0, pixels[index + 2] ?? 0);
    if (lightness >= 235) pixels[index + 3] = 0;
    else if (lightness > 200) {
      const alpha = pixels[index + 3] ?? 255;
      pixels[index + 3] = Math.round((alpha * (235 - lightness)) / 35);
    }
  }
}
