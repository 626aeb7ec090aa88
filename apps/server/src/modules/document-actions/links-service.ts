import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { AppError, notFound } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { isUuid } from '@esigns/contracts/ids';
import {
  findEmployeeDocument,
  type Tx,
  signingLink,
  issueHostedLink,
  notifyRecipient,
  presentEmployeeDocument,
  loadSenderInfo,
  type DocumentUserRow,
  type EmployeeRow,
  recipientOf,
} from '../documents';
import type { AccessContext } from '../permissions';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { isFinished } from './correct-plan';
import { emitAction, logAction } from './events';

/** A recipient is mailed at most once a minute by hand (resend). */
export const RESEND_INTERVAL_MS = 60_000;

const nameOf = (r: DocumentUserRow) => `${r.firstName} ${r.lastName}`.trim() || r.email;

/**
 * The recipient of a locked document that a link or mail can go to: one of the document (404
 * otherwise), not CC (they get the completed copy only), not finished, and asked to act already
 * (SENT or VIEWED): a recipient whose turn has not come has no link yet (409 each).
 */
async function dueRecipient(tx: Tx, doc: EmployeeRow, documentUserId: string): Promise<DocumentUserRow> {
  if (!isUuid(documentUserId)) throw notFound('Recipient');
  const recipient = await recipientOf(tx, doc.id, documentUserId);
  if (!recipient) throw notFound('Recipient');
  if (recipient.userType === 'CC') {
    throw new AppError('CONFLICT', {
      message: `${nameOf(recipient)} is in copy: they get the completed document only`,
    });
  }
  if (isFinished(recipient)) {
    throw new AppError('CONFLICT', { message: `${nameOf(recipient)} has already finished` });
  }
  if (recipient.status === 'PENDING') {
    throw new AppError('CONFLICT', {
      message: `It is not ${nameOf(recipient)}'s turn yet: they are mailed when the recipients before them have finished`,
    });
  }
  return recipient;
}

/**
 * `POST /documents/{document_id}/document-users/resend-document {document_user_id}`: mails a
 * recipient whose turn it is the document again, with a new link; like a reminder, the links they
 * were mailed before keep working (up to `MAX_LIVE_LINKS`). Once a minute per recipient at most
 * (429 with the seconds left).
 */
export async function resendToRecipient(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  documentUserId: string,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'resend');
  const doc = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('resend', locked);
    const recipient = await dueRecipient(tx, locked, documentUserId);
    const since = recipient.sentAt ? Date.now() - recipient.sentAt.getTime() : Infinity;
    if (since < RESEND_INTERVAL_MS) {
      const wait = Math.ceil((RESEND_INTERVAL_MS - since) / 1000);
      throw new AppError('TOO_MANY_REQUESTS', {
        message: `${nameOf(recipient)} was mailed less than a minute ago: try again in ${wait} seconds`,
      });
    }
    const sender = await loadSenderInfo(tx, locked.companyId, locked.senderId);
    await notifyRecipient(
      platform,
      tx,
      { companyId: access.companyId, userId: access.userId, ip: client.ip, userAgent: client.userAgent },
      {
        recipient,
        documentName: locked.name,
        settings: locked.settings,
        sender,
        expiresAt: locked.expiresAt,
      },
    );
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: 'recipient.resent',
      documentUserId: recipient.id,
      details: { email: recipient.email },
    });
    return locked;
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  emitAction(platform, access, 'resent', doc, { document_user_id: documentUserId });
  return presentEmployeeDocument(db, access.companyId, id);
}

export type TDocumentLink = { document_user_id: string; email: string; link: string };

/**
 * `POST /documents/{document_id}/document-users/generate-document-link {document_user_id}`: a new
 * signing link for a recipient whose turn it is, handed to the sender (e.g. to sign in person on
 * their device). Every earlier link of the recipient (mailed or generated) stops at once. The
 * link is recorded server-side as hosted by the caller: what is done through it is logged and
 * certified as in-person signing hosted by them, never as the recipient's own email link. It
 * still asks for the recipient's email code or representative password when the document does.
 * Logged (`recipient.link_generated`, without the secret). Needs `documents:send` and rights on
 * the document.
 */
export async function generateRecipientLink(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  documentUserId: string,
): Promise<TDocumentLink> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'generate-link');
  const { doc, recipient, secret } = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('generate-link', locked);
    const found = await dueRecipient(tx, locked, documentUserId);
    const secret = await issueHostedLink(platform, tx, found.id, access.userId);
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: 'recipient.link_generated',
      documentUserId: found.id,
      details: { email: found.email, kind: 'HOSTED', earlier_links_revoked: true },
    });
    return { doc: locked, recipient: found, secret };
  });
  emitAction(platform, access, 'link_generated', doc, { document_user_id: recipient.id });
  return {
    document_user_id: recipient.id,
    email: recipient.email,
    link: signingLink(platform.config.publicUrl, doc.id, recipient.id, secret),
  };
}
