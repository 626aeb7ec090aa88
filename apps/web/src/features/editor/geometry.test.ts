import { describe, expect, it } from 'vitest';
import {
  alignRects,
  clampGroupDelta,
  clampRect,
  clampResizedRect,
  fitWidthZoom,
  freeSpotBelow,
  rectFromPoints,
  rectsIntersect,
  resizeRect,
  snapRect,
  snapResize,
  stepZoom,
  toPoints,
  toScreen,
} from './geometry';

const letter = { width: 612, height: 792 };

describe('clampRect', () => {
  it('keeps a box inside its page without changing its size', () => {
    expect(clampRect({ x: 600, y: -20, width: 100, height: 30 }, letter)).toEqual({
      x: 512,
      y: 0,
      width: 100,
      height: 30,
    });
  });
  it('grows a box below the minimum size and shrinks one wider than the page', () => {
    expect(clampRect({ x: 10, y: 10, width: 2, height: 3 }, letter)).toEqual({
      x: 10,
      y: 10,
      width: 8,
      height: 8,
    });
    expect(clampRect({ x: 10, y: 10, width: 900, height: 20 }, letter)).toEqual({
      x: 0,
      y: 10,
      width: 612,
      height: 20,
    });
  });
  it('rounds to hundredths of a point', () => {
    expect(clampRect({ x: 10.123456, y: 5.55555, width: 20.001, height: 20 }, letter).x).toBe(10.12);
  });
});

describe('scale', () => {
  it('converts points to pixels and back', () => {
    expect(toScreen(100, 1.5)).toBe(150);
    expect(toPoints(150, 1.5)).toBe(100);
  });
  it('fits the widest page into the available width', () => {
    expect(fitWidthZoom(918, [letter, { width: 300, height: 400 }])).toBe(1.5);
    expect(fitWidthZoom(0, [letter])).toBe(1);
    expect(fitWidthZoom(100_000, [letter])).toBe(4);
  });
  it('steps through zoom levels and stops at the ends', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.37, 1)).toBe(1.5);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.25, -1)).toBe(0.25);
  });
});

describe('rectangles', () => {
  it('builds a box from two corners in any order', () => {
    expect(rectFromPoints({ x: 50, y: 10 }, { x: 10, y: 40 })).toEqual({
      x: 10,
      y: 10,
      width: 40,
      height: 30,
    });
  });
  it('tells overlapping boxes from touching or distant ones', () => {
    const a = { x: 0, y: 0, width: 10, height: 10 };
    expect(rectsIntersect(a, { x: 5, y: 5, width: 10, height: 10 })).toBe(true);
    expect(rectsIntersect(a, { x: 10, y: 0, width: 10, height: 10 })).toBe(false);
    expect(rectsIntersect(a, { x: 30, y: 30, width: 1, height: 1 })).toBe(false);
  });
});

describe('clampGroupDelta', () => {
  it('cuts a move so that every box of the group stays on its page', () => {
    const items = [
      { rect: { x: 10, y: 100, width: 50, height: 20 }, page: letter },
      { rect: { x: 300, y: 760, width: 50, height: 20 }, page: letter },
    ];
    expect(clampGroupDelta(items, -30, 50)).toEqual({ x: -10, y: 12 });
    expect(clampGroupDelta(items, 5, -5)).toEqual({ x: 5, y: -5 });
  });
});

describe('resize', () => {
  it('moves only the dragged edges and keeps a minimum size', () => {
    const r = { x: 100, y: 100, width: 80, height: 40 };
    expect(resizeRect(r, 'se', 20, 10)).toEqual({ x: 100, y: 100, width: 100, height: 50 });
    expect(resizeRect(r, 'nw', 10, -10)).toEqual({ x: 110, y: 90, width: 70, height: 50 });
    expect(resizeRect(r, 'w', 200, 0)).toEqual({ x: 172, y: 100, width: 8, height: 40 });
    expect(resizeRect(r, 'n', 0, 500).height).toBe(8);
  });
  it('stops the dragged edges at the page border', () => {
    expect(clampResizedRect({ x: -20, y: 700, width: 100, height: 200 }, letter)).toEqual({
      x: 0,
      y: 700,
      width: 80,
      height: 92,
    });
  });
});

