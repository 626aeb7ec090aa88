import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDateIn, type TZone } from '@esigns/contracts/dates';
import type { TField } from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Reader, Tx, DocumentUserRow } from '../documents';
import { imageValueProblem } from '../../platform/pdf/image-check';
import { fieldValueProblem, isFilled, isImageField, isTypedField } from './field-rules';
import { documentFieldValues } from './schema';

export type StoredValue = { value: string; documentUserId: string };

/** Every value given on a document so far, by field key. */
export async function loadFieldValues(
  db: Reader,
  employeeDocumentId: string,
): Promise<Map<string, StoredValue>> {
  const rows = await db
    .select({
      key: documentFieldValues.fieldKey,
      value: documentFieldValues.value,
      documentUserId: documentFieldValues.documentUserId,
    })
    .from(documentFieldValues)
    .where(eq(documentFieldValues.employeeDocumentId, employeeDocumentId));
  return new Map(rows.map((r) => [r.key, { value: r.value, documentUserId: r.documentUserId }]));
}

/**
 * The values given on several documents of a company for the fields `keys`, as `document id
 * \n field key` -> value (the template data tables of document-lists).
 */
export async function fieldValuesOf(
  db: Reader,
  companyId: string,
  employeeDocumentIds: readonly string[],
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (employeeDocumentIds.length === 0 || keys.length === 0) return new Map();
  const rows = await db
    .select({
      doc: documentFieldValues.employeeDocumentId,
      key: documentFieldValues.fieldKey,
      value: documentFieldValues.value,
    })
    .from(documentFieldValues)
    .where(
      and(
        eq(documentFieldValues.companyId, companyId),
        inArray(documentFieldValues.employeeDocumentId, [...employeeDocumentIds]),
        inArray(documentFieldValues.fieldKey, [...keys]),
      ),
    );
  return new Map(rows.map((v) => [`${v.doc}\n${v.key}`, v.value]));
}

/**
 * Checks and stores values of the recipient's own fields (by key): a key that is no field is
 * 422 on `values.<key>`, a field of another recipient 403, a read-only field or a bad value 422
 * on `values.<key>` (every problem at once). Fields filled in automatically (full name, email,
 * date signed) are set when the recipient finishes: values given for them are ignored. An empty
 * string clears a value.
 */
export async function saveFieldValues(
  tx: Tx,
  recipient: DocumentUserRow,
  fields: TField[],
  values: Record<string, string>,
  now = new Date(),
): Promise<void> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const details: TValidationDetail[] = [];
  const problem = (key: string, message: string) =>
    details.push({ key: `values.${key}`, message, path: ['values', key] });
  const toStore: { key: string; value: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) {
      problem(key, 'This document has no such field');
      continue;
    }
    if (field.recipient_key !== recipient.key) {
      throw new AppError('FORBIDDEN', {
        message: `The field "${field.label || key}" belongs to another recipient`,
      });
    }
    if (!isTypedField(field)) continue;
    if (field.read_only) {
      problem(key, 'This field cannot be changed');
      continue;
    }
    const message = fieldValueProblem(field, value) ?? (await imageProblem(field, value));
    if (message) problem(key, message);
    else toStore.push({ key, value });
  }
  if (details.length > 0) throw validationError(details, details[0]!.message);
  await storeValues(tx, recipient, toStore, now);
}

/**
 * A signature, initials or image value checked the way sealing will stamp it (`imageValueProblem`
 * of platform/pdf): decodable by the same code, and for signatures and initials a visible mark.
 */
async function imageProblem(field: TField, value: string): Promise<string | null> {
  if (!isImageField(field) || value === '') return null;
  const found = await imageValueProblem(value, { requireMark: field.type !== 'IMAGE' });
  if (found === 'UNREADABLE') return 'The image could not be read: use another PNG or JPEG file';
  if (found === 'BLANK') {
    return field.type === 'INITIAL'
      ? 'The initials are blank: draw, type or upload visible initials'
      : 'The signature is blank: draw, type or upload a visible signature';
  }
  return null;
}

/** Upserts (or, for '', deletes) values of a recipient's fields. */
export async function storeValues(
  tx: Tx,
  recipient: DocumentUserRow,
  values: { key: string; value: string }[],
  now = new Date(),
): Promise<void> {
  const cleared = values.filter((v) => v.value === '').map((v) => v.key);
  if (cleared.length > 0) {
    await tx
      .delete(documentFieldValues)
      .where(
        and(
          eq(documentFieldValues.employeeDocumentId, recipient.employeeDocumentId),
          inArray(documentFieldValues.fieldKey, cleared),
        ),
      );
  }
  const kept = values.filter((v) => v.value !== '');
  if (kept.length === 0) return;
  await tx
    .insert(documentFieldValues)
    .values(
      kept.map((v) => ({
        companyId: recipient.companyId,
        employeeDocumentId: recipient.employeeDocumentId,
        fieldKey: v.key,
        documentUserId: recipient.id,
        value: v.value,
        filledAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [documentFieldValues.employeeDocumentId, documentFieldValues.fieldKey],
      set: { value: sql`excluded.value`, documentUserId: recipient.id, filledAt: now },
    });
}

/**
 * The values filled in for the recipient when they finish: identity and signing date. The date is
 * the day in the company's time zone (`zone`), kept as `YYYY-MM-DD`; the sealed PDF writes it in
 * the company's date format.
 */
export function automaticValues(
  fields: TField[],
  recipient: DocumentUserRow,
  now: Date,
  zone: TZone = 'UTC',
): { key: string; value: string }[] {
  const name = `${recipient.firstName} ${recipient.lastName}`.trim();
  const out: { key: string; value: string }[] = [];
  for (const field of fields) {
    if (field.recipient_key !== recipient.key) continue;
    if (field.type === 'FULL_NAME') out.push({ key: field.key, value: name || recipient.email });
    else if (field.type === 'EMAIL') out.push({ key: field.key, value: recipient.email });
    else if (field.type === 'DATE_SIGNED')
      out.push({ key: field.key, value: formatDateIn(now, { format: 'YYYY-MM-DD', zone }) });
  }
  return out;
}

/**
 * The recipient's own fields that end up without a value although they are required: what
 * `finish` refuses (422 listing them by key). Prefilled (default) values count as given.
 */
export function missingRequired(
  fields: TField[],
  recipient: DocumentUserRow,
  values: Map<string, StoredValue>,
): TField[] {
  return fields.filter((field) => {
    if (field.recipient_key !== recipient.key || !field.required || !isTypedField(field)) return false;
    const value = values.get(field.key)?.value ?? (field.default_value || undefined);
    return !isFilled(field, value);
  });
}

/** Default (prefilled) values of the recipient's fields they left as they were: stored when they finish. */
export function keptDefaults(
  fields: TField[],
  recipient: DocumentUserRow,
  values: Map<string, StoredValue>,
): { key: string; value: string }[] {
  return fields
    .filter((f) => f.recipient_key === recipient.key && f.default_value !== '' && !values.has(f.key))
    .filter((f) => fieldValueProblem(f, f.default_value) === null)
    .map((f) => ({ key: f.key, value: f.default_value }));
}
