import { FIELD_MAX_SIZE, FIELD_MIN_SIZE } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';

/*
 * Pure geometry of the editor. Every rectangle is in PDF points, origin at the top-left of its page;
 * the screen shows it multiplied by the zoom (CSS pixels per point).
 */

export type Rect = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };
export type ResizeHandle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export type AlignMode =
  'left' | 'center-x' | 'right' | 'top' | 'center-y' | 'bottom' | 'same-width' | 'same-height';

/** A guide line shown while snapping: vertical lines have an x, horizontal ones a y (points). */
export type Guide = { orientation: 'vertical' | 'horizontal'; position: number; from: number; to: number };

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

const round = (value: number) => Math.round(value * 100) / 100;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** Keeps a box inside its page and within the contract's size limits (rounded to 0.01 pt). */
export function clampRect(rect: Rect, page: TPageSize): Rect {
  const width = clamp(rect.width, FIELD_MIN_SIZE, Math.min(FIELD_MAX_SIZE, page.width));
  const height = clamp(rect.height, FIELD_MIN_SIZE, Math.min(FIELD_MAX_SIZE, page.height));
  return {
    x: round(clamp(rect.x, 0, page.width - width)),
    y: round(clamp(rect.y, 0, page.height - height)),
    width: round(width),
    height: round(height),
  };
}

/** Points to CSS pixels and back. */
export function toScreen(points: number, zoom: number): number {
  return points * zoom;
}
export function toPoints(pixels: number, zoom: number): number {
  return zoom > 0 ? pixels / zoom : pixels;
}

/** The zoom at which the widest page fills `available` pixels. */
export function fitWidthZoom(available: number, pages: readonly TPageSize[]): number {
  const widest = Math.max(0, ...pages.map((p) => p.width));
  if (available <= 0 || widest <= 0) return 1;
  return clamp(available / widest, ZOOM_MIN, ZOOM_MAX);
}

/** The next zoom step up (`direction` 1) or down (-1) from `zoom`. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom + 0.001) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.001) ?? ZOOM_MIN;
}

/** The box spanned by two corners, in any order. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function boundingRect(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The furthest a group of boxes may move by (dx, dy) with each staying on its page: the delta is
 * cut so the group keeps its shape.
 */
export function clampGroupDelta(
  items: readonly { rect: Rect; page: TPageSize }[],
  dx: number,
  dy: number,
): Point {
  let minDx = -Infinity;
  let maxDx = Infinity;
  let minDy = -Infinity;
  let maxDy = Infinity;
  for (const { rect, page } of items) {
    minDx = Math.max(minDx, -rect.x);
    maxDx = Math.min(maxDx, page.width - rect.x - rect.width);
    minDy = Math.max(minDy, -rect.y);
    maxDy = Math.min(maxDy, page.height - rect.y - rect.height);
  }
  return {
    x: clamp(dx, Math.min(minDx, 0), Math.max(maxDx, 0)),
    y: clamp(dy, Math.min(minDy, 0), Math.max(maxDy, 0)),
  };
}

/** A box resized by dragging `handle` by (dx, dy), never smaller than `minSize` (its far edge stays put). */
export function resizeRect(
  rect: Rect,
  handle: ResizeHandle,
  dx: number,
  dy: number,
  minSize = FIELD_MIN_SIZE,
): Rect {
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  if (handle.includes('w')) left = Math.min(left + dx, right - minSize);
  if (handle.includes('e')) right = Math.max(right + dx, left + minSize);
  if (handle.includes('n')) top = Math.min(top + dy, bottom - minSize);
  if (handle.includes('s')) bottom = Math.max(bottom + dy, top + minSize);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A resized box kept on its page: the dragged edges stop at the page border. */
export function clampResizedRect(rect: Rect, page: TPageSize, minSize = FIELD_MIN_SIZE): Rect {
  const left = clamp(rect.x, 0, page.width - minSize);
  const top = clamp(rect.y, 0, page.height - minSize);
  const right = clamp(rect.x + rect.width, left + minSize, page.width);
  const bottom = clamp(rect.y + rect.height, top + minSize, page.height);
  return { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
}

/**
 * Boxes aligned to the selection: edges and centres to the group's bounding box, sizes to the
 * first box (the one selected first).
 */
export function alignRects(rects: readonly Rect[], mode: AlignMode): Rect[] {
  const box = boundingRect(rects);
  const first = rects[0];
  if (!box || !first) return [...rects];
  return rects.map((r) => {
    switch (mode) {
      case 'left':
        return { ...r, x: box.x };
      case 'right':
        return { ...r, x: box.x + box.width - r.width };
      case 'center-x':
        return { ...r, x: box.x + box.width / 2 - r.width / 2 };
      case 'top':
        return { ...r, y: box.y };
      case 'bottom':
        return { ...r, y: box.y + box.height - r.height };
      case 'center-y':
        return { ...r, y: box.y + box.height / 2 - r.height / 2 };
      case 'same-width':
        return { ...r, width: first.width };
      case 'same-height':
        return { ...r, height: first.height };
    }
  });
}

type Line = { value: number; from: number; to: number };

function xLines(r: Rect): number[] {
  return [r.x, r.x + r.width / 2, r.x + r.width];
}
function yLines(r: Rect): number[] {
  return [r.y, r.y + r.height / 2, r.y + r.height];
}

/** The closest target to any of `own` within `threshold`: the shift to apply and the target line. */
function nearest(own: number[], targets: Line[], threshold: number): { shift: number; line: Line } | null {
  let best: { shift: number; line: Line } | null = null;
  for (const value of own) {
    for (const line of targets) {
      const shift = line.value - value;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift))) {
        best = { shift, line };
      }
    }
  }
  return best;
}

