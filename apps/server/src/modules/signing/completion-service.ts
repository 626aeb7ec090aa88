import { eq } from 'drizzle-orm';
import type { TCompletionStatus } from '@esigns/contracts/signing';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  type EmployeeRow,
  employeeDocumentOf,
  lockEmployeeDocument,
  recipientsOf,
} from '../documents';
import type { AccessContext } from '../permissions';
import { isDone, isEveryoneDone } from './progress';
import { sealFailureOf } from './seal-failure';
import { queueSeal, wakeSealWorker } from './seal-queue';
import { documentSeals } from './schema';
import type { Client } from './signer-log';

/** A PENDING seal without news for this long is taken as lost and queued again. */
const LOST_SEAL_MS = 10 * 60_000;

/**
 * `POST /documents/e-sign-completed/{id}` ("finished by sender", spec 2): the sender checks where
 * completion stands: who is still awaited, and the sealing's progress and last error. When every
 * recipient is done but the seal failed (or was lost, or never queued), this call queues it
 * again (`requeued`, logged): the sender's "retry sealing". A seal that failed on a value that
 * cannot be stamped (`VALUE`) is not queued again: it would fail the same way; `sealing` names
 * the recipients to ask to sign again (`sign-again`). It never completes a document whose
 * recipients have not all finished.
 */
export async function checkCompletion(
  platform: Platform,
  access: AccessContext,
  document: EmployeeRow,
  client: Client,
): Promise<TCompletionStatus> {
  const db = platform.database.db;
  const requeued = await db.transaction(async (tx) => {
    const current = await lockEmployeeDocument(tx, document.id);
    if (current?.status !== 'WAITING') return false;
    if (!isEveryoneDone(await recipientsOf(tx, document.id))) return false;
    const [seal] = await tx
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, document.id));
    // PENDING, or SEALING without a claim (waiting for a timestamp authority), for too long.
    const isIdle = seal?.status === 'PENDING' || (seal?.status === 'SEALING' && seal.claimId === null);
    const isLost = isIdle && Date.now() - seal!.updatedAt.getTime() > LOST_SEAL_MS;
    if (seal && seal.status !== 'FAILED' && !isLost) return false;
    if (seal?.status === 'FAILED' && seal.failureKind === 'VALUE') return false;
    await queueSeal(platform, tx, { document_id: document.id, company_id: document.companyId });
    await appendDocumentLog(tx, {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.seal_requeued',
      actorUserId: access.userId,
      details: { previous: seal?.status ?? null, error: seal?.error ?? null },
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
    });
    return true;
  });
  if (requeued) wakeSealWorker(platform);
  return completionStatus(platform, document.id, requeued);
}

export async function completionStatus(
  platform: Platform,
  documentId: string,
  requeued = false,
): Promise<TCompletionStatus> {
  const db = platform.database.db;
  const document = await employeeDocumentOf(db, documentId);
  const recipients = await recipientsOf(db, documentId);
  const [seal] = await db
    .select()
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, documentId));
  const actors = recipients.filter((r) => r.userType === 'SIGNER' || r.userType === 'APPROVER');
  const awaited = actors.length > 0 ? actors : recipients.filter((r) => r.userType === 'VIEWER');
  return {
    document_id: documentId,
    status: document!.status,
    completed: document!.status === 'COMPLETED',
    completed_at: document!.completedAt ? document!.completedAt.toISOString() : null,
    pending: awaited
      .filter((r) => !isDone(r))
      .map((r) => ({
        _id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim() || r.email,
        email: r.email,
        user_type: r.userType,
        status: r.status,
      })),
    seal: seal
      ? {
          status: seal.status,
          error: seal.error,
          failures: seal.failures,
          sha256: seal.sha256,
          sealed_at: seal.sealedAt ? seal.sealedAt.toISOString() : null,
        }
      : null,
    sealing: await sealFailureOf(db, document!),
    requeued,
  };
}
