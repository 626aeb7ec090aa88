import { z } from 'zod';
import {
  FORM_FIELD_TYPES,
  type TFormFieldType,
  DATA_TABLE_COLUMN_TYPES,
  MAX_DATA_TABLE_COLUMNS,
  MAX_DATA_TABLE_ROWS,
  MAX_FIELD_OPTIONS,
  GRID_COLUMNS,
  MAX_FILE_SIZE_MB,
  MAX_FILES_PER_FIELD,
  MAX_NUMBER_VALUE,
  DEFAULT_CURRENCY,
  DEFAULT_PHONE_COUNTRY_CODE,
  IMAGE_MIME_TYPES,
  BARCODE_FORMATS,
  AGGREGATE_FUNCTIONS,
  FORMULA_RESULT_TYPES,
} from './nocode-field-types';

/*
 * The fields of no-code form templates (DOMAIN-NOCODE "Field types (minimum set)"): every type with
 * its configuration schema. A template's field list is checked as a whole by `ZFormFields`
 * (nocode-template-check.ts) and values by `validateTemplateValues` (nocode-field-values.ts); the
 * API and the form builder use the same three.
 *
 * A field is one flat object: the settings every type shares (`key`, `label`, `required`, ...)
 * plus those of its type (`options`, `min`, `currency`, ...). Settings a type does not know are
 * dropped, so a field whose type changes in the builder keeps no stale options.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

const FIELD_KEY = /^[a-z][a-z0-9_]{0,62}$/;
export const ZFieldKey = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(63, 'At most 63 characters')
  .regex(FIELD_KEY, 'Use lowercase letters, digits and _, starting with a letter');

/** A key from a label: `"Carpet area (sq ft)"` -> `carpet_area_sq_ft`; never empty. */
export function toFieldKey(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 55)
    .replace(/_+$/, '');
  if (!key) return 'field';
  return /^[a-z]/.test(key) ? key : `f_${key}`;
}

const ZLabel = z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters');
const ZDayBound = z
  .string()
  .refine((v) => v === 'TODAY' || /^\d{4}-\d{2}-\d{2}$/.test(v), "Use YYYY-MM-DD or 'TODAY'");
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use HH:mm (24 hours)');
const ZInstant = z.iso.datetime({ offset: true, error: 'Use an ISO date-time with a time zone' });
const ZCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a 3-letter ISO 4217 code such as INR');
const ZBound = z.number({ error: 'Enter a number' }).min(-MAX_NUMBER_VALUE).max(MAX_NUMBER_VALUE);
const ZLength = (max: number) =>
  z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(0, 'At least 0')
    .max(max, `At most ${max}`);

/** Where a field sits on the builder's 12-column grid: column `x`, row `y`, `w` columns, `h` rows. */
export const ZFieldLayout = z
  .object({
    x: z
      .number()
      .int()
      .min(0)
      .max(GRID_COLUMNS - 1),
    y: z.number().int().min(0).max(100_000),
    w: z.number().int().min(1).max(GRID_COLUMNS),
    h: z.number().int().min(1).max(50),
  })
  .refine((l) => l.x + l.w <= GRID_COLUMNS, {
    message: `The field must fit in the ${GRID_COLUMNS} columns (x + w <= ${GRID_COLUMNS})`,
  });
export type TFieldLayout = z.infer<typeof ZFieldLayout>;

export const VISIBILITY_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
  'GREATER_THAN',
  'LESS_THAN',
] as const;
export type TVisibilityOperator = (typeof VISIBILITY_OPERATORS)[number];
export const VALUELESS_OPERATORS: readonly TVisibilityOperator[] = ['IS_EMPTY', 'IS_NOT_EMPTY'];

export const ZVisibilityRule = z
  .object({
    /** The key of the field this one depends on. */
    field: ZFieldKey,
    operator: z.enum(VISIBILITY_OPERATORS, { error: `Use one of ${VISIBILITY_OPERATORS.join(', ')}` }),
    value: z
      .union([z.string().max(500), z.number(), z.boolean()])
      .nullable()
      .optional(),
  })
  .refine((rule) => VALUELESS_OPERATORS.includes(rule.operator) || (rule.value ?? '') !== '', {
    message: 'Give the value to compare with',
    path: ['value'],
  });
export type TVisibilityRule = z.infer<typeof ZVisibilityRule>;

/** Show the field only when all (or any) of the rules hold; null: always shown. */
export const ZVisibility = z.object({
  match: z.enum(['ALL', 'ANY']).default('ALL'),
  rules: z.array(ZVisibilityRule).min(1, 'Add at least one rule').max(20, 'At most 20 rules'),
});
export type TVisibility = z.infer<typeof ZVisibility>;

