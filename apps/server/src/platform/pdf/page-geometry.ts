import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, type PDFPage } from 'pdf-lib';

/** `[llx lly urx ury]` as pdf-lib's `asRectangle` reads it. */
function rectangleOf(array: PDFArray): { x: number; y: number; width: number; height: number } {
  if (array.size() !== 4) throw new Error(`a rectangle has 4 numbers, not ${array.size()}`);
  const [x1, y1, x2, y2] = [0, 1, 2, 3].map((i) => array.lookup(i, PDFNumber).asNumber()) as [
    number,
    number,
    number,
    number,
  ];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * A page as a viewer shows it: its size after `/Rotate`, and the matrix (PDF `cm` operands) that
 * maps "rendered" coordinates (origin bottom-left of the page as shown, y up) into the page's
 * own user space. Fields are stored top-left-origin in rendered space (contracts/documents.ts).
 */
export type RenderedFrame = {
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  matrix: [number, number, number, number, number, number];
};

export function renderedFrame(page: PDFPage): RenderedFrame {
  // Viewers show the crop box (which defaults to the media box). `/CropBox`, `/MediaBox` and
  // `/Rotate` may be inherited from the page tree: one walk up for the three (what
  // `page.getCropBox()` and `page.getRotation()` give, for a fraction of their lookups).
  let crop: PDFObject | undefined;
  let media: PDFObject | undefined;
  let rotate: PDFObject | undefined;
  // (At most 64 levels: a broken file's /Parent chain may loop.)
  let node: PDFDict | undefined = page.node;
  for (let depth = 0; node && depth < 64; depth++, node = node.lookupMaybe(PDFName.Parent, PDFDict)) {
    crop ??= node.get(PDFName.CropBox);
    media ??= node.get(PDFName.MediaBox);
    rotate ??= node.get(PDFName.Rotate);
    if (crop && media && rotate) break;
  }
  const context = page.node.context;
  const box = rectangleOf(context.lookupMaybe(crop, PDFArray) ?? context.lookup(media, PDFArray));
  const angle = context.lookupMaybe(rotate, PDFNumber)?.asNumber() ?? 0;
  const normalized = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  const rotation = (angle % 90 === 0 ? normalized : 0) as RenderedFrame['rotation'];
  const { x, y, width: w, height: h } = box;
  switch (rotation) {
    case 90:
      // Shown turned clockwise: the page's left edge is on top.
      return { width: h, height: w, rotation, matrix: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, rotation, matrix: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, rotation, matrix: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, rotation: 0, matrix: [1, 0, 0, 1, x, y] };
  }
}

/** A top-left-origin box (as stored on fields) in the rendered y-up frame. */
export function toRenderedRect(
  frame: RenderedFrame,
  box: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  return { x: box.x, y: frame.height - box.y - box.height, width: box.width, height: box.height };
}
