import { describe, expect, it } from 'vitest';
import { FORM_FIELD_TYPES } from './nocode-field-types';
import { ZFormField, toFieldKey } from './nocode-fields';
import { ZFormFields } from './nocode-template-check';

const ENTITY_ID = '0b6a3c1e-2f4d-4e5a-9b7c-1d2e3f4a5b6c';

/** The problems of a field list, as `path: message`. */
function problems(fields: unknown[]): string[] {
  const result = ZFormFields.safeParse(fields);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** A minimal valid field of each type. */
const MINIMAL: Record<(typeof FORM_FIELD_TYPES)[number], Record<string, unknown>> = {
  SINGLE_LINE_TEXT: {},
  MULTI_LINE_TEXT: {},
  NUMBER: {},
  CURRENCY: {},
  PERCENTAGE: {},
  DATE: {},
  TIME: {},
  DATE_TIME: {},
  YES_OR_NO: {},
  CHECKBOX: {},
  SELECT: { options: [{ value: 'a' }] },
  MULTI_SELECT: { options: [{ value: 'a' }] },
  RADIO: { options: [{ value: 'a' }] },
  EMAIL: {},
  PHONE: {},
  URL: {},
  FILE: {},
  IMAGE: {},
  SIGNATURE: {},
  ENTITY: { entity_id: ENTITY_ID },
  AUTO_INCREMENT: {},
  FORMULA: { expression: '1 + 1' },
  AGGREGATE: { entity_id: ENTITY_ID },
  GLOBAL_VARIABLE: { global_variable_id: ENTITY_ID },
  LOCATION: {},
  RICH_TEXT: {},
  DATA_TABLE: { columns: [{ key: 'c', label: 'C', type: 'NUMBER' }] },
  PAY_BUTTON: { amount: 500 },
  BARCODE: {},
};

describe('field settings', () => {
  it.each(FORM_FIELD_TYPES)('a minimal %s field is valid and gets its defaults', (type) => {
    const parsed = ZFormField.parse({ key: 'f', label: 'F', type, ...MINIMAL[type] });
    expect(parsed).toMatchObject({ type, required: false, help_text: '', placeholder: '', visibility: null });
  });

  it('fills the documented defaults: INR, 0-100 %, one file, QR codes, Indian phone numbers', () => {
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'CURRENCY' })).toMatchObject({
      currency: 'INR',
      decimals: 2,
    });
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'PERCENTAGE' })).toMatchObject({
      min: 0,
      max: 100,
    });
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'FILE' })).toMatchObject({
      max_files: 1,
      max_size_mb: 10,
    });
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'BARCODE' })).toMatchObject({ format: 'QR_CODE' });
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'PHONE' })).toMatchObject({
      default_country_code: '91',
    });
    expect(ZFormField.parse({ key: 'p', label: 'P', type: 'AUTO_INCREMENT' })).toMatchObject({
      start: 1,
      padding: 4,
    });
  });

  it('drops settings the type does not have', () => {
    const parsed = ZFormField.parse({ key: 'f', label: 'F', type: 'NUMBER', options: [{ value: 'x' }] });
    expect(parsed).not.toHaveProperty('options');
  });

  it.each([
    [
      { key: 'F', label: 'F', type: 'NUMBER' },
      'key: Use lowercase letters, digits and _, starting with a letter',
    ],
    [{ key: 'f', label: ' ', type: 'NUMBER' }, 'label: Required'],
    [{ key: 'f', label: 'F', type: 'COLOUR' }, 'type: Use one of the field types'],
    [{ key: 'f', label: 'F', type: 'SELECT', options: [] }, 'options: Add at least one option'],
    [
      { key: 'f', label: 'F', type: 'SELECT', options: [{ value: 'a' }, { value: 'A' }] },
      'options.1.value: Options must differ',
    ],
    [{ key: 'f', label: 'F', type: 'PERCENTAGE', max: 150 }, 'max: Percentages go from 0 to 100'],
    [
      { key: 'f', label: 'F', type: 'CURRENCY', currency: 'rupees' },
      'currency: Use a 3-letter ISO 4217 code such as INR',
    ],
    [
      { key: 'f', label: 'F', type: 'ENTITY' },
      'entity_id: Choose the entity whose records this field links to',
    ],
    [{ key: 'f', label: 'F', type: 'FILE', max_size_mb: 500 }, 'max_size_mb: At most 50 MB'],
    [
      { key: 'f', label: 'F', type: 'FILE', allowed_file_types: ['pdf'] },
      'allowed_file_types.0: Use .ext, type/subtype or type/*',
    ],
    [{ key: 'f', label: 'F', type: 'DATE', min_date: 'tomorrow' }, "min_date: Use YYYY-MM-DD or 'TODAY'"],
    [
      { key: 'f', label: 'F', type: 'NUMBER', layout: { x: 8, y: 0, w: 6, h: 1 } },
      'layout: The field must fit in the 12 columns (x + w <= 12)',
    ],
    [
      { key: 'f', label: 'F', type: 'NUMBER', visibility: { rules: [{ field: 'g', operator: 'EQUALS' }] } },
      'visibility.rules.0.value: Give the value to compare with',
    ],
    [
      { key: 'f', label: 'F', type: 'DATA_TABLE', columns: [{ key: 'c', label: 'C', type: 'DATA_TABLE' }] },
      'columns.0.type: Use one of the column types',
    ],
  ])('refuses %j', (input, message) => {
    const result = ZFormField.safeParse(input);
    expect(result.success).toBe(false);
    const found = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(found.some((line) => line.startsWith(message))).toBe(true);
  });
});

