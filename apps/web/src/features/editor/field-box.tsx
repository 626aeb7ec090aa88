import type { CSSProperties, KeyboardEvent } from 'react';
import { IconCheck, IconCircle } from '@tabler/icons-react';
import type { TField } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { FIELD_META, fieldTitle } from './field-catalogue';
import { FIELD_ICONS } from './field-icons';
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

function FieldContent({ field, zoom }: { field: TField; zoom: number }) {
  const Icon = FIELD_ICONS[field.type];
  const boxHeight = field.height * zoom;
  if (field.type === 'CHECKBOX') {
    return (
      <IconCheck
        size={Math.max(8, Math.min(boxHeight, field.width * zoom) * 0.75)}
        stroke={2.2}
        style={{ opacity: field.default_value === 'true' ? 1 : 0.35 }}
      />
    );
  }
  // Text grows with the zoom and the box, within 8–14 px, like text printed on the page would.
  const fontSize = Math.max(
    8,
    Math.min(14, 12 * zoom, field.type === 'RADIO' ? 11 * zoom : boxHeight * 0.42),
  );
  if (field.type === 'RADIO') {
    return (
      <div className={classes.radioList} style={{ fontSize }}>
        {field.options.map((option, i) => (
          <div key={`${option}-${i}`} className={classes.radioRow}>
            <IconCircle size={fontSize} stroke={1.8} />
            <span className={classes.fieldText}>{option}</span>
          </div>
        ))}
      </div>
    );
  }
  const isSignature = field.type === 'SIGNATURE' || field.type === 'INITIAL';
  const text = field.placeholder.trim() && field.type === 'TEXT' ? field.placeholder : fieldTitle(field);
  const textSize = isSignature ? fontSize * 1.1 : fontSize;
  // The icon only when the words still fit beside it (a rough width of the text in this font).
  const hasRoomForIcon =
    boxHeight >= 14 && field.width * zoom >= text.length * textSize * 0.58 + textSize * 2.4;
  return (
    <div className={classes.fieldInner} style={{ fontSize: textSize }}>
      {hasRoomForIcon && <Icon size={fontSize * 1.25} stroke={1.7} style={{ flex: 'none' }} />}
      <span className={classes.fieldText} style={isSignature ? { fontWeight: 600 } : undefined}>
        {text}
      </span>
    </div>
  );
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
        <FieldContent field={field} zoom={zoom} />
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
