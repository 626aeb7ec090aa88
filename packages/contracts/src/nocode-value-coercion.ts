import { z } from 'zod';
import { MAX_NUMBER_VALUE } from './nocode-field-types';
import type { TFormFieldOf, TValueField } from './nocode-fields';

/*
 * One value of one field: what is accepted, how it is normalised, and the message when it is not
 * acceptable. Lenient on the way in (numbers with thousands separators or a currency sign, 'yes'
 * for true, option labels for option values, phone numbers with spaces), strict on what is kept
 * (numbers, ISO dates, E.164 phones, option values). Used by `parseTemplateValues` only.
 */

/** A stored file (FILE and IMAGE values, uploaded signatures): a storage reference and what it is. */
export const ZFileRef = z.object({
  file_ref_id: z.string().min(1).max(512),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  mime_type: z.string().min(1).max(255),
});
export type TFileRef = z.infer<typeof ZFileRef>;

export type TLocation = { lat: number; lng: number; address?: string };

/** A normalised value; rows of data tables are records of normalised values. */
export type TFieldValue =
  string | number | boolean | string[] | TFileRef[] | TLocation | Record<string, unknown>[] | null;

export type CoerceContext = {
  /** Today as YYYY-MM-DD, for 'TODAY' date bounds. */
  today: string;
  /** When set, file references must start with it (the caller's company storage prefix). */
  fileRefPrefix?: string | undefined;
};

export type Coerced = { ok: true; value: TFieldValue } | { ok: false; message: string };

const ok = (value: TFieldValue): Coerced => ({ ok: true, value });
const fail = (message: string): Coerced => ({ ok: false, message });

// ---------------------------------------------------------------------------------------------
// Text

function asText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return raw ? 'true' : 'false';
  return null;
}

function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/** Whether a pattern compiles as a JavaScript regular expression. */
export const isValidPattern = (pattern: string): boolean => compilePattern(pattern) !== null;

/** Patterns are not run on longer inputs (a builder's pattern may backtrack badly). */
const PATTERN_INPUT_LIMIT = 1000;

function coerceText(
  field: TFormFieldOf<'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'RICH_TEXT'>,
  raw: unknown,
): Coerced {
  const text = asText(raw);
  if (text === null) return fail('Enter text');
  const value = field.type === 'SINGLE_LINE_TEXT' ? text.trim() : text.replace(/\s+$/, '');
  if (field.type === 'SINGLE_LINE_TEXT' && /[\r\n]/.test(value)) return fail('Use a single line');
  const length = field.type === 'RICH_TEXT' ? plainText(value).length : value.length;
  if (field.type === 'RICH_TEXT' && length === 0) return ok(null);
  if (field.min_length !== undefined && length < field.min_length) {
    return fail(`At least ${field.min_length} characters`);
  }
  if (value.length > field.max_length) return fail(`At most ${field.max_length} characters`);
  if (field.type === 'SINGLE_LINE_TEXT' && field.pattern) {
    const regex = compilePattern(field.pattern);
    if (regex && value.length <= PATTERN_INPUT_LIMIT && !regex.test(value)) {
      return fail(field.pattern_message || 'The value does not have the expected format');
    }
  }
  return ok(value === '' ? null : value);
}

/** Rich text without its tags and entities: what tells an empty editor from a filled one. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

function coerceEmail(field: TFormFieldOf<'EMAIL'>, raw: unknown): Coerced {
  const text = asText(raw);
  if (text === null) return fail('Enter an email address');
  const value = text.trim().toLowerCase();
  if (value.length > 254 || !EMAIL.test(value) || value.split('@')[0]!.length > 64) {
    return fail('Enter a valid email address');
  }
  const domain = value.slice(value.indexOf('@') + 1);
  if (field.allowed_domains.length > 0 && !field.allowed_domains.includes(domain)) {
    return fail(`Use an address at ${field.allowed_domains.join(' or ')}`);
  }
  return ok(value);
}

/**
 * A phone number in E.164 (`+919876543210`). Spaces, dots, dashes and brackets are dropped; `00`
 * becomes `+`; a number without a country code gets the field's (one leading 0, the trunk prefix,
 * is dropped). India (+91) and North America (+1) numbers must have 10 digits.
 */
