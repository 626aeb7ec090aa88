import { TEMPLATE_EXCEL_MAX_COLUMNS } from '@esigns/contracts/form-templates';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { toFieldKey, type TFormFieldInput } from '@esigns/contracts/nocode-fields';
import {
  normalizePhone,
  normalizeTime,
  parseBoolean,
  parseNumberText,
} from '@esigns/contracts/nocode-value-coercion';
import type { SampleCell } from './spreadsheet-sample';

/*
 * Create-from-Excel: one field per column, named by the header, typed by the sample values
 * (every non-empty value of the column must fit the type):
 * yes/no words -> YES_OR_NO; dates -> DATE (DATE_TIME with a time of day); times -> TIME;
 * emails -> EMAIL; web addresses -> URL; phone numbers (a "phone/mobile" header or a leading +)
 * -> PHONE; numbers -> PERCENTAGE (a % sign or header), CURRENCY (a currency sign or a money
 * header such as price, amount, rent: INR unless the sign says otherwise) or NUMBER; comma lists
 * of a few recurring words -> MULTI_SELECT; a few recurring values -> SELECT; long or multi-line
 * text -> MULTI_LINE_TEXT; anything else SINGLE_LINE_TEXT. Codes and ids (PIN, zip, account
 * number, id) stay text even when they are digits. Nothing is made required.
 */

const HEADER_WORDS = (header: string): string[] =>
  header
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);
const hints = (header: string, words: string[]): boolean => {
  const found = HEADER_WORDS(header);
  return words.some((word) => found.includes(word)) || (words.includes('%') && header.includes('%'));
};

const TEXT_CODE_WORDS = [
  'pin',
  'pincode',
  'zip',
  'zipcode',
  'postal',
  'postcode',
  'id',
  'code',
  'aadhaar',
  'aadhar',
  'account',
  'acc',
  'ifsc',
  'pan',
  'gstin',
  'sku',
  'hsn',
  'ref',
  'reference',
];
const PHONE_WORDS = ['phone', 'mobile', 'tel', 'telephone', 'cell', 'whatsapp', 'contact'];
const PERCENT_WORDS = ['percent', 'percentage', 'pct', '%'];
const MONEY_WORDS = [
  'price',
  'amount',
  'cost',
  'salary',
  'rent',
  'fee',
  'fees',
  'budget',
  'deposit',
  'revenue',
  'income',
  'mrp',
  'total',
  'balance',
  'paid',
  'due',
  'inr',
  'rs',
  'payment',
  'ctc',
  'value',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const URL_TEXT = /^(https?:\/\/|www\.)[^\s]+\.[^\s]+$/i;
const DAY_TEXT = /^(\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})$/;
const INSTANT_TEXT = /^(\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})[T ]\d{1,2}:\d{2}(:\d{2})?/;
const CURRENCY_SIGNS: [RegExp, string][] = [
  [/₹|\bINR\b|\bRs\.?/i, 'INR'],
  [/\$|\bUSD\b/i, 'USD'],
  [/€|\bEUR\b/i, 'EUR'],
  [/£|\bGBP\b/i, 'GBP'],
];

const textOf = (cell: SampleCell): string =>
  (cell instanceof Date ? cell.toISOString() : String(cell)).trim();

function numberOf(cell: SampleCell): number | null {
  if (typeof cell === 'number') return cell;
  // Digits in groups ("98765 43210") are a phone number or an id, not a number.
  if (typeof cell !== 'string' || /\d\s+\d/.test(cell)) return null;
  const stripped = cell.replace(/₹|\$|€|£|\b(INR|USD|EUR|GBP|Rs\.?)\b|%/gi, '').trim();
  return stripped === '' ? null : parseNumberText(stripped);
}

function decimalsOf(n: number): number {
  const text = String(n);
  return text.includes('.') && !text.includes('e') ? text.split('.')[1]!.length : 0;
}

/** A column's type and its settings; `full`: the field takes the whole grid row. */
export type InferredColumn = { type: TFormFieldType; full?: boolean } & Record<string, unknown>;