describe('ZFormFields: the list as a whole', () => {
  const text = (key: string, extra: Record<string, unknown> = {}) => ({
    key,
    label: key,
    type: 'SINGLE_LINE_TEXT',
    ...extra,
  });
  const num = (key: string, extra: Record<string, unknown> = {}) => ({
    key,
    label: key,
    type: 'NUMBER',
    ...extra,
  });

  it('places fields without a place below the others, full width', () => {
    const fields = ZFormFields.parse([
      text('a', { layout: { x: 0, y: 0, w: 6, h: 2 } }),
      text('b'),
      text('c'),
    ]);
    expect(fields.map((f) => f.layout)).toEqual([
      { x: 0, y: 0, w: 6, h: 2 },
      { x: 0, y: 2, w: 12, h: 1 },
      { x: 0, y: 3, w: 12, h: 1 },
    ]);
  });

  it.each([
    [[text('a'), text('a')], '1.key: Another field already uses the key a'],
    [[num('a', { min: 5, max: 1 })], '0.max: Must be at least the minimum'],
    [[text('a', { min_length: 9, max_length: 3 })], '0.max_length: Must be at least the minimum length'],
    [[text('a', { pattern: '([a-z' })], '0.pattern: This is not a valid regular expression'],
    [[num('a', { default_value: 3, min: 5 })], '0.default_value: Enter 5 or more'],
    [
      [{ key: 's', label: 'S', type: 'SELECT', options: [{ value: 'a' }], default_value: 'b' }],
      '0.default_value: Choose one of the options',
    ],
    [[{ key: 'd', label: 'D', type: 'DATE', min_date: '2025-02-30' }], '0.min_date: Not a real date'],
    [
      [{ key: 'd', label: 'D', type: 'DATE', min_date: '2025-03-01', max_date: '2025-01-01' }],
      '0.max_date: Must be on or after the earliest date',
    ],
    [
      [{ key: 'm', label: 'M', type: 'MULTI_SELECT', options: [{ value: 'a' }], min_selected: 2 }],
      '0.min_selected: More than there are options',
    ],
    [
      [{ key: 'g', label: 'G', type: 'AGGREGATE', entity_id: ENTITY_ID, function: 'SUM' }],
      '0.field_key: Choose the field to sum',
    ],
    [
      [{ key: 'p', label: 'P', type: 'PAY_BUTTON' }],
      '0.amount: Give either a fixed amount or the field that holds it',
    ],
    [
      [text('t'), { key: 'p', label: 'P', type: 'PAY_BUTTON', amount_field: 't' }],
      '1.amount_field: Choose a number, currency or formula field of this template',
    ],
    [
      [{ key: 'f', label: 'F', type: 'FORMULA', expression: '{a} *' }],
      '0.expression: The formula ends too early',
    ],
    [
      [{ key: 'f', label: 'F', type: 'FORMULA', expression: '{a} * 2' }],
      '0.expression: {a} is not a field of this template',
    ],
    [
      [text('a'), { key: 'f', label: 'F', type: 'FORMULA', expression: '{a} * 2' }],
      '1.expression: {a} is not a number, currency, percentage or formula field',
    ],
    [
      [{ key: 'f', label: 'F', type: 'FORMULA', expression: '{f} + 1' }],
      '0.expression: A formula cannot use itself',
    ],
    [
      [
        { key: 'f', label: 'F', type: 'FORMULA', expression: '{g} + 1' },
        { key: 'g', label: 'G', type: 'FORMULA', expression: '{f} + 1' },
      ],
      '0.expression: Formulas refer to each other in a loop',
    ],
    [
      [num('a', { visibility: { rules: [{ field: 'zz', operator: 'IS_EMPTY' }] } })],
      '0.visibility.rules.0.field: zz is not a field of this template',
    ],
    [
      [num('a', { visibility: { rules: [{ field: 'a', operator: 'IS_EMPTY' }] } })],
      '0.visibility.rules.0.field: A field cannot depend on itself',
    ],
    [
      [
        num('a', { visibility: { rules: [{ field: 'b', operator: 'IS_EMPTY' }] } }),
        num('b', { visibility: { rules: [{ field: 'a', operator: 'IS_EMPTY' }] } }),
      ],
      '0.visibility: Visibility rules depend on each other in a loop',
    ],
    [
      [num('a', { layout: { x: 0, y: 0, w: 6, h: 2 } }), num('b', { layout: { x: 5, y: 1, w: 4, h: 1 } })],
      '1.layout: Overlaps the field a',
    ],
    [
      [{ key: 'f', label: 'F', type: 'FORMULA', expression: '1', is_primary: true }],
      '0.is_primary: Only fields people fill in can be primary fields',
    ],
    [
      [{ key: 't', label: 'T', type: 'DATA_TABLE', columns: [num('c'), num('c')] }],
      '0.columns.1.key: Another column already uses the key c',
    ],
    [
      [
        {
          key: 't',
          label: 'T',
          type: 'DATA_TABLE',
          columns: [num('c'), { key: 'x', label: 'X', type: 'FORMULA', expression: '{q} * 2' }],
        },
      ],
      '0.columns.1.expression: {q} is not a field of this template',
    ],
    [
      [num('a'), { key: 'f', label: 'F', type: 'FORMULA', expression: 'SUM({a.b})' }],
      '1.expression: {a.b} is not a column of a data table',
    ],
  ])('refuses %j', (fields, message) => {
    expect(problems(fields)).toContain(message);
  });

  it('accepts a sound template with formulas, rules and a table', () => {
    expect(
      problems([
        num('area', { required: true, min: 0 }),
        { key: 'rate', label: 'Rate', type: 'CURRENCY' },
        { key: 'price', label: 'Price', type: 'FORMULA', expression: '{area} * {rate}' },
        { key: 'with_tax', label: 'With tax', type: 'FORMULA', expression: '{price} * 1.18' },
        { key: 'pay', label: 'Pay', type: 'PAY_BUTTON', amount_field: 'with_tax' },
        num('floor', {
          visibility: { match: 'ANY', rules: [{ field: 'area', operator: 'GREATER_THAN', value: 100 }] },
        }),
        { key: 'when', label: 'When', type: 'DATE', min_date: 'TODAY', default_value: 'TODAY' },
        {
          key: 't',
          label: 'T',
          type: 'DATA_TABLE',
          columns: [num('q'), { key: 'x', label: 'X', type: 'FORMULA', expression: '{q} * 2' }],
        },
        { key: 'sum', label: 'Sum', type: 'FORMULA', expression: 'SUM({t.x})' },
      ]),
    ).toEqual([]);
  });
});

describe('toFieldKey', () => {
  it('turns labels into keys', () => {
    expect(toFieldKey('Carpet area (sq ft)')).toBe('carpet_area_sq_ft');
    expect(toFieldKey('Prénom')).toBe('prenom');
    expect(toFieldKey('2nd phone')).toBe('f_2nd_phone');
    expect(toFieldKey('!!!')).toBe('field');
  });
});
