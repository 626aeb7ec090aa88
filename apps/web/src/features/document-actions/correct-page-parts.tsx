import type { CSSProperties, KeyboardEvent, PointerEventHandler, ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { IconLock } from '@tabler/icons-react';
import type { TField, TFieldType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { FieldFace } from '../editor/field-face';
import { FIELD_ICONS } from '../editor/field-icons';
import { fieldTypeLabel } from './correct-state';
import classes from './correct-pages.module.css';

/* The pieces of the correct screen's page view (`correct-pages.tsx`): palette items, fields, page. */

export type DragData = { kind: 'field'; key: string } | { kind: 'palette'; type: TFieldType };

export const paletteId = (type: TFieldType) => `palette:${type}`;
export const fieldId = (key: string) => `field:${key}`;

export function PaletteChip({
  type,
  color,
  isDisabled,
  onAdd,
}: {
  type: TFieldType;
  color: string | undefined;
  isDisabled: boolean;
  onAdd: (type: TFieldType) => void;
}) {
  const { listeners, setNodeRef } = useDraggable({
    id: paletteId(type),
    data: { kind: 'palette', type } satisfies DragData,
    disabled: isDisabled,
  });
  const Icon = FIELD_ICONS[type];
  const label = fieldTypeLabel(type);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={classes.chip}
      style={color ? ({ '--chip-color': color } as CSSProperties) : undefined}
      disabled={isDisabled}
      aria-label={`Add ${label} field`}
      title={`Drag onto the page, or click to put ${label.toLowerCase()} in the first free spot`}
      // Only the pointer drags a palette item: Enter and Space click it (first free spot).
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={() => onAdd(type)}
    >
      <Icon size={16} stroke={1.7} className={classes.chipIcon} />
      {label}
    </button>
  );
}

type BoxProps = { field: TField; zoom: number; color: string; ownerName: string };

const boxStyle = (field: TField, zoom: number, color: string): CSSProperties =>
  ({
    left: field.x * zoom,
    top: field.y * zoom,
    width: field.width * zoom,
    height: field.height * zoom,
    '--field-color': color,
  }) as CSSProperties;

/** A field of a recipient who finished: shown where it is, never moved. */
export function LockedFieldBox({ field, zoom, color, ownerName }: BoxProps) {
  const label = fieldTypeLabel(field.type);
  return (
    <div
      className={classes.field}
      data-locked
      data-testid="correct-field"
      data-field-key={field.key}
      role="img"
      aria-label={`${label} field of ${ownerName}, finished: locked`}
      title={`${label} · ${ownerName} (finished: cannot move)`}
      style={boxStyle(field, zoom, color)}
    >
      <FieldFace field={field} zoom={zoom} />
      <span className={classes.lock} aria-hidden>
        <IconLock size={10} />
      </span>
    </div>
  );
}

/** A pending recipient's field: drag it (or Space, arrows, Space), Delete removes it. */
export function MovableFieldBox({
  field,
  zoom,
  color,
  ownerName,
  onRemove,
}: BoxProps & { onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: fieldId(field.key),
    data: { kind: 'field', key: field.key } satisfies DragData,
  });
  const label = fieldTypeLabel(field.type);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isDragging && (event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault();
      onRemove();
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      className={classes.field}
      data-moving={isDragging || undefined}
      data-testid="correct-field"
      data-field-key={field.key}
      aria-label={`${label} field of ${ownerName}, page ${field.page}`}
      title={`${label} · ${ownerName}: drag to move, Delete removes`}
      style={{ ...boxStyle(field, zoom, color), transform: CSS.Translate.toString(transform) }}
    >
      <FieldFace field={field} zoom={zoom} />
    </div>
  );
}

/** The page being shown: the drop target of the palette. */
export function PageSurface({
  page,
  size,
  zoom,
  children,
}: {
  page: number;
  size: TPageSize;
  zoom: number;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: 'page', data: { page } });
  return (
    <div
      ref={setNodeRef}
      className={classes.surface}
      data-over={isOver || undefined}
      data-testid="correct-page"
      data-page-surface={page}
      style={{ width: size.width * zoom, height: size.height * zoom }}
    >
      {children}
    </div>
  );
}