describe('alignRects', () => {
  const a = { x: 10, y: 10, width: 100, height: 20 };
  const b = { x: 50, y: 100, width: 40, height: 40 };
  it.each([
    ['left', [10, 10]],
    ['right', [10, 70]],
    ['center-x', [10, 40]],
  ] as const)('aligns %s edges or centres horizontally', (mode, xs) => {
    expect(alignRects([a, b], mode).map((r) => r.x)).toEqual(xs);
  });
  it.each([
    ['top', [10, 10]],
    ['bottom', [120, 100]],
    ['center-y', [65, 55]],
  ] as const)('aligns %s vertically', (mode, ys) => {
    expect(alignRects([a, b], mode).map((r) => r.y)).toEqual(ys);
  });
  it('matches width and height to the first box', () => {
    expect(alignRects([a, b], 'same-width').map((r) => r.width)).toEqual([100, 100]);
    expect(alignRects([a, b], 'same-height').map((r) => r.height)).toEqual([20, 20]);
  });
});

describe('snapRect', () => {
  const other = { x: 100, y: 100, width: 100, height: 30 };
  it('snaps a close left edge to another box and reports a vertical guide', () => {
    const { rect, guides } = snapRect({ x: 103, y: 300, width: 50, height: 20 }, [other], 5);
    expect(rect.x).toBe(100);
    expect(rect.y).toBe(300);
    expect(guides).toEqual([{ orientation: 'vertical', position: 100, from: 100, to: 320 }]);
  });
  it('snaps centres too, and both axes at once', () => {
    const { rect, guides } = snapRect({ x: 123, y: 98, width: 50, height: 20 }, [other], 5);
    expect(rect).toEqual({ x: 125, y: 100, width: 50, height: 20 });
    expect(guides.map((g) => g.orientation)).toEqual(['vertical', 'horizontal']);
  });
  it('leaves a box alone when nothing is within the threshold', () => {
    const moving = { x: 400, y: 400, width: 50, height: 20 };
    expect(snapRect(moving, [other], 5)).toEqual({ rect: moving, guides: [] });
  });
  it('snaps to the page centre when the page is given', () => {
    const { rect } = snapRect({ x: 284, y: 500, width: 40, height: 20 }, [], 4, letter);
    expect(rect.x).toBe(286);
  });
});

describe('snapResize', () => {
  it('snaps only the edge being dragged', () => {
    const other = { x: 100, y: 100, width: 100, height: 30 };
    const { rect, guides } = snapResize({ x: 20, y: 300, width: 177, height: 20 }, 'e', [other], 5);
    expect(rect).toEqual({ x: 20, y: 300, width: 180, height: 20 });
    expect(guides).toHaveLength(1);
    const west = snapResize({ x: 96, y: 300, width: 50, height: 20 }, 'w', [other], 5);
    expect(west.rect).toEqual({ x: 100, y: 300, width: 46, height: 20 });
  });
});

describe('freeSpotBelow', () => {
  const size = { width: 100, height: 20 };
  it('keeps a free spot and moves below what the box would cover', () => {
    expect(freeSpotBelow({ x: 300, y: 300 }, size, [], letter)).toEqual({ x: 300, y: 300 });
    const first = { x: 250, y: 290, width: 100, height: 20 };
    const second = { x: 250, y: 318, width: 160, height: 48 };
    expect(freeSpotBelow({ x: 300, y: 300 }, size, [first, second], letter)).toEqual({ x: 300, y: 384 });
  });
  it('gives up at the bottom of the page', () => {
    const low = { x: 0, y: 700, width: 612, height: 92 };
    expect(freeSpotBelow({ x: 300, y: 760 }, size, [low], letter)).toEqual({ x: 300, y: 760 });
  });
});
