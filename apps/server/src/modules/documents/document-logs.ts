import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { documentLogs, employeeDocuments } from './schema';

type LogTx = Pick<Db, 'select' | 'insert'>;

/** The `prev_hash` of a document's first log row. */
export const GENESIS_HASH = '0'.repeat(64);

export type DocumentLogInput = {
  companyId: string;
  employeeDocumentId: string;
  /** What happened, e.g. `document.sent`, `recipient.notified`, `recipient.signed`. */
  action: string;
  documentUserId?: string | null;
  actorUserId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Whether a log row records something the recipient named on it (`documentUserId`) did
 * themselves: the signer's rows carry `details.via` (how they came), a recipient's download
 * `details.by = 'recipient'`. In every other row about a recipient (notified, resent, reminded,
 * link generated, updated) they are the object: the staff user (`actorUserId`, whose IP the row
 * holds) or the system acted, and the row must never be shown under the recipient's name.
 */
export function isRecipientAct(row: {
  documentUserId: string | null;
  details: Record<string, unknown>;
}): boolean {
  if (row.documentUserId === null) return false;
  return typeof row.details.via === 'string' || row.details.by === 'recipient';
}

type HashedFields = {
  seq: number;
  action: string;
  employee_document_id: string;
  document_user_id: string | null;
  actor_user_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
};

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `hash` of a log row: SHA-256 (hex) of the previous row's hash and this row's content. */
export function chainHash(prevHash: string, fields: HashedFields): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(fields)).digest('hex');
}

/**
 * Appends a row to a document's hash-chained log, in the caller's transaction. The document row
 * is locked (`FOR UPDATE`) first, so concurrent writers of one document queue up and each gets
 * the next `seq` and the right previous hash. Returns the new row's id, seq and hash.
 */
export async function appendDocumentLog(
  tx: LogTx,
  input: DocumentLogInput,
): Promise<{ id: string; seq: number; hash: string }> {
  const [row] = await appendDocumentLogs(tx, [input]);
  return row!;
}

/**
 * `appendDocumentLog` for several rows of ONE document at once (one lock, one read, one insert),
 * chained in the order given.
 */
export async function appendDocumentLogs(
  tx: LogTx,
  inputs: DocumentLogInput[],
): Promise<{ id: string; seq: number; hash: string }[]> {
  const first = inputs[0];
  if (!first) return [];
  if (inputs.some((i) => i.employeeDocumentId !== first.employeeDocumentId)) {
    throw new AppError('INTERNAL_ERROR', { message: 'appendDocumentLogs takes the rows of one document' });
  }
  await tx
    .select({ id: employeeDocuments.id })
    .from(employeeDocuments)
    .where(
      and(
        eq(employeeDocuments.id, first.employeeDocumentId),
        eq(employeeDocuments.companyId, first.companyId),
      ),
    )
    .for('update');
  const [last] = await tx
    .select({ seq: documentLogs.seq, hash: documentLogs.hash })
    .from(documentLogs)
    .where(eq(documentLogs.employeeDocumentId, first.employeeDocumentId))
    .orderBy(desc(documentLogs.seq))
    .limit(1);
  const rows = await tx
    .insert(documentLogs)
    .values(chainRows(inputs, last ?? { seq: 0, hash: GENESIS_HASH }))
    .returning({ id: documentLogs.id, seq: documentLogs.seq, hash: documentLogs.hash });
  return rows.sort((a, b) => a.seq - b.seq);
}

/**
 * The first log rows of documents created in the caller's transaction (nobody else can see
 * them yet, so no lock or read is needed): every document's rows chained from the start, all in
 * one insert.
 */
export async function insertFirstDocumentLogs(tx: LogTx, inputs: DocumentLogInput[]): Promise<void> {
  const byDocument = new Map<string, DocumentLogInput[]>();
  for (const input of inputs) {
    byDocument.set(input.employeeDocumentId, [...(byDocument.get(input.employeeDocumentId) ?? []), input]);
  }
  const values = [...byDocument.values()].flatMap((rows) => chainRows(rows, { seq: 0, hash: GENESIS_HASH }));
  if (values.length > 0) await tx.insert(documentLogs).values(values);
}

/** Log rows of one document chained after `last`. */
function chainRows(inputs: DocumentLogInput[], last: { seq: number; hash: string }) {
  let seq = last.seq;
  let prevHash = last.hash;
  // Set here (not by the database) so that the hash covers it; JS dates have milliseconds, which
  // PostgreSQL stores exactly.
  const createdAt = new Date();
  return inputs.map((input) => {
    seq += 1;
    const fields: HashedFields = {
      seq,
      action: input.action,
      employee_document_id: input.employeeDocumentId,
      document_user_id: input.documentUserId ?? null,
      actor_user_id: input.actorUserId ?? null,
      details: input.details ?? {},
      ip: input.ip ?? null,
      user_agent: input.userAgent ?? null,
      created_at: createdAt.toISOString(),
    };
    const hash = chainHash(prevHash, fields);
    const row = {
      companyId: input.companyId,
      employeeDocumentId: input.employeeDocumentId,
      seq,
      action: input.action,
      documentUserId: fields.document_user_id,
      actorUserId: fields.actor_user_id,
      details: fields.details,
      ip: fields.ip,
      userAgent: fields.user_agent,
      prevHash,
      hash,
      createdAt,
    };
    prevHash = hash;
    return row;
  });
}

/** A document's log rows, oldest first (its timeline, the certificate, the verification page). */
export async function documentLogsOf(
  db: Pick<Db, 'select'>,
  employeeDocumentId: string,
): Promise<DocumentLogRow[]> {
  return db
    .select()
    .from(documentLogs)
    .where(eq(documentLogs.employeeDocumentId, employeeDocumentId))
    .orderBy(asc(documentLogs.seq));
}

export type DocumentLogRow = typeof documentLogs.$inferSelect;

/** Where a log row of the company sits in time (`created_at`, `seq`), for paging after it; undefined if unknown. */
export async function documentLogPosition(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<{ createdAt: Date; seq: number } | undefined> {
  const [row] = await db
    .select({ createdAt: documentLogs.createdAt, seq: documentLogs.seq })
    .from(documentLogs)
    .where(and(eq(documentLogs.id, id), eq(documentLogs.companyId, companyId)))
    .limit(1);
  return row;
}

/**
 * Checks a document's chain: every row's `prev_hash` is the previous row's hash, seqs run
 * 1..n without gaps, and every hash matches its content. Returns the first broken seq, or null.
 */
export async function verifyDocumentLog(
  db: Pick<Db, 'select'>,
  employeeDocumentId: string,
): Promise<{ ok: boolean; rows: number; brokenAt: number | null }> {
  const rows = await documentLogsOf(db, employeeDocumentId);
  let prev = GENESIS_HASH;
  for (const [i, row] of rows.entries()) {
    const expected = chainHash(prev, {
      seq: row.seq,
      action: row.action,
      employee_document_id: row.employeeDocumentId,
      document_user_id: row.documentUserId,
      actor_user_id: row.actorUserId,
      details: row.details,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
    });
    if (row.seq !== i + 1 || row.prevHash !== prev || row.hash !== expected) {
      return { ok: false, rows: rows.length, brokenAt: row.seq };
    }
    prev = row.hash;
  }
  return { ok: true, rows: rows.length, brokenAt: null };
}
