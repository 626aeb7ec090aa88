import { describe, expect, it } from 'vitest';
import { parseTemplateValues, validateTemplateValues } from './nocode-field-values';
import { FORM_FIELD_TYPES } from './nocode-field-types';
import { ZFormField, type TFormField, type TFormFieldInput } from './nocode-fields';
import { ZFormFields } from './nocode-template-check';
import { formatPercentage, normalizePercentageInput, normalizePhone } from './nocode-value-coercion';

const ENTITY_ID = '0b6a3c1e-2f4d-4e5a-9b7c-1d2e3f4a5b6c';
const RECORD_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const field = (input: Partial<TFormFieldInput> & { type: TFormField['type'] }): TFormField =>
  ZFormField.parse({ key: 'f', label: 'F', ...input });

/** The value a single field keeps for `raw`, or the first error message. */
function check(input: Partial<TFormFieldInput> & { type: TFormField['type'] }, raw: unknown) {
  const parsed = parseTemplateValues([field(input)], { f: raw }, { today: '2025-06-15' });
  return parsed.errors.length
    ? { error: parsed.errors[0]!.message, key: parsed.errors[0]!.key }
    : { value: parsed.values.f };
}

const okCases: [string, Partial<TFormFieldInput> & { type: TFormField['type'] }, unknown, unknown][] = [
  ['text trimmed', { type: 'SINGLE_LINE_TEXT' }, '  Villa 12 ', 'Villa 12'],
  ['text from a number', { type: 'SINGLE_LINE_TEXT' }, 42, '42'],
  [
    'text with pattern',
    { type: 'SINGLE_LINE_TEXT', pattern: '[A-Z]{5}\\d{4}[A-Z]' },
    'ABCDE1234F',
    'ABCDE1234F',
  ],
  ['multi-line keeps lines', { type: 'MULTI_LINE_TEXT' }, 'line 1\nline 2\n', 'line 1\nline 2'],
  ['rich text', { type: 'RICH_TEXT' }, '<p>Hello <b>you</b></p>', '<p>Hello <b>you</b></p>'],
  ['number', { type: 'NUMBER' }, '1,234.5', 1234.5],
  ['number, Indian grouping', { type: 'NUMBER' }, '1,00,000', 100000],
  ['number, bounds', { type: 'NUMBER', min: 1, max: 10, decimals: 0 }, 10, 10],
  ['currency with a sign', { type: 'CURRENCY' }, '₹ 45,00,000.50', 4500000.5],
  ['currency code', { type: 'CURRENCY', currency: 'USD' }, 'USD 12.5', 12.5],
  ['percentage with % and comma', { type: 'PERCENTAGE' }, '12,5 %', 12.5],
  ['date', { type: 'DATE' }, '2025-02-28', '2025-02-28'],
  ['date from an instant', { type: 'DATE' }, '2025-02-28T10:00:00Z', '2025-02-28'],
  ['date from today on', { type: 'DATE', min_date: 'TODAY' }, '2025-06-15', '2025-06-15'],
  ['time 12h', { type: 'TIME' }, '9:05 pm', '21:05'],
  ['time with seconds', { type: 'TIME' }, '07:30:15', '07:30:15'],
  [
    'date-time normalised to UTC',
    { type: 'DATE_TIME' },
    '2025-01-31T10:00:00+05:30',
    '2025-01-31T04:30:00.000Z',
  ],
  ['yes', { type: 'YES_OR_NO' }, 'Yes', true],
  ['no is an answer', { type: 'YES_OR_NO', required: true }, false, false],
  ['checkbox ticked', { type: 'CHECKBOX', required: true }, 'on', true],
  ['select by value', { type: 'SELECT', options: [{ value: 'sale' }, { value: 'rent' }] }, 'rent', 'rent'],
  [
    'select by label',
    { type: 'SELECT', options: [{ value: 'sale', label: 'For sale' }] },
    'for SALE',
    'sale',
  ],
  ['radio', { type: 'RADIO', options: [{ value: 'a' }, { value: 'b' }] }, 'B', 'b'],
  [
    'multi select',
    { type: 'MULTI_SELECT', options: [{ value: 'gym' }, { value: 'pool' }] },
    ['pool', 'gym', 'pool'],
    ['pool', 'gym'],
  ],
  ['multi select, one string', { type: 'MULTI_SELECT', options: [{ value: 'gym' }] }, 'gym', ['gym']],
  ['email lowercased', { type: 'EMAIL' }, ' Asha@Example.COM ', 'asha@example.com'],
  ['phone national (India)', { type: 'PHONE' }, '098765 43210', '+919876543210'],
  ['phone international', { type: 'PHONE' }, '0044 20 7946 0958', '+442079460958'],
  ['url without scheme', { type: 'URL' }, 'Example.com/listing?id=1', 'https://example.com/listing?id=1'],
  [
    'file',
    { type: 'FILE', allowed_file_types: ['.pdf'] },
    { file_ref_id: 'k/1.pdf', name: 'deed.pdf', size: 10, mime_type: 'application/pdf' },
    [{ file_ref_id: 'k/1.pdf', name: 'deed.pdf', size: 10, mime_type: 'application/pdf' }],
  ],
  [
    'image',
    { type: 'IMAGE', max_files: 3 },
    [{ file_ref_id: 'k/1.jpg', name: 'a.jpg', size: 10, mime_type: 'image/jpeg' }],
    [{ file_ref_id: 'k/1.jpg', name: 'a.jpg', size: 10, mime_type: 'image/jpeg' }],
  ],
  ['signature data URL', { type: 'SIGNATURE' }, PNG_DATA_URL, PNG_DATA_URL],
  ['entity link', { type: 'ENTITY', entity_id: ENTITY_ID }, RECORD_ID.toUpperCase(), RECORD_ID],
  [
    'entity links',
    { type: 'ENTITY', entity_id: ENTITY_ID, allow_multiple: true },
    [{ _id: RECORD_ID }],
    [RECORD_ID],
  ],
  [
    'location object',
    { type: 'LOCATION' },
    { lat: 12.97, lng: 77.59, address: ' MG Road ' },
    { lat: 12.97, lng: 77.59, address: 'MG Road' },
  ],
  ['location text', { type: 'LOCATION' }, '19.07, 72.87', { lat: 19.07, lng: 72.87 }],
  ['QR code', { type: 'BARCODE' }, 'https://example.com/p/1', 'https://example.com/p/1'],
  ['EAN-13', { type: 'BARCODE', format: 'EAN_13' }, '4006381333931', '4006381333931'],
  ['UPC-A', { type: 'BARCODE', format: 'UPC_A' }, '036000291452', '036000291452'],
  ['EAN-8', { type: 'BARCODE', format: 'EAN_8' }, '73513537', '73513537'],
  ['Code 39 uppercased', { type: 'BARCODE', format: 'CODE_39' }, 'abc-123', 'ABC-123'],
  ['empty is null', { type: 'NUMBER' }, '  ', null],
];

