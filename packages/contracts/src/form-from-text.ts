import type { TFormFieldType } from './nocode-field-types';
import { toFieldKey } from './nocode-fields';

/*
 * A form template from a plain description, one field per line or comma-separated phrase:
 * "Name", "Mobile number", "Budget in INR", "Site visit date", "Status (New, Visited, Won)".
 * The type comes from the words (no model is called: the result is predictable and works
 * offline); choices come from a list in brackets. /template/create-with-ai uses it, and the
 * builder refines the result.
 */

export type TDescribedField = {
  key: string;
  label: string;
  type: TFormFieldType;
  required: boolean;
  options?: { value: string }[];
};

const RULES: [RegExp, TFormFieldType][] = [
  [/\be-?mail\b/i, 'EMAIL'],
  [/\b(phone|mobile|whats ?app|contact number)\b/i, 'PHONE'],
  [/\b(website|url|link)\b/i, 'URL'],
  [/\b(date and time|date time|datetime|appointment|timestamp)\b/i, 'DATE_TIME'],
  [/\b(date|dob|birthday|deadline|due)\b/i, 'DATE'],
  [/\b(time|slot)\b/i, 'TIME'],
  [/\b(price|amount|budget|cost|salary|rent|fee|fees|deposit|inr|₹|rupees?)\b/i, 'CURRENCY'],
  [/\b(percent|percentage|%|rate)\b/i, 'PERCENTAGE'],
  [/\b(number of|count|quantity|qty|age|area|sq ?ft|bedrooms?|rooms?|floors?|years?)\b/i, 'NUMBER'],
  [/\b(photos?|images?|pictures?|logo)\b/i, 'IMAGE'],
  [/\b(files?|documents?|attachments?|resume|cv|pdf)\b/i, 'FILE'],
  [/\bsignature\b/i, 'SIGNATURE'],
  [/\b(address|location)\b/i, 'MULTI_LINE_TEXT'],
  [/\b(notes?|comments?|description|remarks|details)\b/i, 'MULTI_LINE_TEXT'],
  [/^(is|has|are|do|does|can)\b|\?$|\b(yes\/no|agree|consent)\b/i, 'YES_OR_NO'],
];

/** One phrase as a field; null when it holds nothing usable. */
function describe(phrase: string): TDescribedField | null {
  const required = /\*|\b(required|mandatory)\b/i.test(phrase);
  let text = phrase.replace(/\*|\((required|mandatory)\)|\b(required|mandatory)\b/gi, '').trim();
  const list = /\(([^)]*,[^)]*)\)|:\s*(.+,.+)$/.exec(text);
  const options = list
    ? [
        ...new Set(
          (list[1] ?? list[2] ?? '')
            .split(/[,/|]/)
            .map((o) => o.trim())
            .filter(Boolean),
        ),
      ].slice(0, 100)
    : [];
  if (list) text = text.replace(list[0], '').trim();
  const label = text
    .replace(/\s+/g, ' ')
    .replace(/[.:;-]+$/, '')
    .trim()
    .slice(0, 100);
  if (!label) return null;
  const key = toFieldKey(label);
  if (options.length >= 2) {
    const multi = /\b(multiple|many|tags|amenities|skills|interests)\b/i.test(label);
    return {
      key,
      label,
      type: multi ? 'MULTI_SELECT' : 'SELECT',
      required,
      options: options.map((value) => ({ value })),
    };
  }
  const type = RULES.find(([pattern]) => pattern.test(label))?.[1] ?? 'SINGLE_LINE_TEXT';
  return { key, label, type, required };
}

/**
 * The fields a description names, in order. Keys are unique (a repeated label gets `_2`); the
 * first field is required (it names the record).
 */
export function fieldsFromText(text: string, max = 100): TDescribedField[] {
  // Commas inside brackets belong to an option list, not to the next field.
  const phrases: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let depth = 0;
    let current = '';
    for (const char of line) {
      if (char === '(') depth += 1;
      if (char === ')') depth = Math.max(0, depth - 1);
      if ((char === ',' || char === ';') && depth === 0 && !/:\s*[^,]*$/.test(current)) {
        phrases.push(current);
        current = '';
      } else current += char;
    }
    phrases.push(current);
  }
  const fields: TDescribedField[] = [];
  const used = new Set<string>();
  for (const phrase of phrases.map((p) => p.replace(/^[\s\-*•\d.)]+/, '').trim()).filter(Boolean)) {
    const field = describe(phrase);
    if (!field) continue;
    let key = field.key;
    for (let n = 2; used.has(key); n += 1) key = `${field.key.slice(0, 58)}_${n}`;
    used.add(key);
    fields.push({ ...field, key, required: field.required || fields.length === 0 });
    if (fields.length >= max) break;
  }
  return fields;
}