/**
 * Snaps a moving box to the edges and centres of `others` (and of the page, when given) when
 * within `threshold` points. Answers the snapped box and the guide lines to draw.
 */
export function snapRect(
  moving: Rect,
  others: readonly Rect[],
  threshold: number,
  page?: TPageSize,
): { rect: Rect; guides: Guide[] } {
  const targets = page ? [...others, { x: 0, y: 0, width: page.width, height: page.height }] : [...others];
  const vertical: Line[] = targets.flatMap((t) =>
    xLines(t).map((value) => ({ value, from: t.y, to: t.y + t.height })),
  );
  const horizontal: Line[] = targets.flatMap((t) =>
    yLines(t).map((value) => ({ value, from: t.x, to: t.x + t.width })),
  );
  const snapX = nearest(xLines(moving), vertical, threshold);
  const snapY = nearest(yLines(moving), horizontal, threshold);
  const rect = { ...moving, x: moving.x + (snapX?.shift ?? 0), y: moving.y + (snapY?.shift ?? 0) };
  const guides: Guide[] = [];
  if (snapX) {
    guides.push({
      orientation: 'vertical',
      position: snapX.line.value,
      from: Math.min(snapX.line.from, rect.y),
      to: Math.max(snapX.line.to, rect.y + rect.height),
    });
  }
  if (snapY) {
    guides.push({
      orientation: 'horizontal',
      position: snapY.line.value,
      from: Math.min(snapY.line.from, rect.x),
      to: Math.max(snapY.line.to, rect.x + rect.width),
    });
  }
  return { rect, guides };
}

/**
 * Snaps the edges a resize handle moves to the edges and centres of `others`; the opposite edges
 * stay where they are.
 */
export function snapResize(
  rect: Rect,
  handle: ResizeHandle,
  others: readonly Rect[],
  threshold: number,
): { rect: Rect; guides: Guide[] } {
  const vertical: Line[] = others.flatMap((t) =>
    xLines(t).map((value) => ({ value, from: t.y, to: t.y + t.height })),
  );
  const horizontal: Line[] = others.flatMap((t) =>
    yLines(t).map((value) => ({ value, from: t.x, to: t.x + t.width })),
  );
  let { x, y, width, height } = rect;
  const guides: Guide[] = [];
  const movesX = handle.includes('w') ? x : handle.includes('e') ? x + width : null;
  const movesY = handle.includes('n') ? y : handle.includes('s') ? y + height : null;
  if (movesX !== null) {
    const hit = nearest([movesX], vertical, threshold);
    if (hit) {
      if (handle.includes('w')) {
        x += hit.shift;
        width -= hit.shift;
      } else width += hit.shift;
      guides.push({
        orientation: 'vertical',
        position: hit.line.value,
        from: Math.min(hit.line.from, y),
        to: Math.max(hit.line.to, y + height),
      });
    }
  }
  if (movesY !== null) {
    const hit = nearest([movesY], horizontal, threshold);
    if (hit) {
      if (handle.includes('n')) {
        y += hit.shift;
        height -= hit.shift;
      } else height += hit.shift;
      guides.push({
        orientation: 'horizontal',
        position: hit.line.value,
        from: Math.min(hit.line.from, x),
        to: Math.max(hit.line.to, x + width),
      });
    }
  }
  if (width < FIELD_MIN_SIZE || height < FIELD_MIN_SIZE) return { rect, guides: [] };
  return { rect: { x, y, width, height }, guides };
}

/**
 * Where a new box of `size` centred on `center` can go without covering `others`: moved down
 * below each box it would cover (with an 8 pt gap) while it stays on the page; the wanted centre
 * when no free spot is found.
 */
export function freeSpotBelow(
  center: Point,
  size: { width: number; height: number },
  others: readonly Rect[],
  page: TPageSize,
): Point {
  let y = center.y;
  for (let guard = 0; guard <= others.length; guard += 1) {
    const box = {
      x: center.x - size.width / 2,
      y: y - size.height / 2,
      width: size.width,
      height: size.height,
    };
    const hit = others.find((o) => rectsIntersect(box, o));
    if (!hit) return { x: center.x, y };
    y = hit.y + hit.height + 8 + size.height / 2;
    if (y + size.height / 2 > page.height) break;
  }
  return center;
}
