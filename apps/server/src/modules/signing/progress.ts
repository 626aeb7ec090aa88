import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  type Tx,
  FINISHED_STATUSES,
  notifyRecipient,
  loadSenderInfo,
  type DocumentUserRow,
  type EmployeeRow,
  recipientsOf,
} from '../documents';
import { queueSeal } from './seal-queue';

type Recipient = Pick<DocumentUserRow, 'userType' | 'status' | 'signingOrder'>;

/** A SIGNER or APPROVER who signed or approved; a VIEWER who viewed. */
export function isDone(r: Recipient): boolean {
  if (r.userType === 'VIEWER') return r.status === 'VIEWED' || FINISHED_STATUSES.includes(r.status);
  return r.status === 'SIGNED' || r.status === 'APPROVED';
}

/**
 * Whether every recipient whose action completes the document is done: every SIGNER and
 * APPROVER; a document sent to viewers only completes once each has viewed it. CC never count.
 */
export function isEveryoneDone(recipients: Recipient[]): boolean {
  const actors = recipients.filter((r) => r.userType === 'SIGNER' || r.userType === 'APPROVER');
  const required = actors.length > 0 ? actors : recipients.filter((r) => r.userType === 'VIEWER');
  return required.length > 0 && required.every(isDone);
}

/**
 * When the document was completed, in the business sense: the moment the last required recipient
 * finished (the latest signing or approval of its SIGNERs and APPROVERs; for a document sent to
 * viewers only, the latest view). The one definition used for `completed_at` in the API, on the
 * certificate and in the completion mails; it does not move when sealing is retried. Falls back
 * to `fallback` (the send time) when no time is known.
 */
export function completionTime(
  recipients: (Recipient & Pick<DocumentUserRow, 'finishedAt' | 'viewedAt'>)[],
  fallback: Date | null,
): Date {
  const actors = recipients.filter((r) => r.userType === 'SIGNER' || r.userType === 'APPROVER');
  const times =
    actors.length > 0
      ? actors.map((r) => r.finishedAt?.getTime() ?? 0)
      : recipients.filter((r) => r.userType === 'VIEWER').map((r) => r.viewedAt?.getTime() ?? 0);
  const latest = Math.max(0, ...times);
  return new Date(latest > 0 ? latest : (fallback?.getTime() ?? Date.now()));
}

/**
 * The recipients due now under a signing order: every group (equal order values) up to and
 * including the first whose SIGNERs and APPROVERs are not all done. Viewers never hold a group
 * back; CC recipients are never due (they get the completed copy).
 */
export function dueUnderOrder<T extends Recipient>(recipients: T[]): T[] {
  const active = recipients.filter((r) => r.userType !== 'CC');
  const orders = [...new Set(active.map((r) => r.signingOrder))].sort((a, b) => a - b);
  const due: T[] = [];
  for (const order of orders) {
    const group = active.filter((r) => r.signingOrder === order);
    due.push(...group);
    const blocking = group.filter((r) => r.userType === 'SIGNER' || r.userType === 'APPROVER');
    if (!blocking.every(isDone)) break;
  }
  return due;
}

/**
 * After a recipient finished (signed, approved, viewed), in the same transaction: when every
 * required recipient is done, queues the sealing job (once: the queue keeps one job per
 * document); otherwise notifies the recipients who became due (the next signing-order group)
 * with the documents module's mail. Returns what it did, for the caller's post-commit work.
 */
export async function advanceDocument(
  platform: Platform,
  tx: Tx,
  document: EmployeeRow,
): Promise<{ sealQueued: boolean; notified: string[] }> {
  const recipients = await recipientsOf(tx, document.id);
  if (isEveryoneDone(recipients)) {
    await appendDocumentLog(tx, {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.all_finished',
      details: { recipients: recipients.length },
    });
    await queueSeal(platform, tx, { document_id: document.id, company_id: document.companyId });
    return { sealQueued: true, notified: [] };
  }
  const due = document.settings.signing_order
    ? dueUnderOrder(recipients)
    : recipients.filter((r) => r.userType !== 'CC');
  const toNotify = due.filter((r) => r.status === 'PENDING');
  if (toNotify.length === 0) return { sealQueued: false, notified: [] };
  const sender = await loadSenderInfo(tx, document.companyId, document.senderId);
  for (const recipient of toNotify) {
    await notifyRecipient(
      platform,
      tx,
      { companyId: document.companyId, userId: document.senderId },
      {
        recipient,
        documentName: document.name,
        settings: document.settings,
        sender,
        expiresAt: document.expiresAt,
      },
    );
  }
  return { sealQueued: false, notified: toNotify.map((r) => r.id) };
}
