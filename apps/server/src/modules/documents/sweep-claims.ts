import { and, asc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './lookups';
import { documentUsers, employeeDocuments } from './schema';
import type { DocumentUserRow, EmployeeRow } from './serializers';

/**
 * What one batch of the reminders-and-expiry sweep looks at: one company or all, its clock, the
 * batch size, and a condition of the caller on the document's id (the reminders module passes
 * signing's "no seal queued", so documents finished by everyone are left alone).
 */
export type SweepClaim = {
  now: Date;
  companyId?: string | undefined;
  batchSize: number;
  documentCondition: (documentId: AnyPgColumn) => SQL;
};

/** A recipient who still has something to do and is reminded: a notified SIGNER or APPROVER. */
const isPendingActor: SQL = and(
  inArray(documentUsers.status, ['SENT', 'VIEWED']),
  inArray(documentUsers.userType, ['SIGNER', 'APPROVER']),
)!;

/** Out for signature, in scope, and the caller's condition holds. */
function openDocuments(claim: SweepClaim): SQL {
  return and(
    eq(employeeDocuments.status, 'WAITING'),
    claim.companyId ? eq(employeeDocuments.companyId, claim.companyId) : undefined,
    claim.documentCondition(employeeDocuments.id),
  )!;
}

/** `settings.<key>` of a document as an integer (NULL when null or absent). */
const settingDays = (key: 'reminder_every_days' | 'warn_before_expiry_days'): SQL<number | null> =>
  sql<number | null>`(${employeeDocuments.settings}->>${key})::int`;

/** The pending signers and approvers of a document, in signing order. */
export async function pendingActors(tx: Tx, documentId: string): Promise<DocumentUserRow[]> {
  return tx
    .select()
    .from(documentUsers)
    .where(and(eq(documentUsers.employeeDocumentId, documentId), isPendingActor))
    .orderBy(asc(documentUsers.signingOrder), asc(documentUsers.createdAt));
}

/**
 * Open documents past `expires_at`, oldest expiry first, locked (`FOR UPDATE SKIP LOCKED`: a
 * concurrent sweep skips them). The caller expires them with `changeDocumentStatuses`
 * (`expectedFrom: 'WAITING'`), which re-checks the status.
 */
export async function lockExpiredDocuments(tx: Tx, claim: SweepClaim): Promise<string[]> {
  const rows = await tx
    .select({ id: employeeDocuments.id })
    .from(employeeDocuments)
    .where(
      and(
        openDocuments(claim),
        isNotNull(employeeDocuments.expiresAt),
        lte(employeeDocuments.expiresAt, claim.now),
      ),
    )
    .orderBy(asc(employeeDocuments.expiresAt))
    .limit(claim.batchSize)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** When the warning window of a document opens: `expires_at - warn_before_expiry_days`. */
const windowOpens: SQL = sql`(${employeeDocuments.expiresAt} - (${settingDays('warn_before_expiry_days')}) * interval '1 day')`;

/**
 * Not warned for the current expiry date: never warned, or warned before this window opened
 * (the expiry was moved later since, e.g. an EXPIRED document reopened).
 */
const notWarnedYet: SQL = sql`(${employeeDocuments.expiryWarnedAt} IS NULL OR ${employeeDocuments.expiryWarnedAt} < ${windowOpens})`;

/**
 * Open documents whose warning window has opened and that have not expired nor been warned for
 * this expiry date: locked (`FOR UPDATE SKIP LOCKED`), then claimed by a conditional UPDATE of
 * `expiry_warned_at` that re-checks all of it, so no document is warned twice for one expiry date.
 */
export async function claimDocumentsToWarn(tx: Tx, claim: SweepClaim): Promise<EmployeeRow[]> {
  const due = and(
    openDocuments(claim),
    isNotNull(employeeDocuments.expiresAt),
    gt(employeeDocuments.expiresAt, claim.now),
    sql`${settingDays('warn_before_expiry_days')} > 0`,
    sql`${windowOpens} <= ${claim.now.toISOString()}::timestamptz`,
    notWarnedYet,
  );
  const candidates = await tx
    .select({ id: employeeDocuments.id })
    .from(employeeDocuments)
    .where(due)
    .orderBy(asc(employeeDocuments.expiresAt))
    .limit(claim.batchSize)
    .for('update', { skipLocked: true });
  if (candidates.length === 0) return [];
  return tx
    .update(employeeDocuments)
    .set({ expiryWarnedAt: claim.now })
    .where(
      and(
        inArray(
          employeeDocuments.id,
          candidates.map((c) => c.id),
        ),
        due,
      ),
    )
    .returning();
}

/** The expiry warning counts as the recipient's latest reminder. */
export async function markRecipientWarned(tx: Tx, recipientId: string, now: Date): Promise<void> {
  await tx.update(documentUsers).set({ lastRemindedAt: now }).where(eq(documentUsers.id, recipientId));
}

/**
 * A recipient is due a reminder when they are a notified SIGNER or APPROVER (never CC or VIEWER,
 * never one whose signing-order turn has not come: those are PENDING) and `reminder_every_days`
 * have passed since their last reminder, or since they were sent the document.
 */
function reminderDue(now: Date, everyDays: SQL): SQL {
  return and(
    isPendingActor,
    sql`${documentUsers.sentAt} IS NOT NULL`,
    sql`coalesce(${documentUsers.lastRemindedAt}, ${documentUsers.sentAt}) <= ${now.toISOString()}::timestamptz - (${everyDays}) * interval '1 day'`,
  )!;
}

/** The document's `reminder_every_days`, from inside a statement on `document_users`. */
const everyDaysOfRecipient: SQL = sql`(SELECT ${settingDays('reminder_every_days')} FROM ${employeeDocuments} WHERE ${employeeDocuments.id} = ${documentUsers.employeeDocumentId})`;

/**
 * Open documents with a recipient due a reminder, locked first (`FOR UPDATE SKIP LOCKED`, the
 * lock order of every action on a document); then the due recipients are claimed by a
 * conditional UPDATE of `last_reminded_at` and `reminders_sent` that re-checks the cadence, so
 * two sweeps at once cannot remind anyone twice. Answers the locked documents and, per document,
 * the recipients claimed, in signing order.
 */
export async function claimRecipientsToRemind(
  tx: Tx,
  claim: SweepClaim,
): Promise<{ documents: EmployeeRow[]; recipientsOf: Map<string, DocumentUserRow[]> }> {
  const documents = await tx
    .select()
    .from(employeeDocuments)
    .where(
      and(
        openDocuments(claim),
        sql`${settingDays('reminder_every_days')} IS NOT NULL`,
        sql`(${employeeDocuments.expiresAt} IS NULL OR ${employeeDocuments.expiresAt} > ${claim.now.toISOString()}::timestamptz)`,
        sql`EXISTS (SELECT 1 FROM ${documentUsers} WHERE ${documentUsers.employeeDocumentId} = ${employeeDocuments.id} AND ${reminderDue(claim.now, settingDays('reminder_every_days'))})`,
      ),
    )
    .orderBy(asc(employeeDocuments.sentAt))
    .limit(claim.batchSize)
    .for('update', { skipLocked: true });
  const recipientsOf = new Map<string, DocumentUserRow[]>();
  if (documents.length === 0) return { documents, recipientsOf };
  const claimed = await tx
    .update(documentUsers)
    .set({ lastRemindedAt: claim.now, remindersSent: sql`${documentUsers.remindersSent} + 1` })
    .where(
      and(
        inArray(
          documentUsers.employeeDocumentId,
          documents.map((c) => c.id),
        ),
        reminderDue(claim.now, everyDaysOfRecipient),
      ),
    )
    .returning();
  claimed.sort((a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime());
  for (const recipient of claimed) {
    const list = recipientsOf.get(recipient.employeeDocumentId) ?? [];
    list.push(recipient);
    recipientsOf.set(recipient.employeeDocumentId, list);
  }
  return { documents, recipientsOf };
}
