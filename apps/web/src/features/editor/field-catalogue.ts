import { FIELD_TYPES, OPTION_FIELD_TYPES, type TField, type TFieldType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { clampRect } from './geometry';

export type FieldGroup = 'signature' | 'identity' | 'input';

export type FieldMeta = {
  label: string;
  /** Default box, in PDF points. */
  width: number;
  height: number;
  group: FieldGroup;
  /** Shown inside the box on the page. */
  hint: string;
};

/** Labels, default sizes and palette groups of every field type (contracts `FIELD_TYPES`). */
export const FIELD_META: Record<TFieldType, FieldMeta> = {
  SIGNATURE: { label: 'Signature', width: 160, height: 48, group: 'signature', hint: 'Sign here' },
  INITIAL: { label: 'Initials', width: 64, height: 40, group: 'signature', hint: 'Initials' },
  FULL_NAME: { label: 'Full name', width: 160, height: 24, group: 'identity', hint: 'Full name' },
  EMAIL: { label: 'Email', width: 180, height: 24, group: 'identity', hint: 'Email' },
  COMPANY: { label: 'Company', width: 160, height: 24, group: 'identity', hint: 'Company' },
  TITLE: { label: 'Title', width: 140, height: 24, group: 'identity', hint: 'Title' },
  DATE_SIGNED: { label: 'Date signed', width: 110, height: 24, group: 'identity', hint: 'Date signed' },
  TEXT: { label: 'Text', width: 160, height: 24, group: 'input', hint: 'Text' },
  NUMBER: { label: 'Number', width: 100, height: 24, group: 'input', hint: 'Number' },
  DATE: { label: 'Date', width: 110, height: 24, group: 'input', hint: 'Date' },
  CHECKBOX: { label: 'Checkbox', width: 18, height: 18, group: 'input', hint: '' },
  RADIO: { label: 'Radio group', width: 120, height: 44, group: 'input', hint: 'Radio' },
  DROPDOWN: { label: 'Dropdown', width: 140, height: 24, group: 'input', hint: 'Select' },
  IMAGE: { label: 'Image', width: 120, height: 80, group: 'input', hint: 'Image' },
};

export const FIELD_GROUPS: { group: FieldGroup; label: string; types: TFieldType[] }[] = [
  {
    group: 'signature',
    label: 'Signature',
    types: FIELD_TYPES.filter((t) => FIELD_META[t].group === 'signature'),
  },
  {
    group: 'identity',
    label: 'Auto-filled',
    types: FIELD_TYPES.filter((t) => FIELD_META[t].group === 'identity'),
  },
  { group: 'input', label: 'Standard', types: FIELD_TYPES.filter((t) => FIELD_META[t].group === 'input') },
];

/** Types whose text the editor lets the sender style (font and size). */
export const TEXT_STYLE_TYPES: readonly TFieldType[] = [
  'FULL_NAME',
  'EMAIL',
  'COMPANY',
  'TITLE',
  'DATE_SIGNED',
  'TEXT',
  'NUMBER',
  'DATE',
  'DROPDOWN',
];
/** Types the signer types into (placeholder, default value and validation apply). */
export const TYPED_TYPES: readonly TFieldType[] = ['TEXT', 'NUMBER', 'DATE'];

const DEFAULT_OPTIONS: Partial<Record<TFieldType, string[]>> = {
  RADIO: ['Option 1', 'Option 2'],
  DROPDOWN: ['Option 1', 'Option 2', 'Option 3'],
};

/** A fresh key for a field or recipient (unique within a document; 64 characters at most). */
export function newKey(prefix: 'f' | 'r'): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 20)
      : Math.random().toString(36).slice(2, 14);
  return `${prefix}_${random}`;
}

/**
 * A new field of `type`, centred on `center` (points) of page `page` and kept inside it. Option
 * fields start with sample options so they are valid at once.
 */
export function createField(input: {
  key: string;
  type: TFieldType;
  recipientKey: string;
  page: number;
  center: { x: number; y: number };
  pageSize: TPageSize;
}): TField {
  const meta = FIELD_META[input.type];
  const rect = clampRect(
    {
      x: input.center.x - meta.width / 2,
      y: input.center.y - meta.height / 2,
      width: meta.width,
      height: meta.height,
    },
    input.pageSize,
  );
  return {
    key: input.key,
    type: input.type,
    page: input.page,
    ...rect,
    recipient_key: input.recipientKey,
    ...blankFieldParts(input.type),
    options: OPTION_FIELD_TYPES.includes(input.type) ? [...(DEFAULT_OPTIONS[input.type] ?? [])] : [],
  };
}

/** What a new field of `type` starts with besides its place, owner and options. */
export function blankFieldParts(
  type: TFieldType,
): Pick<
  TField,
  'required' | 'read_only' | 'label' | 'placeholder' | 'default_value' | 'font' | 'validation'
> {
  return {
    required: type !== 'CHECKBOX',
    read_only: false,
    label: '',
    placeholder: '',
    default_value: '',
    font: { family: 'Helvetica', size: 11 },
    validation: {},
  };
}

/** The text shown for a field: its label, else its type's name. */
export function fieldTitle(field: Pick<TField, 'label' | 'type'>): string {
  return field.label.trim() || FIELD_META[field.type].label;
}
