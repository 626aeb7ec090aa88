/** A square crop of an image: zoom over the "cover" scale and the image's offset from the centre. */
export type CropState = {
  /** 1 = the image just covers the square; up to MAX_ZOOM. */
  zoom: number;
  /** Offset of the image's centre from the square's centre, in view pixels. */
  x: number;
  y: number;
};

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

export type Size = { width: number; height: number };

/** The scale at which the image's shorter side fills the square. */
export function coverScale(image: Size, side: number): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.max(side / image.width, side / image.height);
}

/** Keeps the square covered: the image may not be moved past its own edges. */
export function clampCrop(crop: CropState, image: Size, side: number): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(crop.zoom) ? crop.zoom : MIN_ZOOM));
  const scale = coverScale(image, side) * zoom;
  const maxX = Math.max(0, (image.width * scale - side) / 2);
  const maxY = Math.max(0, (image.height * scale - side) / 2);
  // `|| 0` turns -0 into 0.
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return { zoom, x: clamp(crop.x, maxX), y: clamp(crop.y, maxY) };
}

/** Where the whole image is drawn on a square of `side` pixels. */
export function imageRect(crop: CropState, image: Size, side: number) {
  const scale = coverScale(image, side) * crop.zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: side / 2 + crop.x - width / 2, y: side / 2 + crop.y - height / 2, width, height };
}

/**
 * The same crop on a square of another size (the exported picture): offsets scale with the
 * side, so what was seen in the view is what is exported.
 */
export function scaleCrop(crop: CropState, fromSide: number, toSide: number): CropState {
  const ratio = fromSide > 0 ? toSide / fromSide : 1;
  return { zoom: crop.zoom, x: crop.x * ratio, y: crop.y * ratio };
}
