import { STATUS_TRANSITIONS, canTransition } from '@esigns/contracts/document-actions';
import type { TDocumentStatus, TEmployeeDocument } from '@esigns/contracts/documents';
import { AppError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  changeDocumentStatus,
  findEmployeeDocument,
  lockEmployeeDocument,
  requireSlug,
  type Tx,
  presentEmployeeDocument,
  loadSenderInfo,
  type EmployeeRow,
  notifyDocumentVoided,
  publishDocumentEvent,
  recipientsOf,
} from '../documents';
import type { AccessContext } from '../permissions';
import { queueSeal, wakeSealWorker } from '../signing';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { emitAction, logAction } from './events';
import { voidedMail } from './mails';

const DAY_MS = 86_400_000;

/**
 * Voids a WAITING document in the caller's transaction (row locked by the caller): VOIDED with
 * `voided_at` and the reason, logged, and every recipient who had been asked to act (SENT,
 * VIEWED; never CC) mailed the reason and, if they are a user, notified in the app (the sender
 * too, when someone else voided it). Their links then open only a "voided" notice: the signing
 * module blocks every action on a VOIDED document (`signer-state.ts`).
 */
async function voidLocked(
  platform: Platform,
  tx: Tx,
  access: AccessContext,
  client: Client,
  doc: EmployeeRow,
  reason: string | null,
): Promise<EmployeeRow> {
  return voidAndTell(platform, tx, doc, reason, access.userId, (details) =>
    logAction(tx, access, client, { documentId: doc.id, action: 'document.voided', details }),
  );
}

/** The void itself, its mails and notices (`by`: who voided it, for the notices); `log` writes the log row. */
async function voidAndTell(
  platform: Platform,
  tx: Tx,
  doc: EmployeeRow,
  reason: string | null,
  by: string,
  log: (details: Record<string, unknown>) => Promise<void>,
): Promise<EmployeeRow> {
  const now = new Date();
  const updated = await changeDocumentStatus(tx, doc.id, 'VOIDED', {
    expectedFrom: 'WAITING',
    set: { voidedAt: now, voidReason: reason, updatedAt: now },
  });
  const asked = (await recipientsOf(tx, doc.id)).filter((r) => r.status === 'SENT' || r.status === 'VIEWED');
  const sender = await loadSenderInfo(tx, doc.companyId, doc.senderId);
  const mailed: string[] = [];
  for (const recipient of asked) {
    if (recipient.userType === 'CC') continue;
    await platform.mail.queue(
      voidedMail({
        to: recipient.email,
        firstName: recipient.firstName,
        documentName: doc.name,
        senderName: sender.name,
        senderEmail: sender.email,
        companyName: sender.companyName,
        reason,
        branding: sender.branding,
      }),
      { tx, companyId: doc.companyId },
    );
    mailed.push(recipient.email);
  }
  await notifyDocumentVoided(platform, tx, updated, {
    by,
    reason,
    recipients: asked.filter((r) => r.userType !== 'CC'),
  });
  await log({ reason, mailed });
  await publishDocumentEvent(platform, tx, updated, { type: 'document.voided', reason });
  return updated;
}

/**
 * Voids documents for another module (a workflow's end), in the caller's transaction, exactly as
 * `POST /documents/{id}/void` does (the same mails and notices) in each sender's name; the log
 * row has no acting user and carries `origin`. Documents of another company, gone or no longer
 * WAITING are left alone. Answers the documents voided; the mails wake their workers at commit.
 */
export async function voidDocumentsInTx(
  platform: Platform,
  tx: Tx,
  input: {
    companyId: string;
    documentIds: readonly string[];
    reason: string;
    origin: Record<string, unknown>;
  },
): Promise<EmployeeRow[]> {
  const voided: EmployeeRow[] = [];
  for (const id of [...new Set(input.documentIds)].sort()) {
    const doc = await lockEmployeeDocument(tx, id);
    if (!doc || doc.companyId !== input.companyId || doc.status !== 'WAITING') continue;
    const row = await voidAndTell(platform, tx, doc, input.reason, doc.senderId, async (details) => {
      await appendDocumentLog(tx, {
        companyId: doc.companyId,
        employeeDocumentId: doc.id,
        action: 'document.voided',
        actorUserId: null,
        details: { ...details, ...input.origin },
      });
    });
    voided.push(row);
  }
  return voided;
}

