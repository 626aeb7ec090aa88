import { isUuid } from './ids';
import type { TFormFieldOf } from './nocode-fields';
import {
  ZFileRef,
  asText,
  fail,
  ok,
  type CoerceContext,
  type Coerced,
  type TFileRef,
} from './nocode-value-coercion';

/*
 * Values of files, images, signatures, links to records, locations and barcodes (see
 * nocode-value-coercion.ts for the rest).
 */

/** Whether a file (by name and media type) matches a field's allowed types; none listed: any. */
export function isAllowedFileType(
  allowed: readonly string[],
  file: { name: string; mime_type: string },
): boolean {
  if (allowed.length === 0) return true;
  const name = file.name.toLowerCase();
  const mime = file.mime_type.toLowerCase().split(';')[0]!.trim();
  return allowed.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return mime === rule;
  });
}

/**
 * FILE and IMAGE: one file reference or a list of them (kept as a list). Each path is reported as
 * `key.index` (the spec: "for file fields the path is used as the key").
 */
export function coerceFiles(
  field: TFormFieldOf<'FILE' | 'IMAGE'>,
  raw: unknown,
  ctx: CoerceContext,
): Coerced | { ok: false; message: string; index: number } {
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length > field.max_files) {
    return fail(field.max_files === 1 ? 'Attach one file only' : `Attach at most ${field.max_files} files`);
  }
  const files: TFileRef[] = [];
  for (const [index, item] of items.entries()) {
    const parsed = ZFileRef.safeParse(item);
    if (!parsed.success) {
      return {
        ok: false,
        index,
        message: 'Upload the file first: a file has a file_ref_id, name, size and mime_type',
      };
    }
    const file = parsed.data;
    if (ctx.fileRefPrefix !== undefined && !file.file_ref_id.startsWith(ctx.fileRefPrefix)) {
      return { ok: false, index, message: 'This file does not belong to this workspace' };
    }
    if (field.type === 'IMAGE' && !file.mime_type.toLowerCase().startsWith('image/')) {
      return { ok: false, index, message: `${file.name} is not an image` };
    }
    if (!isAllowedFileType(field.allowed_file_types, file)) {
      return {
        ok: false,
        index,
        message: `${file.name}: allowed types are ${field.allowed_file_types.join(', ')}`,
      };
    }
    if (file.size > field.max_size_mb * 1024 * 1024) {
      return { ok: false, index, message: `${file.name} is larger than ${field.max_size_mb} MB` };
    }
    files.push(file);
  }
  return ok(files.length === 0 ? null : files);
}

/** Largest drawn signature kept inline (a data URL of about 1 MB). */
export const MAX_SIGNATURE_DATA_URL_LENGTH = 1_400_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether a data URL's first bytes are those of the PNG or JPEG it claims. */
function hasImageBytes(dataUrl: string): boolean {
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

/** SIGNATURE: a drawn signature as a PNG/JPEG data URL, or an uploaded image's file reference. */
export function coerceSignature(raw: unknown, ctx: CoerceContext): Coerced {
  if (typeof raw === 'string') {
    if (raw.length > MAX_SIGNATURE_DATA_URL_LENGTH) return fail('The signature image is too large');
    if (!/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(raw) || !hasImageBytes(raw)) {
      return fail('Draw the signature (a PNG or JPEG image)');
    }
    return ok(raw);
  }
  const parsed = ZFileRef.safeParse(raw);
  if (!parsed.success || !/^image\/(png|jpeg)$/i.test(parsed.data.mime_type)) {
    return fail('Draw the signature (a PNG or JPEG image)');
  }
  if (ctx.fileRefPrefix !== undefined && !parsed.data.file_ref_id.startsWith(ctx.fileRefPrefix)) {
    return fail('This file does not belong to this workspace');
  }
  return ok([parsed.data]);
}

/**
 * ENTITY: the id of a record of the target entity (a list with `allow_multiple`). Whether the
 * record exists and belongs to that entity is the server's check when records are saved.
 */
export function coerceEntityLink(field: TFormFieldOf<'ENTITY'>, raw: unknown): Coerced {
  const items = Array.isArray(raw) ? raw : [raw];
  const ids: string[] = [];
  for (const item of items) {
    const id =
      typeof item === 'object' && item !== null && '_id' in item ? (item as { _id: unknown })._id : item;
    if (typeof id !== 'string' || !isUuid(id.trim())) return fail('Choose a record from the list');
    const normalised = id.trim().toLowerCase();
    if (!ids.includes(normalised)) ids.push(normalised);
  }
  if (ids.length === 0) return ok(null);
  if (!field.allow_multiple) return ids.length === 1 ? ok(ids[0]!) : fail('Choose one record');
  return ok(ids);
}

/** LOCATION: `{ lat, lng, address? }` or the text `"lat, lng"`. */
export function coerceLocation(raw: unknown): Coerced {
  let lat: unknown;
  let lng: unknown;
  let address: unknown;
  if (typeof raw === 'string') {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
    if (!match) return fail('Pick a place, or enter "latitude, longitude"');
    [lat, lng] = [Number(match[1]), Number(match[2])];
  } else if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    ({ lat, lng, address } = raw as Record<string, unknown>);
  } else {
    return fail('Pick a place, or enter "latitude, longitude"');
  }
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
    return fail('The latitude must be between -90 and 90');
  }
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) {
    return fail('The longitude must be between -180 and 180');
  }
  if (address !== undefined && address !== null && (typeof address !== 'string' || address.length > 500)) {
    return fail('The address must be text of at most 500 characters');
  }
  return ok(
    typeof address === 'string' && address.trim() ? { lat, lng, address: address.trim() } : { lat, lng },
  );
}

/** The GS1 check digit of the digits before it (EAN-13, EAN-8, UPC-A). */
function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Weights alternate 3, 1 from the rightmost digit before the check digit.
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

const GS1_LENGTH = { EAN_13: 13, EAN_8: 8, UPC_A: 12 } as const;

/** BARCODE: the encoded text, checked against the symbology (check digits for EAN/UPC). */
export function coerceBarcode(field: TFormFieldOf<'BARCODE'>, raw: unknown): Coerced {
  const text = asText(raw)?.trim();
  if (text === undefined) return fail('Scan or type the code');
  if (text === '') return ok(null);
  switch (field.format) {
    case 'QR_CODE':
      return text.length <= 2000 ? ok(text) : fail('A QR code holds at most 2000 characters');
    case 'CODE_128':
      return /^[\x20-\x7e]{1,80}$/.test(text)
        ? ok(text)
        : fail('Code 128: up to 80 printable ASCII characters');
    case 'CODE_39':
      return /^[0-9A-Z\-. $/+%]{1,80}$/.test(text.toUpperCase())
        ? ok(text.toUpperCase())
        : fail('Code 39: digits, A-Z, space and - . $ / + %');
    case 'EAN_13':
    case 'EAN_8':
    case 'UPC_A': {
      const length = GS1_LENGTH[field.format];
      const label = field.format.replace('_', '-');
      if (!new RegExp(`^\\d{${length}}$`).test(text)) return fail(`${label}: ${length} digits`);
      return gs1CheckDigit(text.slice(0, -1)) === Number(text.slice(-1))
        ? ok(text)
        : fail(`${label}: the check digit is wrong`);
    }
    default: {
      const exhaustive: never = field.format;
      return exhaustive;
    }
  }
}