export const ZFieldOption = z.object({
  value: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'At most 200 characters'),
  label: z.string().trim().max(200, 'At most 200 characters').optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1E88E5')
    .optional(),
});
export type TFieldOption = z.infer<typeof ZFieldOption>;

const ZOptions = z
  .array(ZFieldOption)
  .min(1, 'Add at least one option')
  .max(MAX_FIELD_OPTIONS, `At most ${MAX_FIELD_OPTIONS} options`)
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((option, index) => {
      const value = option.value.toLowerCase();
      if (seen.has(value)) {
        ctx.addIssue({ code: 'custom', message: 'Options must differ', path: [index, 'value'] });
      }
      seen.add(value);
    });
  });

/** A file type rule: an extension (`.pdf`), a media type (`application/pdf`) or a family (`image/*`). */
const ZFileTypeRule = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\.[a-z0-9]{1,10}|[a-z]+\/(\*|[a-z0-9.+-]+))$/, 'Use .ext, type/subtype or type/*');

// ---------------------------------------------------------------------------------------------
// The settings each type adds

const textRules = (maxCap: number, maxDefault: number) => ({
  min_length: ZLength(maxCap).optional(),
  max_length: ZLength(maxCap).min(1, 'At least 1').default(maxDefault),
  default_value: z.string().max(maxCap).optional(),
});

const numberRules = {
  min: ZBound.optional(),
  max: ZBound.optional(),
};

const fileRules = (defaultTypes: string[], defaultMb: number) => ({
  allowed_file_types: z.array(ZFileTypeRule).max(50).default(defaultTypes),
  max_size_mb: z
    .number()
    .positive()
    .max(MAX_FILE_SIZE_MB, `At most ${MAX_FILE_SIZE_MB} MB`)
    .default(defaultMb),
  max_files: z.number().int().min(1).max(MAX_FILES_PER_FIELD).default(1),
});

/** The type-specific settings; each entry becomes one member of the field union. */
const TYPE_SETTINGS = {
  SINGLE_LINE_TEXT: {
    ...textRules(1000, 255),
    /** A regular expression the whole value must match (JavaScript syntax, no slashes). */
    pattern: z.string().max(500).optional(),
    pattern_message: z.string().max(200).optional(),
  },
  MULTI_LINE_TEXT: { ...textRules(20_000, 5000), rows: z.number().int().min(2).max(30).default(4) },
  RICH_TEXT: textRules(200_000, 50_000),
  NUMBER: {
    ...numberRules,
    /** Decimal places allowed; absent: any. */
    decimals: z.number().int().min(0).max(10).optional(),
    default_value: ZBound.optional(),
  },
  CURRENCY: {
    ...numberRules,
    currency: ZCurrencyCode.default(DEFAULT_CURRENCY),
    decimals: z.number().int().min(0).max(4).default(2),
    default_value: ZBound.optional(),
  },
  PERCENTAGE: {
    min: z.number().min(0).max(100, 'Percentages go from 0 to 100').default(0),
    max: z.number().min(0).max(100, 'Percentages go from 0 to 100').default(100),
    decimals: z.number().int().min(0).max(4).default(2),
    default_value: z.number().min(0).max(100).optional(),
  },
  DATE: {
    min_date: ZDayBound.optional(),
    max_date: ZDayBound.optional(),
    default_value: ZDayBound.optional(),
  },
  TIME: { min_time: ZClock.optional(), max_time: ZClock.optional(), default_value: ZClock.optional() },
  DATE_TIME: { min: ZInstant.optional(), max: ZInstant.optional(), default_value: ZInstant.optional() },
  YES_OR_NO: {
    yes_label: z.string().trim().min(1).max(40).default('Yes'),
    no_label: z.string().trim().min(1).max(40).default('No'),
    default_value: z.boolean().optional(),
  },
  CHECKBOX: { default_value: z.boolean().optional() },
  SELECT: { options: ZOptions, default_value: z.string().max(200).optional() },
  RADIO: { options: ZOptions, default_value: z.string().max(200).optional() },
  MULTI_SELECT: {
    options: ZOptions,
    min_selected: z.number().int().min(0).max(MAX_FIELD_OPTIONS).optional(),
    max_selected: z.number().int().min(1).max(MAX_FIELD_OPTIONS).optional(),
    default_value: z.array(z.string().max(200)).max(MAX_FIELD_OPTIONS).optional(),
  },
  EMAIL: {
    /** When given, only addresses at these domains (`example.com`) are accepted. */
    allowed_domains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Use a domain such as example.com'),
      )
      .max(50)
      .default([]),
    default_value: z.string().max(254).optional(),
  },
  PHONE: {
    /** Calling code added to numbers typed without one (`91`: India). */
    default_country_code: z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'Use a calling code such as 91')
      .default(DEFAULT_PHONE_COUNTRY_CODE),
    default_value: z.string().max(40).optional(),
  },
  URL: { default_value: z.string().max(2048).optional() },
  FILE: fileRules([], 10),
  IMAGE: fileRules([...IMAGE_MIME_TYPES], 5),
  SIGNATURE: {},
  ENTITY: {
    entity_id: z.uuid('Choose the entity whose records this field links to'),
    /** The key of the linked entity's field shown for a record (its primary field when absent). */
    display_field: ZFieldKey.optional(),
    allow_multiple: z.boolean().default(false),
  },
  AUTO_INCREMENT: {
    prefix: z.string().max(20, 'At most 20 characters').default(''),
    start: z.number().int().min(0).max(1e12).default(1),
    /** Digits the number is zero-padded to (`INV-0007` with 4). */
    padding: z.number().int().min(0).max(12).default(4),
  },
  FORMULA: {
    /** Arithmetic over other fields written `{key}`; see nocode-formula.ts. */
    expression: z.string().trim().min(1, 'Write the formula').max(2000, 'At most 2000 characters'),
    result_type: z.enum(FORMULA_RESULT_TYPES).default('NUMBER'),
    decimals: z.number().int().min(0).max(10).default(2),
    currency: ZCurrencyCode.default(DEFAULT_CURRENCY),
  },
  AGGREGATE: {
    /** The related entity whose records are aggregated. */
    entity_id: z.uuid('Choose the related entity'),
    relationship_id: z.uuid().optional(),
    function: z.enum(AGGREGATE_FUNCTIONS).default('COUNT'),
    /** The field of the related records (not needed for COUNT). */
    field_key: ZFieldKey.optional(),
    decimals: z.number().int().min(0).max(10).default(2),
  },
  GLOBAL_VARIABLE: { global_variable_id: z.uuid('Choose a global variable') },
  LOCATION: {},
  DATA_TABLE: {
    min_rows: z.number().int().min(0).max(MAX_DATA_TABLE_ROWS).default(0),
    max_rows: z.number().int().min(1).max(MAX_DATA_TABLE_ROWS).default(100),
  },
  PAY_BUTTON: {
    /** A fixed amount, or `amount_field`: the key of a number, currency or formula field. */
    amount: z.number().positive().max(MAX_NUMBER_VALUE).optional(),
    amount_field: ZFieldKey.optional(),
    currency: ZCurrencyCode.default(DEFAULT_CURRENCY),
    button_label: z.string().trim().min(1).max(40).default('Pay now'),
    description: z.string().max(200).default(''),
    /** The company's payment-gateway account that collects it (none: the template's integration, else the default). */
    account_id: z.uuid('Choose a payment account').optional(),
  },
  BARCODE: {
    format: z.enum(BARCODE_FORMATS).default('QR_CODE'),
    default_value: z.string().max(2000).optional(),
  },
} satisfies Record<TFormFieldType, z.ZodRawShape>;