export function normalizePhone(raw: string, defaultCountryCode: string): string | null {
  let value = raw.trim().replace(/[\s().-]/g, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  if (!value.startsWith('+')) value = `+${defaultCountryCode}${value.replace(/^0/, '')}`;
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return null;
  if (value.startsWith('+91') && !/^\+91[6-9]\d{9}$/.test(value)) return null;
  if (value.startsWith('+1') && !/^\+1[2-9]\d{9}$/.test(value)) return null;
  return value;
}

function coercePhone(field: TFormFieldOf<'PHONE'>, raw: unknown): Coerced {
  const text = asText(raw);
  if (text === null || text.length > 40) return fail('Enter a phone number');
  const value = normalizePhone(text, field.default_country_code);
  return value ? ok(value) : fail('Enter a valid phone number with its country code, e.g. +91 98765 43210');
}

function coerceUrl(raw: unknown): Coerced {
  const text = asText(raw);
  if (text === null) return fail('Enter a web address');
  let value = text.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) value = `https://${value}`;
  const match = /^(https?):\/\/([^/?#\s:@]+)(:\d{1,5})?([/?#][^\s]*)?$/i.exec(value);
  const host = match?.[2]?.toLowerCase() ?? '';
  const hostOk = host === 'localhost' || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,63}$/.test(host);
  const ipOk = /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
  if (!match || !(hostOk || ipOk) || value.length > 2048) {
    return fail('Enter a web address starting with http:// or https://');
  }
  return ok(`${match[1]!.toLowerCase()}://${host}${match[3] ?? ''}${match[4] ?? ''}`);
}

// ---------------------------------------------------------------------------------------------
// Numbers

/**
 * A number from a number or a text: spaces dropped, `1,234.5` and Indian `1,00,000` grouping
 * understood; with `commaDecimal`, `12,5` is 12.5 (the spec's percentage input rule).
 */
export function parseNumberText(raw: unknown, options: { commaDecimal?: boolean } = {}): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  let text = raw.replace(/[\s\u00a0]/g, '');
  if (/^[+-]?(\d{1,3}(,\d{3})+|\d{1,3}(,\d{2})*,\d{3})(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  else if (options.commaDecimal && /^[+-]?\d*,\d+$/.test(text)) text = text.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Whether `n` has at most `decimals` decimal places (tolerant of binary floating point). */
export function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled));
}

/**
 * The spec's percentage input (spec 3 §5): keeps digits and dots (a comma is a decimal mark),
 * clamps to the field's bounds (default 0 and 100) and falls back to the minimum when what is
 * left is not a number. The browser's percentage input applies it on every change.
 */
