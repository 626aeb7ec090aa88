import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useEditor } from './editor-context';
import { FieldBox } from './field-box';
import { rectFromPoints, rectsIntersect, type Point, type Rect } from './geometry';
import { GuideLines } from './guide-lines';
import classes from './editor.module.css';

/**
 * The layer over one rendered page: its fields, the snapping guides of a move, and rubber-band
 * selection (press on empty page and drag; shift adds to the selection; a plain click clears it).
 */
export function PageOverlay({ pageNumber }: { pageNumber: number }) {
  const { zoom, fieldsByPage, move, selection, dispatch } = useEditor();
  const fields = fieldsByPage.get(pageNumber) ?? [];
  const band = useRef<{ start: Point; pointerId: number; additive: boolean } | null>(null);
  const [bandRect, setBandRect] = useState<Rect | null>(null);

  const toPage = (event: ReactPointerEvent<HTMLElement>): Point => {
    const bounds = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - bounds.left) / zoom, y: (event.clientY - bounds.top) / zoom };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.target !== event.currentTarget) return;
    band.current = { start: toPage(event), pointerId: event.pointerId, additive: event.shiftKey };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const b = band.current;
    if (!b || b.pointerId !== event.pointerId) return;
    setBandRect(rectFromPoints(b.start, toPage(event)));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const b = band.current;
    if (!b || b.pointerId !== event.pointerId) return;
    band.current = null;
    const rect = rectFromPoints(b.start, toPage(event));
    setBandRect(null);
    const isClick = rect.width * zoom < 3 && rect.height * zoom < 3;
    if (isClick) {
      if (!b.additive) dispatch({ type: 'select', keys: [] });
      return;
    }
    const hit = fields.filter((f) => rectsIntersect(rect, f)).map((f) => f.key);
    dispatch({ type: 'select', keys: b.additive ? [...new Set([...selection, ...hit])] : hit });
  };

  return (
    <div
      className={classes.overlay}
      data-testid={`page-overlay-${pageNumber}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        band.current = null;
        setBandRect(null);
      }}
    >
      {fields.map((field) => (
        <FieldBox key={field.key} field={field} />
      ))}
      {move && move.page === pageNumber && <GuideLines guides={move.guides} zoom={zoom} />}
      {bandRect && (
        <div
          className={classes.band}
          style={{
            left: bandRect.x * zoom,
            top: bandRect.y * zoom,
            width: bandRect.width * zoom,
            height: bandRect.height * zoom,
          }}
        />
      )}
    </div>
  );
}