/** `POST /documents/{id}/void {reason}`. */
export async function voidDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  reason: string,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'void');
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('void', locked);
    return voidLocked(platform, tx, access, client, locked, reason);
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  emitAction(platform, access, 'voided', updated, { reason });
  return presentEmployeeDocument(db, access.companyId, id, updated);
}

/**
 * `PATCH /documents/{id}/status/{status}`: the hand-made status changes of `STATUS_TRANSITIONS`
 * (409 otherwise). WAITING -> EXPIRED ends signing now (`expires_at` = now); EXPIRED -> WAITING
 * reopens it with a new expiry date from the document's settings (no expiry when it has none);
 * WAITING -> VOIDED is a void without a reason (needs `documents:void` too).
 */
export async function changeStatus(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  to: TDocumentStatus,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  const doc = await loadForAction(platform, access, id, 'change-status');
  if (to === 'VOIDED') requireSlug(access, 'documents:void');
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, doc.id, { forUpdate: true });
    assertActionAllowed('change-status', locked);
    if (!canTransition(locked.status, to)) throw transitionRefused(locked.status, to);
    if (to === 'VOIDED') return voidLocked(platform, tx, access, client, locked, null);
    const now = new Date();
    const days = locked.settings.expire_after_days;
    const expiresAt = to === 'EXPIRED' ? now : days ? new Date(now.getTime() + days * DAY_MS) : null;
    const row = await changeDocumentStatus(tx, locked.id, to, {
      expectedFrom: locked.status,
      set: { expiresAt, expiryWarnedAt: null, updatedAt: now },
    });
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: 'document.status_changed',
      details: { from: locked.status, to, expires_at: expiresAt?.toISOString() ?? null },
    });
    return row;
  });
  if (to === 'VOIDED') {
    platform.jobs.wake(MAIL_SEND_JOB);
    emitAction(platform, access, 'voided', updated, { reason: null });
  }
  emitAction(platform, access, 'status_changed', updated, { from: doc.status, to });
  return presentEmployeeDocument(db, access.companyId, id, updated);
}

function transitionRefused(from: TDocumentStatus, to: TDocumentStatus): AppError {
  const allowed = STATUS_TRANSITIONS[from];
  const message =
    from === to
      ? `The document is already ${from}`
      : allowed.length > 0
        ? `A ${from} document cannot become ${to}: it can become ${allowed.join(' or ')}`
        : `The status of a ${from} document cannot be changed by hand`;
  return new AppError('CONFLICT', { message });
}

/**
 * `PATCH /documents/{id}/completed`: the sender completes a WAITING document once no SIGNER or
 * APPROVER is left to act (409 naming who is, otherwise); recipients who only view it are not
 * waited for. Like the last finish, it logs `document.all_finished` and queues the seal, which
 * marks the document COMPLETED and mails everyone the sealed copy.
 */
export async function markCompleted(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'mark-completed');
  const locked = await db.transaction(async (tx) => {
    const row = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('mark-completed', row);
    const recipients = await recipientsOf(tx, row.id);
    const awaited = recipients.filter(
      (r) =>
        (r.userType === 'SIGNER' && r.status !== 'SIGNED') ||
        (r.userType === 'APPROVER' && r.status !== 'APPROVED'),
    );
    if (awaited.length > 0) {
      const names = awaited.map((r) => `${r.firstName} ${r.lastName}`.trim() || r.email);
      throw new AppError('CONFLICT', {
        message: `The document cannot be completed yet: ${names.join(', ')} still ${awaited.length === 1 ? 'has' : 'have'} to act`,
      });
    }
    const viewersLeft = recipients.filter((r) => r.userType === 'VIEWER' && !r.viewedAt).length;
    await logAction(tx, access, client, {
      documentId: row.id,
      action: 'document.all_finished',
      details: { recipients: recipients.length, completed_by_sender: true, viewers_not_viewed: viewersLeft },
    });
    await queueSeal(platform, tx, { document_id: row.id, company_id: row.companyId });
    return row;
  });
  wakeSealWorker(platform);
  emitAction(platform, access, 'marked_completed', locked);
  return presentEmployeeDocument(db, access.companyId, id);
}