/** The field one column describes (without key, label or place). */
export function inferColumnType(header: string, cells: SampleCell[]): InferredColumn {
  const values = cells.filter(
    (cell): cell is Exclude<SampleCell, null> => cell !== null && textOf(cell) !== '',
  );
  if (values.length === 0) return { type: 'SINGLE_LINE_TEXT' };
  const texts = values.map(textOf);
  const all = (test: (cell: Exclude<SampleCell, null>, text: string) => boolean) =>
    values.every((cell, i) => test(cell, texts[i]!));

  if (
    all(
      (cell) =>
        typeof cell === 'boolean' ||
        (typeof cell === 'string' && parseBoolean(cell) !== null && !/^[01]$/.test(cell.trim())),
    )
  ) {
    return { type: 'YES_OR_NO' };
  }
  if (all((cell, text) => cell instanceof Date || DAY_TEXT.test(text) || INSTANT_TEXT.test(text))) {
    const hasTime = values.some((cell, i) =>
      cell instanceof Date
        ? cell.getUTCHours() + cell.getUTCMinutes() + cell.getUTCSeconds() > 0
        : INSTANT_TEXT.test(texts[i]!),
    );
    return { type: hasTime ? 'DATE_TIME' : 'DATE' };
  }
  if (all((cell, text) => typeof cell === 'string' && normalizeTime(text) !== null)) return { type: 'TIME' };
  if (all((_cell, text) => EMAIL.test(text))) return { type: 'EMAIL' };
  if (all((_cell, text) => URL_TEXT.test(text))) return { type: 'URL' };
  const looksLikePhones = hints(header, PHONE_WORDS) || texts.every((text) => text.startsWith('+'));
  if (looksLikePhones && all((_cell, text) => normalizePhone(text, '91') !== null)) return { type: 'PHONE' };
  if (hints(header, TEXT_CODE_WORDS)) return { type: 'SINGLE_LINE_TEXT' };

  const numbers = values.map(numberOf);
  if (numbers.every((n): n is number => n !== null)) {
    const decimals = Math.max(...numbers.map(decimalsOf));
    const percentSigned = texts.some((text) => text.includes('%'));
    if ((percentSigned || hints(header, PERCENT_WORDS)) && numbers.every((n) => n >= 0 && n <= 100)) {
      return { type: 'PERCENTAGE', decimals: Math.min(decimals, 4) };
    }
    const sign = CURRENCY_SIGNS.find(([pattern]) => texts.some((text) => pattern.test(text)));
    if (sign || hints(header, MONEY_WORDS)) {
      // Money has no decimals or (at least) two: 12.5 is 12.50.
      return {
        type: 'CURRENCY',
        currency: sign?.[1] ?? 'INR',
        decimals: decimals === 0 ? 0 : Math.min(Math.max(decimals, 2), 4),
      };
    }
    return decimals === 0 ? { type: 'NUMBER', decimals: 0 } : { type: 'NUMBER' };
  }

  const longest = Math.max(...texts.map((text) => text.length));
  if (longest > 255 || texts.some((text) => /[\r\n]/.test(text)))
    return { type: 'MULTI_LINE_TEXT', full: true };

  const multi = inferMultiSelect(texts);
  if (multi) return { type: 'MULTI_SELECT', options: multi.map((value) => ({ value })) };
  const distinct = [...new Map(texts.map((text) => [text.toLowerCase(), text])).values()];
  const recurring =
    distinct.length < texts.length && distinct.length <= Math.max(2, Math.floor(texts.length * 0.6));
  if (texts.length >= 4 && distinct.length <= 12 && recurring && longest <= 60) {
    return { type: 'SELECT', options: distinct.map((value) => ({ value })) };
  }
  return { type: 'SINGLE_LINE_TEXT' };
}

/** The options of a column of comma lists drawn from a few recurring words, or null. */
function inferMultiSelect(texts: string[]): string[] | null {
  if (texts.length < 4 || texts.filter((text) => text.includes(',')).length < texts.length * 0.3) return null;
  const counts = new Map<string, { value: string; n: number }>();
  for (const text of texts) {
    for (const part of text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (part.length > 60) return null;
      const entry = counts.get(part.toLowerCase()) ?? { value: part, n: 0 };
      entry.n += 1;
      counts.set(part.toLowerCase(), entry);
    }
  }
  const options = [...counts.values()];
  if (options.length > 20 || options.filter((o) => o.n > 1).length < options.length / 2) return null;
  return options.map((o) => o.value);
}

/** The fields of a sheet: one per named or non-empty column, keys unique, two per grid row. */
export function inferFields(header: string[], rows: SampleCell[][]): TFormFieldInput[] {
  const width = Math.min(
    Math.max(header.length, ...rows.map((row) => row.length)),
    TEMPLATE_EXCEL_MAX_COLUMNS,
  );
  const keys = new Set<string>();
  const fields: TFormFieldInput[] = [];
  let x = 0;
  let y = 0;
  for (let column = 0; column < width; column += 1) {
    const cells = rows.map((row) => row[column] ?? null);
    const title = (header[column] ?? '').trim();
    if (!title && cells.every((cell) => cell === null)) continue;
    const label = (title || `Column ${column + 1}`).slice(0, 120);
    let key = toFieldKey(label);
    for (let n = 2; keys.has(key); n += 1) key = `${toFieldKey(label).slice(0, 58)}_${n}`;
    keys.add(key);
    const { full, ...inferred } = inferColumnType(label, cells);
    const w = full ? 12 : 6;
    if (x + w > 12) {
      x = 0;
      y += 1;
    }
    fields.push({ ...inferred, key, label, layout: { x, y, w, h: 1 } } as unknown as TFormFieldInput);
    x += w;
    if (x >= 12) {
      x = 0;
      y += 1;
    }
  }
  return fields;
}