// ---------------------------------------------------------------------------------------------
// Fields and data table columns

/** What every field has, whatever its type. */
const commonSettings = {
  key: ZFieldKey,
  label: ZLabel,
  required: z.boolean().default(false),
  help_text: z.string().max(500, 'At most 500 characters').default(''),
  placeholder: z.string().max(200, 'At most 200 characters').default(''),
  read_only: z.boolean().default(false),
};

/** A column of a data table: the common settings plus its type's (no layout, no rules). */
const columnSettings = { ...commonSettings };

/** Top-level fields add grid placement, visibility rules and the primary flag. */
const fieldSettings = {
  ...commonSettings,
  /** A field that names a record (an entity's primary fields are required to create a record). */
  is_primary: z.boolean().default(false),
  visibility: ZVisibility.nullable().default(null),
  /** Absent: placed below the others, full width (see `placeFields`). */
  layout: ZFieldLayout.optional(),
};

function memberOf<T extends TFormFieldType, S extends z.ZodRawShape>(type: T, settings: S) {
  return z.object({ type: z.literal(type), ...settings, ...TYPE_SETTINGS[type] });
}

function buildMembers<S extends z.ZodRawShape>(settings: S) {
  return {
    SINGLE_LINE_TEXT: memberOf('SINGLE_LINE_TEXT', settings),
    MULTI_LINE_TEXT: memberOf('MULTI_LINE_TEXT', settings),
    NUMBER: memberOf('NUMBER', settings),
    CURRENCY: memberOf('CURRENCY', settings),
    PERCENTAGE: memberOf('PERCENTAGE', settings),
    DATE: memberOf('DATE', settings),
    TIME: memberOf('TIME', settings),
    DATE_TIME: memberOf('DATE_TIME', settings),
    YES_OR_NO: memberOf('YES_OR_NO', settings),
    CHECKBOX: memberOf('CHECKBOX', settings),
    SELECT: memberOf('SELECT', settings),
    MULTI_SELECT: memberOf('MULTI_SELECT', settings),
    RADIO: memberOf('RADIO', settings),
    EMAIL: memberOf('EMAIL', settings),
    PHONE: memberOf('PHONE', settings),
    URL: memberOf('URL', settings),
    FILE: memberOf('FILE', settings),
    IMAGE: memberOf('IMAGE', settings),
    SIGNATURE: memberOf('SIGNATURE', settings),
    ENTITY: memberOf('ENTITY', settings),
    AUTO_INCREMENT: memberOf('AUTO_INCREMENT', settings),
    FORMULA: memberOf('FORMULA', settings),
    AGGREGATE: memberOf('AGGREGATE', settings),
    GLOBAL_VARIABLE: memberOf('GLOBAL_VARIABLE', settings),
    LOCATION: memberOf('LOCATION', settings),
    RICH_TEXT: memberOf('RICH_TEXT', settings),
    DATA_TABLE: memberOf('DATA_TABLE', settings),
    PAY_BUTTON: memberOf('PAY_BUTTON', settings),
    BARCODE: memberOf('BARCODE', settings),
  };
}

