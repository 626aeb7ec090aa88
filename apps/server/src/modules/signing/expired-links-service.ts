import type { TExpiredLinkState, TExpiryLinkSent, TExpiryTokenState } from '@esigns/contracts/signing';
import { isUuid } from '@esigns/contracts/ids';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  type DocumentUserRow,
  type EmployeeRow,
  FINISHED_STATUSES,
  isRecipientSecret,
  isRetiredSecret,
  loadSenderInfo,
  lockEmployeeDocument,
  notifyRecipient,
  type Reader,
  recipientWithDocument,
} from '../documents';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Client } from './signer-log';
import { maskEmail } from './verification-service';

/** A recipient may have a fresh link mailed once per this many seconds (their last mail counts). */
export const NEW_LINK_INTERVAL_SECONDS = 300;

/** The link a request names: its document and recipient, and whether the token is live or replaced. */
export type NamedLink = { document: EmployeeRow; recipient: DocumentUserRow; live: boolean };

/**
 * The recipient `userId` of the sent document `documentId` whose link `token` is: one of their
 * live links (`live`) or one that newer links replaced (retired). Null for anything else (unknown
 * or malformed ids, a draft, a wrong token, a token of another recipient): the caller answers all
 * of them with the same 401.
 */
export async function findNamedLink(
  platform: Platform,
  db: Reader,
  documentId: string,
  userId: string,
  token: string,
): Promise<NamedLink | null> {
  if (!isUuid(documentId)) return null;
  const row = await recipientWithDocument(db, documentId, { id: userId });
  if (!row || row.document.status === 'DRAFT') return null;
  const key = platform.config.secrets.jwtSecret;
  if (isRecipientSecret(token, row.recipient, key)) return { ...row, live: true };
  if (isRetiredSecret(token, row.recipient, key)) return { ...row, live: false };
  return null;
}

/** What the link allows now: the document's state first, then the link's own. */
export function expiredLinkState(link: NamedLink, now = new Date()): TExpiredLinkState {
  const { document, recipient } = link;
  const overdue = document.expiresAt !== null && document.expiresAt.getTime() <= now.getTime();
  if (document.status === 'EXPIRED' || (document.status === 'WAITING' && overdue)) return 'DOCUMENT_EXPIRED';
  if (document.status !== 'WAITING') return 'CLOSED';
  if (FINISHED_STATUSES.includes(recipient.status) || recipient.status === 'PENDING') return 'CLOSED';
  return link.live ? 'ACTIVE' : 'LINK_EXPIRED';
}

/** `POST /documents/{id}/document-users/verify-expiry-token`: what the holder of the link may do. */
export async function describeExpiredLink(platform: Platform, link: NamedLink): Promise<TExpiryTokenState> {
  const state = expiredLinkState(link);
  const sender = await loadSenderInfo(platform.database.db, link.document.companyId, link.document.senderId);
  return {
    state,
    can_request_new_link: state === 'LINK_EXPIRED',
    email: maskEmail(link.recipient.email),
    document_name: link.document.name,
    expires_at: link.document.expiresAt?.toISOString() ?? null,
    sender: { name: sender.name, email: sender.email },
  };
}

const REFUSALS: Record<Exclude<TExpiredLinkState, 'LINK_EXPIRED'>, string> = {
  ACTIVE: 'This link still opens the document: no new link is needed',
  DOCUMENT_EXPIRED: 'The time to sign this document is over: ask the sender to reopen it',
  CLOSED: 'There is nothing left to sign through this link',
};

/**
 * `POST /documents/{id}/document-users/resend-document-expiry-link`: mails the recipient a fresh
 * signing link (a new secret joining their live links) at the address the document has for them,
 * never anywhere else. Only for a replaced link of a recipient whose turn it is on a document
 * still open (409 otherwise, `error_code` the state); once per `NEW_LINK_INTERVAL_SECONDS` per
 * recipient, their last mail from the sender counting too (429). In one transaction under the
 * document's lock, so two requests at once mail once: `recipient.link_requested` (by the
 * recipient, with their address and user agent), then the mail through the outbox and
 * `recipient.notified`.
 */
export async function mailFreshLink(
  platform: Platform,
  named: NamedLink,
  client: Client,
  now = new Date(),
): Promise<TExpiryLinkSent> {
  await platform.database.db.transaction(async (tx) => {
    const document = await lockEmployeeDocument(tx, named.document.id);
    const row = document
      ? await recipientWithDocument(tx, document.id, { id: named.recipient.id })
      : undefined;
    if (!row) throw new AppError('CONFLICT', { message: REFUSALS.CLOSED, errorCode: 'CLOSED' });
    const state = expiredLinkState({ ...row, live: named.live }, now);
    if (state !== 'LINK_EXPIRED')
      throw new AppError('CONFLICT', { message: REFUSALS[state], errorCode: state });
    const since = row.recipient.sentAt ? (now.getTime() - row.recipient.sentAt.getTime()) / 1000 : Infinity;
    if (since < NEW_LINK_INTERVAL_SECONDS) {
      const minutes = Math.ceil((NEW_LINK_INTERVAL_SECONDS - since) / 60);
      throw new AppError('TOO_MANY_REQUESTS', {
        message: `A link was mailed to ${maskEmail(row.recipient.email)} a moment ago: check your inbox, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
      });
    }
    await appendDocumentLog(tx, {
      companyId: row.document.companyId,
      employeeDocumentId: row.document.id,
      action: 'recipient.link_requested',
      documentUserId: row.recipient.id,
      actorUserId: null,
      details: { email: row.recipient.email, by: 'recipient', link: 'replaced' },
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
    });
    const sender = await loadSenderInfo(tx, row.document.companyId, row.document.senderId);
    await notifyRecipient(
      platform,
      tx,
      {
        companyId: row.document.companyId,
        userId: null,
        ip: client.ip ?? undefined,
        userAgent: client.userAgent ?? undefined,
      },
      {
        recipient: row.recipient,
        documentName: row.document.name,
        settings: row.document.settings,
        sender,
        expiresAt: row.document.expiresAt,
      },
    );
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  return { email: maskEmail(named.recipient.email), resend_after_seconds: NEW_LINK_INTERVAL_SECONDS };
}
