import type { CSSProperties } from 'react';
import { IconCheck } from '@tabler/icons-react';
import type { TSignerField } from '@esigns/contracts/signing';
import { formatDate } from '../../shared/format/date';
import { FIELD_META, fieldTitle } from '../editor/field-catalogue';
import { isEditableField, isImageField } from './field-rules';
import classes from './signing.module.css';

/** What the signer's own automatic fields will hold once they finish. */
export type AutoValues = { name: string; email: string; date: string };

export type SignerFieldBoxProps = {
  field: TSignerField;
  zoom: number;
  /** The signer's current value (own fields) or the value another recipient gave. */
  value: string;
  color: string;
  isActive: boolean;
  error: string | null;
  auto: AutoValues;
  onActivate: (key: string) => void;
};

function autoValue(field: TSignerField, auto: AutoValues): string {
  if (field.type === 'FULL_NAME') return auto.name;
  if (field.type === 'EMAIL') return auto.email;
  if (field.type === 'DATE_SIGNED') return formatDate(auto.date);
  return '';
}

/** The accessible name of an own field: "Signature, required, empty". */
export function fieldAccessibleName(field: TSignerField, value: string): string {
  const parts = [fieldTitle(field)];
  if (field.required) parts.push('required');
  parts.push(value ? 'filled' : 'empty');
  return parts.join(', ');
}

function FieldContent({ field, value, zoom }: { field: TSignerField; value: string; zoom: number }) {
  const fontSize = Math.max(6, field.font.size * zoom);
  if (isImageField(field)) {
    return <img className={classes.fieldImage} src={value} alt="" />;
  }
  if (field.type === 'CHECKBOX') {
    return value === 'true' ? <IconCheck size={Math.max(10, field.height * zoom * 0.9)} stroke={3} /> : null;
  }
  if (field.type === 'RADIO') {
    return (
      <span
        className={classes.radioStack}
        style={{ fontSize: Math.max(6, Math.min(fontSize, (field.height * zoom) / field.options.length)) }}
      >
        {field.options.map((option) => (
          <span key={option}>
            {option === value ? '\u25C9' : '\u25CB'} {option}
          </span>
        ))}
      </span>
    );
  }
  return (
    <span
      style={{ fontSize, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', textAlign: 'left' }}
    >
      {isDateField(field) ? formatDate(value) || value : value}
    </span>
  );
}

/** Dates are kept as `YYYY-MM-DD` and shown in the user's date format. */
const isDateField = (field: TSignerField): boolean => field.type === 'DATE' || field.type === 'DATE_SIGNED';

/** One field over the page: the signer's own (highlighted in their colour, tappable) or another's (faint). */
export function SignerFieldBox({
  field,
  zoom,
  value,
  color,
  isActive,
  error,
  auto,
  onActivate,
}: SignerFieldBoxProps) {
  const style = {
    left: field.x * zoom,
    top: field.y * zoom,
    width: field.width * zoom,
    height: field.height * zoom,
    '--signer-color': color || '#1c7ed6',
  } as CSSProperties;

  if (!field.mine) {
    return (
      <div
        className={`${classes.field} ${classes.fieldOther}`}
        style={style}
        data-filled={value ? true : undefined}
        data-testid={`other-field-${field.key}`}
        aria-hidden
      >
        {value ? <FieldContent field={field} value={value} zoom={zoom} /> : null}
      </div>
    );
  }

  if (!isEditableField(field)) {
    const shown = field.read_only ? value || field.default_value : autoValue(field, auto);
    return (
      <div
        className={`${classes.field} ${classes.fieldAuto}`}
        style={style}
        title={field.read_only ? fieldTitle(field) : `${fieldTitle(field)}: filled in when you finish`}
        data-testid={`signer-field-${field.key}`}
      >
        <span style={{ fontSize: Math.max(6, field.font.size * zoom) }}>{shown}</span>
      </div>
    );
  }

  const hint =
    field.type === 'RADIO' || field.type === 'CHECKBOX'
      ? ''
      : field.placeholder || field.label || FIELD_META[field.type].hint;
  const hintSize = Math.max(7, Math.min(13, field.height * zoom * 0.45));
  return (
    <button
      type="button"
      className={`${classes.field} ${classes.fieldMine}`}
      style={style}
      data-filled={value ? true : undefined}
      data-active={isActive ? true : undefined}
      data-error={error ? true : undefined}
      data-testid={`signer-field-${field.key}`}
      aria-label={fieldAccessibleName(field, value)}
      aria-pressed={isActive}
      onClick={() => onActivate(field.key)}
    >
      {value ? (
        <FieldContent field={field} value={value} zoom={zoom} />
      ) : field.type === 'RADIO' ? (
        <FieldContent field={field} value="" zoom={zoom} />
      ) : (
        <span className={classes.fieldHint} style={{ fontSize: hintSize }}>
          {hint}
          {field.required && <span className={classes.requiredMark}>*</span>}
        </span>
      )}
    </button>
  );
}
