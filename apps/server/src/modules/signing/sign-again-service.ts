import { and, eq, inArray } from 'drizzle-orm';
import { blockedReason } from '@esigns/contracts/document-actions';
import { isUuid } from '@esigns/contracts/ids';
import type { TCompletionStatus } from '@esigns/contracts/signing';
import { AppError, notFound } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  loadSenderInfo,
  lockEmployeeDocument,
  mayActOnDocument,
  notifyRecipient,
  recipientOf,
  reopenRecipient,
} from '../documents';
import type { AccessContext } from '../permissions';
import { completionStatus } from './completion-service';
import { findVisibleDocument } from './document-access';
import { documentFieldValues, documentSeals } from './schema';
import type { FailedValue } from './seal-failure';
import { updateSignerState } from './signer-state';
import type { Client } from './signer-log';

/**
 * `POST /documents/{document_id}/document-users/sign-again {document_user_id?}`: the fix of a seal
 * that failed for good on a value that cannot be stamped (`VALUE`): the recipients who gave those
 * values (or the one named) sign again. For each: the values that could not be stamped are
 * cleared (their other values stay), their finish is undone (SENT, no finish time, place and
 * host), they are mailed a new link through the usual signing mail (`notifyRecipient`: their
 * earlier links keep working) and `recipient.sign_again_requested` is logged with the caller.
 * The seal row is dropped: the document is simply WAITING for them, and their finish queues the
 * seal again (`advanceDocument`). Checks: a sent document the caller sees (else 404), rights on
 * it and `documents:send` (403), the shared rule of `sign-again` (WAITING, not archived, the seal
 * FAILED: 409), a failure on values (409 otherwise: retry sealing instead), a recipient of the
 * document (404) whose value failed (409).
 */
export async function askToSignAgain(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  documentUserId: string | undefined,
): Promise<TCompletionStatus> {
  const db = platform.database.db;
  const visible = await findVisibleDocument(platform, access, id, 'documents:send');
  if (!(await mayActOnDocument(db, access, visible, 'documents:manage-all'))) {
    throw new AppError('FORBIDDEN', {
      message:
        'You have no rights on this document: only its sender, its recipients and users it is shared with may act on it',
    });
  }
  const asked = await db.transaction(async (tx) => {
    const document = (await lockEmployeeDocument(tx, visible.id))!;
    const [seal] = await tx
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, document.id));
    const refused = blockedReason('sign-again', {
      status: document.status,
      archived: document.archivedAt !== null,
      seal_failed: seal?.status === 'FAILED',
    });
    if (refused) throw new AppError('CONFLICT', { message: refused });
    const failed: FailedValue[] = seal!.failureKind === 'VALUE' ? (seal!.failedValues ?? []) : [];
    if (failed.length === 0) {
      throw new AppError('CONFLICT', {
        message: 'The sealing did not fail on a recipient’s value: retry sealing instead',
      });
    }
    if (document.expiresAt && document.expiresAt.getTime() <= Date.now()) {
      throw new AppError('CONFLICT', {
        message: 'The document’s expiry date has passed: give it a later one in its settings first',
      });
    }
    let targets = [...new Set(failed.map((v) => v.document_user_id))];
    if (documentUserId !== undefined) {
      if (!isUuid(documentUserId) || !(await recipientOf(tx, document.id, documentUserId))) {
        throw notFound('Recipient');
      }
      if (!targets.includes(documentUserId)) {
        throw new AppError('CONFLICT', {
          message: 'The values of this recipient were not what failed: ask the recipients the failure names',
        });
      }
      targets = [documentUserId];
    }
    const sender = await loadSenderInfo(tx, document.companyId, document.senderId);
    const reopened: { id: string; email: string; fields: string[] }[] = [];
    for (const recipientId of targets) {
      const fields = failed.filter((v) => v.document_user_id === recipientId).map((v) => v.field_key);
      await tx
        .delete(documentFieldValues)
        .where(
          and(
            eq(documentFieldValues.employeeDocumentId, document.id),
            eq(documentFieldValues.documentUserId, recipientId),
            inArray(documentFieldValues.fieldKey, fields),
          ),
        );
      const recipient = await reopenRecipient(tx, recipientId);
      if (!recipient) continue;
      await updateSignerState(tx, recipient, {
        finishedIp: null,
        finishedUserAgent: null,
        finishedHostedBy: null,
      });
      await appendDocumentLog(tx, {
        companyId: document.companyId,
        employeeDocumentId: document.id,
        documentUserId: recipient.id,
        action: 'recipient.sign_again_requested',
        actorUserId: access.userId,
        details: { email: recipient.email, fields, reason: seal!.error },
        ip: client.ip,
        userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
      });
      await notifyRecipient(
        platform,
        tx,
        {
          companyId: document.companyId,
          userId: access.userId,
          ip: client.ip ?? undefined,
          userAgent: client.userAgent ?? undefined,
        },
        {
          recipient,
          documentName: document.name,
          settings: document.settings,
          sender,
          expiresAt: document.expiresAt,
        },
      );
      reopened.push({ id: recipient.id, email: recipient.email, fields });
    }
    if (reopened.length === 0) {
      throw new AppError('CONFLICT', { message: 'Those recipients are already signing again' });
    }
    // Waiting for them again: the seal starts afresh when they finish (`advanceDocument`).
    await tx.delete(documentSeals).where(eq(documentSeals.employeeDocumentId, document.id));
    return { document, reopened };
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  platform.realtime.emitToWorkspace(asked.document.companyId, 'document.updated', {
    document_id: asked.document.id,
    sign_again: asked.reopened.map((r) => r.id),
  });
  return completionStatus(platform, asked.document.id);
}
