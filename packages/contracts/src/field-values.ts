import { AUTO_FIELD_TYPES, type TField } from './documents';
import { ZSignatureImage } from './signing';

/*
 * What a value of each field type must look like (issue 5 "validation"). Values are strings:
 * signatures, initials and images PNG/JPEG data URLs, checkboxes 'true'/'false', dates ISO
 * `YYYY-MM-DD`, numbers in JavaScript notation. An empty string clears a value. The API checks
 * values with these rules and the signing screens check them before sending.
 */

const IMAGE_TYPES = new Set(['SIGNATURE', 'INITIAL', 'IMAGE']);
const MAX_TEXT_LENGTH = 5000;
const PATTERN_INPUT_LIMIT = 1000;

/** Whether a field takes an image (signature, initials, image). */
export const isImageField = (field: Pick<TField, 'type'>): boolean => IMAGE_TYPES.has(field.type);

/** Whether the signer types the value (auto fields come from their identity or the signing time). */
export const isTypedField = (field: Pick<TField, 'type'>): boolean =>
  !(AUTO_FIELD_TYPES as readonly string[]).includes(field.type) ||
  field.type === 'COMPANY' ||
  field.type === 'TITLE';

/** The problem with `value` for `field`, or null when it is acceptable. '' is always acceptable here. */
export function fieldValueProblem(field: TField, value: string): string | null {
  if (value === '') return null;
  const custom = field.validation.message;
  if (isImageField(field)) {
    const parsed = ZSignatureImage.safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Use a PNG or JPEG image';
    return isImageBytes(value) ? null : 'The image is not a PNG or JPEG file';
  }
  switch (field.type) {
    case 'CHECKBOX':
      return value === 'true' || value === 'false' ? null : "A checkbox is 'true' or 'false'";
    case 'RADIO':
    case 'DROPDOWN':
      return field.options.includes(value) ? null : 'Choose one of the options';
    case 'NUMBER': {
      const n = Number(value.trim());
      if (value.trim() === '' || !Number.isFinite(n)) return custom ?? 'Enter a number';
      if (field.validation.min !== undefined && n < field.validation.min) {
        return custom ?? `Enter ${field.validation.min} or more`;
      }
      if (field.validation.max !== undefined && n > field.validation.max) {
        return custom ?? `Enter ${field.validation.max} or less`;
      }
      return null;
    }
    case 'DATE':
    case 'DATE_SIGNED':
      return isIsoDate(value) ? null : 'Enter a date as YYYY-MM-DD';
    default:
      return textProblem(field, value);
  }
}

function textProblem(field: TField, value: string): string | null {
  const custom = field.validation.message;
  const { min_length: min, max_length: max, pattern } = field.validation;
  if (value.length > MAX_TEXT_LENGTH) return `At most ${MAX_TEXT_LENGTH} characters`;
  if (min !== undefined && value.length < min) return custom ?? `At least ${min} characters`;
  if (max !== undefined && value.length > max) return custom ?? `At most ${max} characters`;
  if (pattern) {
    const regex = compilePattern(pattern);
    // A pattern the sender got wrong is not the signer's fault: it is ignored. Long inputs are not
    // matched against it (a sender's pattern may backtrack badly).
    if (regex && value.length <= PATTERN_INPUT_LIMIT && !regex.test(value)) {
      return custom ?? 'The value does not have the expected format';
    }
  }
  return null;
}

function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether a data URL's first bytes are those of the PNG or JPEG it claims (atob: Node and browsers). */
function isImageBytes(dataUrl: string): boolean {
  const comma = dataUrl.indexOf(',');
  let head: number[];
  try {
    head = [...atob(dataUrl.slice(comma + 1, comma + 1 + 16))].map((c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  const png = head.length >= 8 && PNG_SIGNATURE.every((byte, i) => head[i] === byte);
  const jpeg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return dataUrl.startsWith('data:image/png') ? png : jpeg;
}

/** Whether a required field counts as filled with `value` (a required checkbox must be ticked). */
export function isFilled(field: Pick<TField, 'type'>, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (field.type === 'CHECKBOX') return value === 'true';
  return true;
}
