import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TField } from '@esigns/contracts/documents';
import type { TSealFailure, TSealFailureKind } from '@esigns/contracts/signing';
import { AppError } from '../../platform/http/app-error';
import { imageValueProblem } from '../../platform/pdf/image-check';
import { type DocumentUserRow, type EmployeeRow, type Reader, recipientsOf } from '../documents';
import { isImageField } from './field-rules';
import { loadFieldValues } from './field-values';
import { documentSeals } from './schema';

/*
 * Why a seal failed, and how the sender sees it. A failure is either one that may pass
 * (`RETRY`: storage unavailable, an unexpected error; the queue retries it) or permanent: a value
 * that cannot be stamped (`VALUE`, naming the recipient and field: they sign again) or a document
 * that cannot be sealed as it is (`DOCUMENT`: its PDF unreadable, a field off its pages). A
 * permanent failure fails the seal at once, without the queue's retries.
 */

/** A value that could not be stamped: which field, given by whom. */
export type FailedValue = { field_key: string; document_user_id: string };

export type ClassifiedFailure = { kind: TSealFailureKind; reason: string; values: FailedValue[] };

const nameOf = (r: Pick<DocumentUserRow, 'firstName' | 'lastName' | 'email'>): string =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;

const VALUE_WORDS: Partial<Record<TField['type'], string>> = {
  SIGNATURE: 'signature',
  INITIAL: 'initials',
  IMAGE: 'image',
};

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What a failed sealing run means, from its error: `VALUE` when stamping refused a value
 * (`values.<key>` of the sealing library's 422; every other image value that its decoder refuses
 * is named too, so one request fixes them all), `DOCUMENT` for an unreadable original PDF (415) or
 * a field off its pages (`fields.<i>.page`), else `RETRY` with our own message (or "see the server
 * log" for an unexpected error). Never throws: when the error cannot be looked into (the values
 * cannot be read), that failure is logged and the answer is `RETRY`.
 */
export async function classifySealError(
  db: Reader,
  log: FastifyBaseLogger,
  document: EmployeeRow | undefined,
  err: unknown,
): Promise<ClassifiedFailure> {
  const retry: ClassifiedFailure = {
    kind: 'RETRY',
    reason: (err instanceof AppError
      ? err.message
      : 'Unexpected error while sealing (see the server log)'
    ).slice(0, 500),
    values: [],
  };
  if (!(err instanceof AppError) || !document) return retry;
  if (err.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return { kind: 'DOCUMENT', reason: `The document's PDF cannot be sealed: ${err.message}`, values: [] };
  }
  if (err.code !== 'VALIDATION_FAILED') return retry;
  const keys = (err.details ?? []).map((d) => d.key);
  const valueKeys = keys.filter((k) => k.startsWith('values.')).map((k) => k.slice('values.'.length));
  if (valueKeys.length === 0) {
    const first = err.details?.[0]?.message ?? err.message;
    return { kind: 'DOCUMENT', reason: `The document cannot be sealed: ${first}`, values: [] };
  }
  try {
    return await valueFailure(db, document, valueKeys);
  } catch (lookupErr) {
    log.error({ err: lookupErr, documentId: document.id }, 'could not read the values of a failed seal');
    return retry;
  }
}