const badCases: [string, Partial<TFormFieldInput> & { type: TFormField['type'] }, unknown, string][] = [
  ['text object', { type: 'SINGLE_LINE_TEXT' }, { a: 1 }, 'Enter text'],
  ['text two lines', { type: 'SINGLE_LINE_TEXT' }, 'a\nb', 'Use a single line'],
  ['text too short', { type: 'SINGLE_LINE_TEXT', min_length: 3 }, 'ab', 'At least 3 characters'],
  ['text too long', { type: 'SINGLE_LINE_TEXT', max_length: 3 }, 'abcd', 'At most 3 characters'],
  [
    'pattern',
    { type: 'SINGLE_LINE_TEXT', pattern: '\\d+', pattern_message: 'Digits only' },
    '12a',
    'Digits only',
  ],
  ['rich text only tags', { type: 'RICH_TEXT', required: true }, '<p> </p>', 'Required'],
  ['number words', { type: 'NUMBER' }, 'twelve', 'Enter a number'],
  ['number below', { type: 'NUMBER', min: 5 }, 4, 'Enter 5 or more'],
  ['number above', { type: 'NUMBER', max: 5 }, 6, 'Enter 5 or less'],
  ['number decimals', { type: 'NUMBER', decimals: 1 }, 1.25, 'Use at most 1 decimal places'],
  ['whole number', { type: 'NUMBER', decimals: 0 }, '2.5', 'Enter a whole number'],
  ['number too large', { type: 'NUMBER' }, 1e16, 'The number is too large'],
  ['currency below', { type: 'CURRENCY', min: 1000 }, '999', 'Enter INR 1000 or more'],
  ['currency paise', { type: 'CURRENCY' }, '10.555', 'Use at most 2 decimal places'],
  ['percentage above 100', { type: 'PERCENTAGE' }, 101, 'Enter a percentage between 0 and 100'],
  ['percentage negative', { type: 'PERCENTAGE' }, '-1', 'Enter a percentage between 0 and 100'],
  ['percentage text', { type: 'PERCENTAGE' }, 'half', 'Enter a percentage'],
  ['date format', { type: 'DATE' }, '31/01/2025', 'Enter a date as YYYY-MM-DD'],
  ['date not real', { type: 'DATE' }, '2025-02-30', 'Enter a date as YYYY-MM-DD'],
  ['date before today', { type: 'DATE', min_date: 'TODAY' }, '2025-06-14', 'Enter 2025-06-15 or later'],
  ['date after max', { type: 'DATE', max_date: '2025-12-31' }, '2026-01-01', 'Enter 2025-12-31 or earlier'],
  ['time', { type: 'TIME' }, '25:00', 'Enter a time as HH:mm'],
  ['time before', { type: 'TIME', min_time: '09:00' }, '08:59', 'Enter 09:00 or later'],
  [
    'date-time without zone',
    { type: 'DATE_TIME' },
    '2025-01-31T10:00',
    'Include the time zone, e.g. 2025-01-31T10:00:00Z or +05:30',
  ],
  ['date-time garbage', { type: 'DATE_TIME' }, 'soon', 'Enter a date and time (ISO 8601)'],
  ['yes or no', { type: 'YES_OR_NO' }, 'maybe', 'Answer yes or no'],
  ['checkbox required', { type: 'CHECKBOX', required: true }, false, 'Tick this box'],
  ['select unknown', { type: 'SELECT', options: [{ value: 'a' }] }, 'z', 'Choose one of the options'],
  ['radio unknown', { type: 'RADIO', options: [{ value: 'a' }] }, 'z', 'Choose one of the options'],
  [
    'multi unknown',
    { type: 'MULTI_SELECT', options: [{ value: 'a' }] },
    ['a', 'z'],
    '"z" is not one of the options',
  ],
  [
    'multi too many',
    { type: 'MULTI_SELECT', options: [{ value: 'a' }, { value: 'b' }], max_selected: 1 },
    ['a', 'b'],
    'Choose at most 1',
  ],
  [
    'multi too few',
    { type: 'MULTI_SELECT', options: [{ value: 'a' }, { value: 'b' }], min_selected: 2 },
    ['a'],
    'Choose at least 2',
  ],
  ['email', { type: 'EMAIL' }, 'asha@', 'Enter a valid email address'],
  [
    'email domain',
    { type: 'EMAIL', allowed_domains: ['acme.in'] },
    'a@gmail.com',
    'Use an address at acme.in',
  ],
  [
    'phone letters',
    { type: 'PHONE' },
    '+91 call me',
    'Enter a valid phone number with its country code, e.g. +91 98765 43210',
  ],
  [
    'phone Indian length',
    { type: 'PHONE' },
    '+91 98765 4321',
    'Enter a valid phone number with its country code, e.g. +91 98765 43210',
  ],
  [
    'url scheme',
    { type: 'URL' },
    'ftp://example.com',
    'Enter a web address starting with http:// or https://',
  ],
  ['url host', { type: 'URL' }, 'https://nowhere', 'Enter a web address starting with http:// or https://'],
  [
    'file shape',
    { type: 'FILE' },
    'deed.pdf',
    'Upload the file first: a file has a file_ref_id, name, size and mime_type',
  ],
  [
    'file type',
    { type: 'FILE', allowed_file_types: ['.pdf'] },
    { file_ref_id: 'k', name: 'a.exe', size: 1, mime_type: 'application/x-msdownload' },
    'a.exe: allowed types are .pdf',
  ],
  [
    'file size',
    { type: 'FILE', max_size_mb: 1 },
    { file_ref_id: 'k', name: 'a.pdf', size: 2 * 1024 * 1024, mime_type: 'application/pdf' },
    'a.pdf is larger than 1 MB',
  ],
  [
    'too many files',
    { type: 'FILE' },
    [
      { file_ref_id: 'k', name: 'a', size: 1, mime_type: 'text/plain' },
      { file_ref_id: 'j', name: 'b', size: 1, mime_type: 'text/plain' },
    ],
    'Attach one file only',
  ],
  [
    'image not image',
    { type: 'IMAGE', allowed_file_types: [] },
    { file_ref_id: 'k', name: 'a.pdf', size: 1, mime_type: 'application/pdf' },
    'a.pdf is not an image',
  ],
  [
    'signature not image',
    { type: 'SIGNATURE' },
    'data:image/png;base64,AAAA',
    'Draw the signature (a PNG or JPEG image)',
  ],
  ['entity id', { type: 'ENTITY', entity_id: ENTITY_ID }, 'record-1', 'Choose a record from the list'],
  ['entity one only', { type: 'ENTITY', entity_id: ENTITY_ID }, [RECORD_ID, ENTITY_ID], 'Choose one record'],
  ['latitude', { type: 'LOCATION' }, { lat: 91, lng: 0 }, 'The latitude must be between -90 and 90'],
  ['longitude', { type: 'LOCATION' }, '10, 200', 'The longitude must be between -180 and 180'],
  [
    'EAN-13 check digit',
    { type: 'BARCODE', format: 'EAN_13' },
    '4006381333932',
    'EAN-13: the check digit is wrong',
  ],
  ['EAN-8 length', { type: 'BARCODE', format: 'EAN_8' }, '1234', 'EAN-8: 8 digits'],
  [
    'Code 128 non-ASCII',
    { type: 'BARCODE', format: 'CODE_128' },
    'é',
    'Code 128: up to 80 printable ASCII characters',
  ],
  ['required text', { type: 'SINGLE_LINE_TEXT', required: true }, '', 'Required'],
];

