import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { TField } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import {
  clampGroupDelta,
  resizeRect,
  snapRect,
  snapResize,
  type Guide,
  type Rect,
  type ResizeHandle,
} from './geometry';

/** Pixels the pointer must travel before a press becomes a drag. */
const DRAG_START_PX = 3;
/** Snapping distance, in screen pixels (converted to points with the zoom). */
const SNAP_PX = 6;

const rectOf = (f: TField): Rect => ({ x: f.x, y: f.y, width: f.width, height: f.height });

type Press = {
  pointerId: number;
  startX: number;
  startY: number;
  moved: boolean;
  /** Fields that move with this one. */
  keys: string[];
  /** Where the field was grabbed, in points from its top-left corner. */
  grab: { x: number; y: number };
};

/**
 * Pointer handling of one field on the page: press to select (shift toggles), drag to move the
 * selection with snapping to other fields and the page, drag a handle to resize. Moves show as a
 * preview (`setMove`) and become one undo step on release; a single field dropped on another page
 * moves there.
 */
export function useFieldPointer(field: TField) {
  const { zoom, selection, dispatch, edit, fieldsByPage, pages, layout, setMove, viewport } = useEditor();
  const press = useRef<Press | null>(null);
  const [resize, setResizeState] = useState<{ rect: Rect; guides: Guide[] } | null>(null);
  const resizeNow = useRef<{ rect: Rect; guides: Guide[] } | null>(null);
  const setResize = (next: { rect: Rect; guides: Guide[] } | null) => {
    resizeNow.current = next;
    setResizeState(next);
  };
  const resizePress = useRef<{
    handle: ResizeHandle;
    startX: number;
    startY: number;
    pointerId: number;
  } | null>(null);

  const othersOnPage = (exclude: string[]) =>
    (fieldsByPage.get(field.page) ?? []).filter((f) => !exclude.includes(f.key)).map(rectOf);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    if (event.shiftKey || event.metaKey || event.ctrlKey) {
      dispatch({ type: 'toggleSelect', key: field.key });
      return;
    }
    const isSelected = selection.includes(field.key);
    if (!isSelected) dispatch({ type: 'select', keys: [field.key] });
    const bounds = event.currentTarget.getBoundingClientRect();
    press.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
      keys: isSelected ? selection : [field.key],
      grab: { x: (event.clientX - bounds.left) / zoom, y: (event.clientY - bounds.top) / zoom },
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.pointerId !== event.pointerId) return;
    const px = event.clientX - p.startX;
    const py = event.clientY - p.startY;
    if (!p.moved && Math.hypot(px, py) < DRAG_START_PX) return;
    p.moved = true;
    let dx = px / zoom;
    let dy = py / zoom;
    const page = pages[field.page - 1];
    const snapped = snapRect(
      { ...rectOf(field), x: field.x + dx, y: field.y + dy },
      othersOnPage(p.keys),
      SNAP_PX / zoom,
      page,
    );
    dx = snapped.rect.x - field.x;
    dy = snapped.rect.y - field.y;
    if (p.keys.length > 1) {
      const items = layout.fields
        .filter((f) => p.keys.includes(f.key))
        .flatMap((f) => {
          const size = pages[f.page - 1];
          return size ? [{ rect: rectOf(f), page: size }] : [];
        });
      const delta = clampGroupDelta(items, dx, dy);
      dx = delta.x;
      dy = delta.y;
    }
    setMove({ keys: p.keys, dx, dy, page: field.page, guides: snapped.guides });
  };

  const finishMove = (event: ReactPointerEvent<HTMLElement>, isCancelled: boolean) => {
    const p = press.current;
    if (!p || p.pointerId !== event.pointerId) return;
    press.current = null;
    setMove(null);
    if (!p.moved || isCancelled) return;
    const target = p.keys.length === 1 ? viewport.current?.pageAt(event.clientX, event.clientY) : null;
    if (target && target.page !== field.page) {
      edit({
        type: 'setFieldRect',
        key: field.key,
        page: target.page,
        rect: { ...rectOf(field), x: target.x - p.grab.x, y: target.y - p.grab.y },
        how: 'move',
        pages,
      });
      return;
    }
    const page = pages[field.page - 1];
    const snapped = snapRect(
      {
        ...rectOf(field),
        x: field.x + (event.clientX - p.startX) / zoom,
        y: field.y + (event.clientY - p.startY) / zoom,
      },
      othersOnPage(p.keys),
      SNAP_PX / zoom,
      page,
    );
    edit({
      type: 'moveFields',
      keys: p.keys,
      dx: snapped.rect.x - field.x,
      dy: snapped.rect.y - field.y,
      pages,
    });
  };

  const handleProps = (handle: ResizeHandle) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.stopPropagation();
      resizePress.current = {
        handle,
        startX: event.clientX,
        startY: event.clientY,
        pointerId: event.pointerId,
      };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const r = resizePress.current;
      if (!r || r.pointerId !== event.pointerId) return;
      event.stopPropagation();
      const next = resizeRect(
        rectOf(field),
        r.handle,
        (event.clientX - r.startX) / zoom,
        (event.clientY - r.startY) / zoom,
      );
      setResize(snapResize(next, r.handle, othersOnPage([field.key]), SNAP_PX / zoom));
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const r = resizePress.current;
      if (!r || r.pointerId !== event.pointerId) return;
      event.stopPropagation();
      resizePress.current = null;
      const current = resizeNow.current;
      setResize(null);
      if (current) edit({ type: 'setFieldRect', key: field.key, rect: current.rect, how: 'resize', pages });
    },
    onPointerCancel: () => {
      resizePress.current = null;
      setResize(null);
    },
  });

  return {
    resize,
    handleProps,
    boxProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finishMove(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finishMove(event, true),
    },
  };
}