async function valueFailure(db: Reader, document: EmployeeRow, keys: string[]): Promise<ClassifiedFailure> {
  const [stored, recipients] = await Promise.all([
    loadFieldValues(db, document.id),
    recipientsOf(db, document.id),
  ]);
  const bad = new Set(keys);
  // Every other image value the stamping code cannot read: named now, fixed in one go.
  for (const field of document.fields) {
    const value = stored.get(field.key)?.value;
    if (bad.has(field.key) || !isImageField(field) || !value) continue;
    // Signatures and initials may be typed text: only drawn (data URL) ones are images.
    if (field.type !== 'IMAGE' && !value.startsWith('data:')) continue;
    if ((await imageValueProblem(value, { requireMark: false })) === 'UNREADABLE') bad.add(field.key);
  }
  const fieldOf = new Map(document.fields.map((f) => [f.key, f]));
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const values: FailedValue[] = [];
  const words: string[] = [];
  const people = new Set<string>();
  for (const key of bad) {
    const field = fieldOf.get(key);
    // The one who gave it; a value nobody gave (the sender's prefilled default) no recipient can fix.
    const givenBy = stored.get(key)?.documentUserId;
    const recipient = givenBy ? byId.get(givenBy) : undefined;
    if (!field || !recipient) {
      const label = field?.label ? ` "${field.label}"` : '';
      return {
        kind: 'DOCUMENT',
        reason: `The prefilled value of the field${label} cannot be stamped: its image data is damaged`,
        values: [],
      };
    }
    values.push({ field_key: key, document_user_id: recipient.id });
    people.add(nameOf(recipient));
    const what = VALUE_WORDS[field.type] ?? 'value';
    words.push(`the ${what} of ${nameOf(recipient)}${field.label ? ` (field "${field.label}")` : ''}`);
  }
  const whom = people.size === 1 ? [...people][0]! : 'them';
  const sentence = joinWords(words);
  return {
    kind: 'VALUE',
    reason:
      `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} could not be stamped: the image data is ` +
      `damaged; ask ${whom} to sign again`,
    values,
  };
}

/**
 * The seal's failure for good as the sender sees it (`sealing` of the document screen and of
 * `e-sign-completed`): null unless the document is WAITING and its seal FAILED. A seal that failed
 * before kinds were recorded counts as `RETRY`.
 */
export async function sealFailureOf(db: Reader, document: EmployeeRow): Promise<TSealFailure | null> {
  if (document.status !== 'WAITING') return null;
  const [seal] = await db
    .select()
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, document.id));
  if (seal?.status !== 'FAILED') return null;
  const kind = seal.failureKind ?? 'RETRY';
  const failed = kind === 'VALUE' ? (seal.failedValues ?? []) : [];
  const recipients = failed.length > 0 ? await recipientsOf(db, document.id) : [];
  const fieldOf = new Map(document.fields.map((f) => [f.key, f]));
  const named = recipients
    .filter((r) => failed.some((v) => v.document_user_id === r.id))
    .map((r) => ({
      _id: r.id,
      name: nameOf(r),
      email: r.email,
      fields: failed
        .filter((v) => v.document_user_id === r.id)
        .map((v) => {
          const field = fieldOf.get(v.field_key);
          return { key: v.field_key, label: field?.label ?? '', type: field?.type ?? 'IMAGE' };
        }),
    }));
  return {
    status: 'FAILED',
    kind,
    permanent: kind !== 'RETRY',
    reason: seal.error ?? 'The sealing failed',
    failures: seal.failures,
    failed_at: (seal.failedAt ?? seal.updatedAt).toISOString(),
    fix: kind === 'VALUE' && named.length > 0 ? 'SIGN_AGAIN' : 'RETRY',
    recipients: named,
  };
}

/** Of these documents, the ones whose seal FAILED (the lists' `seal_failed`; the caller checks WAITING). */
export async function documentsWithFailedSeal(db: Reader, documentIds: string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: documentSeals.employeeDocumentId })
    .from(documentSeals)
    .where(and(inArray(documentSeals.employeeDocumentId, documentIds), eq(documentSeals.status, 'FAILED')));
  return new Set(rows.map((r) => r.id));
}

/**
 * The lists' `seal_failed` column for a page read as one statement (`employee_documents ed`):
 * signing's table stays behind this module's face.
 */
export const SEAL_FAILED_COLUMN_TEXT = `(ed.status = 'WAITING' and exists (select 1 from document_seals s
    where s.employee_document_id = ed.id and s.status = 'FAILED')) as seal_failed`;
