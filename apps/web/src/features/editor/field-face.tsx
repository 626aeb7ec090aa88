import { IconCheck, IconCircle } from '@tabler/icons-react';
import type { TField } from '@esigns/contracts/documents';
import { fieldTitle } from './field-catalogue';
import { FIELD_ICONS } from './field-icons';
import classes from './editor.module.css';

/**
 * What a field shows inside its box on a page at `zoom`: its icon and title (or placeholder), a
 * check for checkboxes, the options of a radio group. Presentational only, so the editor's
 * `FieldBox` and the correct screen of a sent document draw fields alike.
 */
export function FieldFace({ field, zoom }: { field: TField; zoom: number }) {
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