const COLUMN_MEMBERS = buildMembers(columnSettings);
type ColumnMembers = typeof COLUMN_MEMBERS;
type ColumnType = Exclude<
  TFormFieldType,
  'DATA_TABLE' | 'AGGREGATE' | 'PAY_BUTTON' | 'GLOBAL_VARIABLE' | 'AUTO_INCREMENT' | 'RICH_TEXT'
>;

const columnMembers = DATA_TABLE_COLUMN_TYPES.map(
  (type) => COLUMN_MEMBERS[type as ColumnType],
) as unknown as [ColumnMembers[ColumnType], ...ColumnMembers[ColumnType][]];

/** A column of a data table (a field of each row). */
export const ZDataTableColumn = z
  .discriminatedUnion('type', columnMembers, {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `Use one of the column types ${DATA_TABLE_COLUMN_TYPES.join(', ')}`
        : undefined,
  })
  .meta({ id: 'DataTableColumn' });
export type TDataTableColumn = z.infer<typeof ZDataTableColumn>;

const FIELD_MEMBERS = buildMembers(fieldSettings);

const ZDataTableField = FIELD_MEMBERS.DATA_TABLE.extend({
  columns: z
    .array(ZDataTableColumn)
    .min(1, 'Add at least one column')
    .max(MAX_DATA_TABLE_COLUMNS, `At most ${MAX_DATA_TABLE_COLUMNS} columns`),
});

/** One field of a form template. Checked alone here, and with its siblings by `ZFormFields`. */
export const ZFormField = z
  .discriminatedUnion(
    'type',
    [
      FIELD_MEMBERS.SINGLE_LINE_TEXT,
      FIELD_MEMBERS.MULTI_LINE_TEXT,
      FIELD_MEMBERS.NUMBER,
      FIELD_MEMBERS.CURRENCY,
      FIELD_MEMBERS.PERCENTAGE,
      FIELD_MEMBERS.DATE,
      FIELD_MEMBERS.TIME,
      FIELD_MEMBERS.DATE_TIME,
      FIELD_MEMBERS.YES_OR_NO,
      FIELD_MEMBERS.CHECKBOX,
      FIELD_MEMBERS.SELECT,
      FIELD_MEMBERS.MULTI_SELECT,
      FIELD_MEMBERS.RADIO,
      FIELD_MEMBERS.EMAIL,
      FIELD_MEMBERS.PHONE,
      FIELD_MEMBERS.URL,
      FIELD_MEMBERS.FILE,
      FIELD_MEMBERS.IMAGE,
      FIELD_MEMBERS.SIGNATURE,
      FIELD_MEMBERS.ENTITY,
      FIELD_MEMBERS.AUTO_INCREMENT,
      FIELD_MEMBERS.FORMULA,
      FIELD_MEMBERS.AGGREGATE,
      FIELD_MEMBERS.GLOBAL_VARIABLE,
      FIELD_MEMBERS.LOCATION,
      FIELD_MEMBERS.RICH_TEXT,
      ZDataTableField,
      FIELD_MEMBERS.PAY_BUTTON,
      FIELD_MEMBERS.BARCODE,
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `Use one of the field types ${FORM_FIELD_TYPES.join(', ')}`
          : undefined,
    },
  )
  .meta({ id: 'FormField' });
export type TFormField = z.infer<typeof ZFormField>;
/** A field as a client may send it (defaults not applied yet). */
export type TFormFieldInput = z.input<typeof ZFormField>;
/** A field or a data table column: what the value validator checks a value against. */
export type TValueField = TFormField | TDataTableColumn;
/** The fields (and data table columns) of some types. */
export type TFormFieldOf<T extends TFormFieldType> = Extract<TValueField, { type: T }>;
