import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { TFieldType } from '@esigns/contracts/documents';
import type { PageViewport } from './editor-context';

export type PaletteGhost = { type: TFieldType; x: number; y: number; isOverPage: boolean };

const DRAG_START_PX = 4;

/**
 * Drag from the palette onto a page with the pointer (mouse, pen or touch). A press that does not
 * travel is a click, which the button's own click handler turns into "add at the centre of the
 * visible page" (also the keyboard path).
 */
export function usePaletteDrag(
  viewport: React.RefObject<PageViewport | null>,
  onDrop: (type: TFieldType, at: { page: number; x: number; y: number }) => void,
) {
  const [ghost, setGhost] = useState<PaletteGhost | null>(null);
  const press = useRef<{
    type: TFieldType;
    x: number;
    y: number;
    pointerId: number;
    isDragging: boolean;
  } | null>(null);
  /** Set when a drag ended, so the click that follows the pointerup is ignored. */
  const swallowClick = useRef(false);
  const onDropRef = useRef(onDrop);
  useEffect(() => {
    onDropRef.current = onDrop;
  }, [onDrop]);

  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const p = press.current;
      if (!p || p.pointerId !== event.pointerId) return;
      if (!p.isDragging && Math.hypot(event.clientX - p.x, event.clientY - p.y) < DRAG_START_PX) return;
      p.isDragging = true;
      const isOverPage = Boolean(viewport.current?.pageAt(event.clientX, event.clientY));
      setGhost({ type: p.type, x: event.clientX, y: event.clientY, isOverPage });
    };
    const onUp = (event: PointerEvent) => {
      const p = press.current;
      if (!p || p.pointerId !== event.pointerId) return;
      press.current = null;
      setGhost(null);
      if (!p.isDragging) return;
      swallowClick.current = true;
      const target = viewport.current?.pageAt(event.clientX, event.clientY);
      if (target) onDropRef.current(p.type, target);
    };
    const onCancel = () => {
      press.current = null;
      setGhost(null);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  }, [viewport]);

  return {
    ghost,
    pressProps: (type: TFieldType) => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        swallowClick.current = false;
        press.current = {
          type,
          x: event.clientX,
          y: event.clientY,
          pointerId: event.pointerId,
          isDragging: false,
        };
        // Touch: stop the browser from scrolling the panel instead of dragging.
        if (event.pointerType !== 'mouse') event.currentTarget.releasePointerCapture?.(event.pointerId);
      },
    }),
    /** True (once) when the click being handled ended a drag. */
    consumeDragClick: () => {
      const was = swallowClick.current;
      swallowClick.current = false;
      return was;
    },
  };
}