describe('validateTemplateValues: every field type', () => {
  it('has good and bad cases for every input type', () => {
    const covered = new Set([...okCases, ...badCases].map(([, f]) => f.type));
    const computed = [
      'AUTO_INCREMENT',
      'FORMULA',
      'AGGREGATE',
      'GLOBAL_VARIABLE',
      'PAY_BUTTON',
      'DATA_TABLE',
    ];
    expect(FORM_FIELD_TYPES.filter((type) => !covered.has(type) && !computed.includes(type))).toEqual([]);
  });

  it.each(okCases)('accepts %s', (_name, f, raw, expected) => {
    expect(check(f, raw)).toEqual({ value: expected });
  });

  it.each(badCases)('refuses %s', (_name, f, raw, message) => {
    expect(check(f, raw)).toMatchObject({ error: message });
  });

  it('keys file errors by their path', () => {
    const f = { type: 'FILE' as const, max_files: 2, allowed_file_types: ['.pdf'] };
    const good = { file_ref_id: 'k', name: 'a.pdf', size: 1, mime_type: 'application/pdf' };
    expect(check(f, [good, { ...good, name: 'b.doc' }])).toEqual({
      key: 'f.1',
      error: 'b.doc: allowed types are .pdf',
    });
  });

  it('refuses files of another workspace when told its prefix', () => {
    const fields = [field({ type: 'FILE' })];
    const value = {
      f: { file_ref_id: 'companies/x/a.pdf', name: 'a.pdf', size: 1, mime_type: 'application/pdf' },
    };
    expect(validateTemplateValues(fields, value, { fileRefPrefix: 'companies/y/' })).toEqual([
      { key: 'f.0', path: ['f', 0], message: 'This file does not belong to this workspace' },
    ]);
    expect(validateTemplateValues(fields, value, { fileRefPrefix: 'companies/x/' })).toEqual([]);
  });
});

