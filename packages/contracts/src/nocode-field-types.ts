/*
 * The field types of no-code form templates (DOMAIN-NOCODE "Field types (minimum set)"), how the
 * builder presents them, and the limits their settings and values live within. The settings
 * schemas are in nocode-fields.ts.
 */

export const FORM_FIELD_TYPES = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'DATE',
  'TIME',
  'DATE_TIME',
  'YES_OR_NO',
  'CHECKBOX',
  'SELECT',
  'MULTI_SELECT',
  'RADIO',
  'EMAIL',
  'PHONE',
  'URL',
  'FILE',
  'IMAGE',
  'SIGNATURE',
  'ENTITY',
  'AUTO_INCREMENT',
  'FORMULA',
  'AGGREGATE',
  'GLOBAL_VARIABLE',
  'LOCATION',
  'RICH_TEXT',
  'DATA_TABLE',
  'PAY_BUTTON',
  'BARCODE',
] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type TFormFieldGroup =
  'TEXT' | 'NUMBER' | 'DATE' | 'CHOICE' | 'CONTACT' | 'MEDIA' | 'LINK' | 'COMPUTED';

/**
 * How the builder shows each type (palette label and group), and whether people type its value:
 * `computed` fields are filled by the server (auto-increment numbers, aggregates, global
 * variables, payment status) or from other fields (formulas); values sent for them are ignored.
 */
export const FORM_FIELD_TYPE_INFO: Record<
  TFormFieldType,
  { label: string; group: TFormFieldGroup; computed: boolean; description: string }
> = {
  SINGLE_LINE_TEXT: {
    label: 'Single line text',
    group: 'TEXT',
    computed: false,
    description: 'A short text',
  },
  MULTI_LINE_TEXT: { label: 'Multi line text', group: 'TEXT', computed: false, description: 'Paragraphs' },
  RICH_TEXT: { label: 'Rich text', group: 'TEXT', computed: false, description: 'Formatted text (HTML)' },
  NUMBER: { label: 'Number', group: 'NUMBER', computed: false, description: 'A number, with bounds' },
  CURRENCY: { label: 'Currency', group: 'NUMBER', computed: false, description: 'An amount of money' },
  PERCENTAGE: { label: 'Percentage', group: 'NUMBER', computed: false, description: '0 to 100 %' },
  DATE: { label: 'Date', group: 'DATE', computed: false, description: 'A calendar day' },
  TIME: { label: 'Time', group: 'DATE', computed: false, description: 'A time of day' },
  DATE_TIME: { label: 'Date and time', group: 'DATE', computed: false, description: 'An instant' },
  YES_OR_NO: { label: 'Yes or no', group: 'CHOICE', computed: false, description: 'Yes or No' },
  CHECKBOX: { label: 'Checkbox', group: 'CHOICE', computed: false, description: 'A tick box' },
  SELECT: { label: 'Select', group: 'CHOICE', computed: false, description: 'One option of a list' },
  MULTI_SELECT: { label: 'Multi select', group: 'CHOICE', computed: false, description: 'Several options' },
  RADIO: { label: 'Radio buttons', group: 'CHOICE', computed: false, description: 'One option, all shown' },
  EMAIL: { label: 'Email', group: 'CONTACT', computed: false, description: 'An email address' },
  PHONE: { label: 'Phone', group: 'CONTACT', computed: false, description: 'A phone number (E.164)' },
  URL: { label: 'URL', group: 'CONTACT', computed: false, description: 'A web address' },
  LOCATION: { label: 'Location', group: 'CONTACT', computed: false, description: 'A place on the map' },
  FILE: { label: 'File / document', group: 'MEDIA', computed: false, description: 'Uploaded files' },
  IMAGE: { label: 'Image', group: 'MEDIA', computed: false, description: 'Uploaded pictures' },
  SIGNATURE: { label: 'Signature', group: 'MEDIA', computed: false, description: 'A drawn signature' },
  BARCODE: {
    label: 'QR code / barcode',
    group: 'MEDIA',
    computed: false,
    description: 'Scanned or typed code',
  },
  ENTITY: { label: 'Entity', group: 'LINK', computed: false, description: 'A record of another entity' },
  DATA_TABLE: { label: 'Data table', group: 'LINK', computed: false, description: 'Repeatable rows' },
  GLOBAL_VARIABLE: {
    label: 'Global variable',
    group: 'LINK',
    computed: true,
    description: 'A company-wide value',
  },
  AUTO_INCREMENT: {
    label: 'Auto increment',
    group: 'COMPUTED',
    computed: true,
    description: 'Next number',
  },
  FORMULA: { label: 'Formula', group: 'COMPUTED', computed: true, description: 'Calculated from fields' },
  AGGREGATE: { label: 'Aggregate', group: 'COMPUTED', computed: true, description: 'Sum/count of related' },
  PAY_BUTTON: { label: 'Pay button', group: 'COMPUTED', computed: true, description: 'Collect a payment' },
};

/** Whether people enter the field's value (false: the server or a formula fills it). */
export const isInputFieldType = (type: TFormFieldType): boolean => !FORM_FIELD_TYPE_INFO[type].computed;

/** Types whose value is a number (formulas, aggregates and pay-button amounts may use them). */
export const NUMERIC_FIELD_TYPES: readonly TFormFieldType[] = [
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'FORMULA',
  'AGGREGATE',
];

/** Types a data table column may have: no nested tables, nothing computed from other records. */
export const DATA_TABLE_COLUMN_TYPES = FORM_FIELD_TYPES.filter(
  (type) =>
    !['DATA_TABLE', 'AGGREGATE', 'PAY_BUTTON', 'GLOBAL_VARIABLE', 'AUTO_INCREMENT', 'RICH_TEXT'].includes(
      type,
    ),
);

// ---------------------------------------------------------------------------------------------
// Limits

export const MAX_FORM_FIELDS = 300;
export const MAX_DATA_TABLE_COLUMNS = 50;
export const MAX_DATA_TABLE_ROWS = 1000;
export const MAX_FIELD_OPTIONS = 500;
export const GRID_COLUMNS = 12;
export const MAX_FILE_SIZE_MB = 50;
export const MAX_FILES_PER_FIELD = 20;
/** A number's magnitude stays where doubles are exact integers. */
export const MAX_NUMBER_VALUE = 1e15;
export const DEFAULT_CURRENCY = 'INR';
/** Phone numbers without a country code get this one (India, with the INR default). */
export const DEFAULT_PHONE_COUNTRY_CODE = '91';
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const BARCODE_FORMATS = ['QR_CODE', 'CODE_128', 'CODE_39', 'EAN_13', 'EAN_8', 'UPC_A'] as const;
export const AGGREGATE_FUNCTIONS = ['SUM', 'COUNT', 'AVG', 'MIN', 'MAX'] as const;
export const FORMULA_RESULT_TYPES = ['NUMBER', 'CURRENCY', 'PERCENTAGE'] as const;
