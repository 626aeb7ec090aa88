import type { CSSProperties, KeyboardEvent } from 'react';
import type { TField } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { FIELD_META, fieldTitle } from './field-catalogue';
import { FieldFace } from './field-face';
import { RESIZE_HANDLES, type ResizeHandle } from './geometry';
import { GuideLines } from './guide-lines';
import { recipientName } from './recipient-labels';
import { useFieldPointer } from './use-field-pointer';
import classes from './editor.module.css';

const HANDLE_CURSORS: Record<ResizeHandle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

function handlePosition(handle: ResizeHandle): CSSProperties {
  const v = handle.includes('n')
    ? { top: -5 }
    : handle.includes('s')
      ? { bottom: -5 }
      : { top: 'calc(50% - 4px)' };
  const h = handle.includes('w')
    ? { left: -5 }
    : handle.includes('e')
      ? { right: -5 }
      : { left: 'calc(50% - 4px)' };
  return { ...v, ...h, cursor: HANDLE_CURSORS[handle] };
}

/** One field on the page: coloured by its recipient, selectable, movable, resizable. */
export function FieldBox({ field }: { field: TField }) {
  const { zoom, selection, move, colorOf, layout, dispatch, openProperties } = useEditor();
  const { boxProps, handleProps, resize } = useFieldPointer(field);
  const isSelected = selection.includes(field.key);
  const color = colorOf(field.recipient_key);
  const isMoving = Boolean(move && move.keys.includes(field.key));
  const rect = resize?.rect ?? {
    x: field.x + (isMoving && move ? move.dx : 0),
    y: field.y + (isMoving && move ? move.dy : 0),
    width: field.width,
    height: field.height,
  };
  const ownerIndex = layout.document_users.findIndex((r) => r.key === field.recipient_key);
  const owner = layout.document_users[ownerIndex];
  const ownerName = owner ? recipientName(owner, ownerIndex) : 'No recipient';
  const showHandles = isSelected && selection.length === 1;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      dispatch(
        event.shiftKey ? { type: 'toggleSelect', key: field.key } : { type: 'select', keys: [field.key] },
      );
    }
  };

  return (
    <>
      <div
        {...boxProps}
        role="button"
        tabIndex={0}
        aria-pressed={isSelected}
        aria-label={`${fieldTitle(field)} field for ${ownerName}, page ${field.page}`}
        data-testid="field-box"
        data-field-key={field.key}
        onKeyDown={onKeyDown}
        onDoubleClick={openProperties}
        className={classes.field}
        data-selected={isSelected || undefined}
        data-moving={isMoving || resize ? true : undefined}
        title={`${FIELD_META[field.type].label} · ${ownerName}`}
        style={
          {
            left: rect.x * zoom,
            top: rect.y * zoom,
            width: rect.width * zoom,
            height: rect.height * zoom,
            '--field-color': color,
          } as CSSProperties
        }
      >
        <FieldFace field={field} zoom={zoom} />
        {field.required && field.type !== 'CHECKBOX' && (
          <span className={classes.required} aria-hidden>
            *
          </span>
        )}
        {showHandles && (
          <span className={classes.ownerTag} aria-hidden>
            {ownerName}
          </span>
        )}
        {showHandles &&
          RESIZE_HANDLES.map((handle) => (
            <span
              key={handle}
              {...handleProps(handle)}
              className={classes.handle}
              data-testid={`resize-${handle}`}
              style={handlePosition(handle)}
              aria-hidden
            />
          ))}
      </div>
      {resize && <GuideLines guides={resize.guides} zoom={zoom} />}
    </>
  );
}