describe('validateTemplateValues: the whole set', () => {
  const fields = ZFormFields.parse([
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'price', label: 'Price', type: 'CURRENCY', required: true, min: 0 },
    {
      key: 'listing',
      label: 'Listing',
      type: 'SELECT',
      options: [{ value: 'SALE' }, { value: 'RENT' }],
      default_value: 'SALE',
    },
    {
      key: 'deposit',
      label: 'Deposit',
      type: 'CURRENCY',
      required: true,
      visibility: { rules: [{ field: 'listing', operator: 'EQUALS', value: 'RENT' }] },
    },
    { key: 'furnished', label: 'Furnished', type: 'YES_OR_NO', default_value: false },
    { key: 'ref', label: 'Ref', type: 'AUTO_INCREMENT', prefix: 'P-' },
  ]);

  it('reports every missing required field, and nothing else', () => {
    expect(validateTemplateValues(fields, {})).toEqual([
      { key: 'title', path: ['title'], message: 'Required' },
      { key: 'price', path: ['price'], message: 'Required' },
    ]);
  });

  it('applies defaults and drops computed values sent by a client', () => {
    const parsed = parseTemplateValues(fields, { title: 'Villa', price: '1,00,000', ref: 'P-9999' });
    expect(parsed).toEqual({
      errors: [],
      values: { title: 'Villa', price: 100000, listing: 'SALE', furnished: false },
    });
  });

  it('requires a field only while it is shown, and drops hidden values', () => {
    expect(validateTemplateValues(fields, { title: 'A', price: 1, listing: 'rent' })).toEqual([
      { key: 'deposit', path: ['deposit'], message: 'Required' },
    ]);
    const hidden = parseTemplateValues(fields, { title: 'A', price: 1, listing: 'SALE', deposit: 'lots' });
    expect(hidden.errors).toEqual([]);
    expect(hidden.values).not.toHaveProperty('deposit');
  });

  it('checks only what a partial update sends, but an emptied required field still fails', () => {
    expect(validateTemplateValues(fields, { price: 5 }, { partial: true })).toEqual([]);
    expect(validateTemplateValues(fields, { title: ' ' }, { partial: true })).toEqual([
      { key: 'title', path: ['title'], message: 'Required' },
    ]);
    expect(parseTemplateValues(fields, { price: 5 }, { partial: true }).values).toEqual({ price: 5 });
  });

  it('rejects unknown keys unless told to strip them, and non-objects', () => {
    expect(validateTemplateValues(fields, { title: 'A', price: 1, colour: 'red' })).toEqual([
      { key: 'colour', path: ['colour'], message: 'Not a field of this template' },
    ]);
    expect(
      validateTemplateValues(fields, { title: 'A', price: 1, colour: 'red' }, { unknownKeys: 'strip' }),
    ).toEqual([]);
    expect(validateTemplateValues(fields, ['A'])).toEqual([
      { key: 'values', path: ['values'], message: 'Send the values as an object' },
    ]);
  });
});