export function normalizePercentageInput(raw: string, bounds: { min?: number; max?: number } = {}): number {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? 100;
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const n = Number(rest.length > 0 ? `${whole}.${rest.join('')}` : whole);
  if (cleaned === '' || !Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/** A percentage as shown: the number with a trailing %. */
export const formatPercentage = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : `${value}%`;

function coerceNumber(field: TFormFieldOf<'NUMBER' | 'CURRENCY' | 'PERCENTAGE'>, raw: unknown): Coerced {
  let input = raw;
  if (typeof raw === 'string' && field.type === 'CURRENCY') {
    input = raw
      .replace(/[₹$€£¥]|\b(INR|Rs\.?|USD|EUR|GBP)\b/gi, '')
      .replace(new RegExp(field.currency, 'i'), '');
  }
  if (typeof raw === 'string' && field.type === 'PERCENTAGE') input = raw.replace(/%/g, '');
  const n = parseNumberText(input, { commaDecimal: field.type === 'PERCENTAGE' });
  if (n === null) return fail(field.type === 'PERCENTAGE' ? 'Enter a percentage' : 'Enter a number');
  if (Math.abs(n) > MAX_NUMBER_VALUE) return fail('The number is too large');
  if (field.type === 'PERCENTAGE' && (n < field.min || n > field.max)) {
    return fail(`Enter a percentage between ${field.min} and ${field.max}`);
  }
  if (field.type !== 'PERCENTAGE') {
    const unit = field.type === 'CURRENCY' ? `${field.currency} ` : '';
    if (field.min !== undefined && n < field.min) return fail(`Enter ${unit}${field.min} or more`);
    if (field.max !== undefined && n > field.max) return fail(`Enter ${unit}${field.max} or less`);
  }
  if (field.decimals !== undefined && !hasAtMostDecimals(n, field.decimals)) {
    return fail(
      field.decimals === 0 ? 'Enter a whole number' : `Use at most ${field.decimals} decimal places`,
    );
  }
  return ok(n);
}

// ---------------------------------------------------------------------------------------------
// Dates and times

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const resolveDay = (bound: string | undefined, today: string): string | undefined =>
  bound === 'TODAY' ? today : bound;

function coerceDate(field: TFormFieldOf<'DATE'>, raw: unknown, ctx: CoerceContext): Coerced {
  let text: string | null = null;
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) text = raw.toISOString().slice(0, 10);
  else if (typeof raw === 'string') {
    const trimmed = raw.trim();
    // A full ISO instant names its day in UTC.
    text =
      /^\d{4}-\d{2}-\d{2}T/.test(trimmed) && !Number.isNaN(Date.parse(trimmed))
        ? new Date(trimmed).toISOString().slice(0, 10)
        : trimmed;
  }
  if (text === null || !isIsoDay(text)) return fail('Enter a date as YYYY-MM-DD');
  const min = resolveDay(field.min_date, ctx.today);
  const max = resolveDay(field.max_date, ctx.today);
  if (min && text < min) return fail(`Enter ${min} or later`);
  if (max && text > max) return fail(`Enter ${max} or earlier`);
  return ok(text);
}

/** `9:5`, `09:05`, `21:05:30`, `9:05 pm` -> `09:05`, `21:05:30`, `21:05`; null when not a time. */
export function normalizeTime(raw: string): string | null {
  const match = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?\s*([ap]\.?m\.?)?$/i.exec(raw.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  const meridiem = match[4]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}${seconds ? `:${pad(seconds)}` : ''}`;
}

const clockSeconds = (time: string): number => {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

function coerceTime(field: TFormFieldOf<'TIME'>, raw: unknown): Coerced {
  const value = typeof raw === 'string' ? normalizeTime(raw) : null;
  if (!value) return fail('Enter a time as HH:mm');
  if (field.min_time && clockSeconds(value) < clockSeconds(field.min_time)) {
    return fail(`Enter ${field.min_time} or later`);
  }
  if (field.max_time && clockSeconds(value) > clockSeconds(field.max_time)) {
    return fail(`Enter ${field.max_time} or earlier`);
  }
  return ok(value);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function coerceDateTime(field: TFormFieldOf<'DATE_TIME'>, raw: unknown): Coerced {
  let time: number | null = null;
  if (raw instanceof Date) time = raw.getTime();
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) {
      return fail('Include the time zone, e.g. 2025-01-31T10:00:00Z or +05:30');
    }
    if (INSTANT.test(text) && isIsoDay(text.slice(0, 10))) time = Date.parse(text);
  }
  if (time === null || Number.isNaN(time)) return fail('Enter a date and time (ISO 8601)');
  const value = new Date(time).toISOString();
  if (field.min && time < Date.parse(field.min)) return fail(`Enter ${field.min} or later`);
  if (field.max && time > Date.parse(field.max)) return fail(`Enter ${field.max} or earlier`);
  return ok(value);
}

// ---------------------------------------------------------------------------------------------
// Choices

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/** true/false from a boolean, 1/0, or a word (`yes`, `no`, `on`, `off`...); null otherwise. */
export function parseBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

function coerceBoolean(field: TFormFieldOf<'YES_OR_NO' | 'CHECKBOX'>, raw: unknown): Coerced {
  let value = parseBoolean(raw);
  if (value === null && field.type === 'YES_OR_NO' && typeof raw === 'string') {
    const word = raw.trim().toLowerCase();
    if (word === field.yes_label.toLowerCase()) value = true;
    if (word === field.no_label.toLowerCase()) value = false;
  }
  if (value === null) return fail(field.type === 'CHECKBOX' ? 'Tick or untick the box' : 'Answer yes or no');
  return ok(value);
}

/** The option value `raw` names (by value or label, ignoring case), or null. */
function matchOption(options: { value: string; label?: string | undefined }[], raw: unknown): string | null {
  const text = asText(raw)?.trim().toLowerCase();
  if (text === undefined) return null;
  const exact = options.find((option) => option.value.toLowerCase() === text);
  if (exact) return exact.value;
  return options.find((option) => option.label?.toLowerCase() === text)?.value ?? null;
}

function coerceSelect(field: TFormFieldOf<'SELECT' | 'RADIO'>, raw: unknown): Coerced {
  const value = matchOption(field.options, raw);
  return value === null ? fail('Choose one of the options') : ok(value);
}

function coerceMultiSelect(field: TFormFieldOf<'MULTI_SELECT'>, raw: unknown): Coerced {
  const items = Array.isArray(raw) ? raw : [raw];
  const values: string[] = [];
  for (const item of items) {
    const value = matchOption(field.options, item);
    if (value === null) {
      return fail(`"${String(asText(item) ?? typeof item).slice(0, 60)}" is not one of the options`);
    }
    if (!values.includes(value)) values.push(value);
  }
  if (values.length === 0) return ok(null);
  if (field.min_selected !== undefined && values.length < field.min_selected) {
    return fail(`Choose at least ${field.min_selected}`);
  }
  if (field.max_selected !== undefined && values.length > field.max_selected) {
    return fail(`Choose at most ${field.max_selected}`);
  }
  return ok(values);
}

export { coerceBoolean, coerceDate, coerceDateTime, coerceEmail, coerceMultiSelect, coerceNumber };
export { coercePhone, coerceSelect, coerceText, coerceTime, coerceUrl, asText, ok, fail };
export type { TValueField };