describe('data tables and formulas', () => {
  const fields = ZFormFields.parse([
    {
      key: 'items',
      label: 'Items',
      type: 'DATA_TABLE',
      required: true,
      max_rows: 3,
      columns: [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'qty', label: 'Qty', type: 'NUMBER', decimals: 0, min: 1 },
        { key: 'rate', label: 'Rate', type: 'CURRENCY' },
        { key: 'amount', label: 'Amount', type: 'FORMULA', expression: '{qty} * {rate}' },
      ],
    },
    { key: 'gst', label: 'GST %', type: 'PERCENTAGE', default_value: 18 },
    {
      key: 'total',
      label: 'Total',
      type: 'FORMULA',
      expression: 'ROUND(SUM({items.amount}) * (1 + {gst} / 100), 2)',
      result_type: 'CURRENCY',
    },
  ]);

  it('validates each row by its columns and keys errors by the dotted path', () => {
    const errors = validateTemplateValues(fields, {
      items: [
        { name: 'Tiles', qty: 0 },
        { qty: 'x', name: 'Paint' },
      ],
    });
    expect(errors).toEqual([
      { key: 'items.0.qty', path: ['items', 0, 'qty'], message: 'Enter 1 or more' },
      { key: 'items.1.qty', path: ['items', 1, 'qty'], message: 'Enter a number' },
    ]);
    expect(validateTemplateValues(fields, { items: [{ qty: 2 }] })).toEqual([
      { key: 'items.0.name', path: ['items', 0, 'name'], message: 'Required' },
    ]);
  });

  it('computes row formulas, then totals over the rows; blank rows are dropped', () => {
    const parsed = parseTemplateValues(fields, {
      items: [
        { name: 'Tiles', qty: '2', rate: '₹1,000' },
        { name: 'Paint', qty: 1, rate: 499.5 },
        { name: '', qty: '' },
      ],
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.values.items).toEqual([
      { name: 'Tiles', qty: 2, rate: 1000, amount: 2000 },
      { name: 'Paint', qty: 1, rate: 499.5, amount: 499.5 },
    ]);
    expect(parsed.values.total).toBe(2949.41);
  });

  it('leaves a formula empty until one of its fields has a value', () => {
    const parsed = parseTemplateValues(fields, { items: [{ name: 'Tiles' }] }, { unknownKeys: 'strip' });
    expect(parsed.values.items).toEqual([{ name: 'Tiles', amount: null }]);
    expect(parsed.values.total).toBe(0);
    const [, , total] = ZFormFields.parse([
      { key: 'a', label: 'A', type: 'NUMBER' },
      { key: 'b', label: 'B', type: 'NUMBER' },
      { key: 'sum', label: 'Sum', type: 'FORMULA', expression: '{a} + {b}' },
    ]);
    expect(parseTemplateValues([total!], {}).values).toEqual({ sum: null });
  });

  it('counts rows against the bounds and requires one', () => {
    expect(validateTemplateValues(fields, { items: [] })).toEqual([
      { key: 'items', path: ['items'], message: 'Add at least one row' },
    ]);
    const rows = Array.from({ length: 4 }, (_, i) => ({ name: `n${i}` }));
    expect(validateTemplateValues(fields, { items: rows })).toEqual([
      { key: 'items', path: ['items'], message: 'At most 3 rows' },
    ]);
    expect(validateTemplateValues(fields, { items: 'rows' })).toEqual([
      { key: 'items', path: ['items'], message: 'Send the rows as a list' },
    ]);
  });
});

describe('the percentage input (spec 3 §5) and phone numbers', () => {
  it('keeps digits and dots, reads a comma as the decimal mark, clamps, falls back to the minimum', () => {
    expect(normalizePercentageInput('12,5%')).toBe(12.5);
    expect(normalizePercentageInput('abc')).toBe(0);
    expect(normalizePercentageInput('250')).toBe(100);
    expect(normalizePercentageInput('-5')).toBe(5);
    expect(normalizePercentageInput('3', { min: 10, max: 50 })).toBe(10);
    expect(normalizePercentageInput('1.2.3')).toBe(1.23);
    expect(formatPercentage(12.5)).toBe('12.5%');
    expect(formatPercentage(null)).toBe('');
  });

  it('writes phone numbers in E.164 with the default country code', () => {
    expect(normalizePhone('(202) 555-0143', '1')).toBe('+12025550143');
    expect(normalizePhone('+65 6123 4567', '91')).toBe('+6561234567');
    expect(normalizePhone('12', '91')).toBeNull();
  });
});
