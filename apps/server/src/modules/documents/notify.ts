import { and, eq, inArray } from 'drizzle-orm';
import type { TDocumentSettings } from '@esigns/contracts/documents';
import { formatDateIn } from '@esigns/contracts/dates';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import type { Platform } from '../../platform/platform';
import { messageContact } from '../contacts';
import { recipientDateStyle } from '../settings';
import { appendDocumentLog, type DocumentLogInput } from './document-logs';
import type { Tx } from './lookups';
import { signingLink, signingRequestMail } from './mails';
import { notifyRecipientDue } from './notices';
import { NO_SECRETS, hostedLinkColumns, newRecipientSecret, withAddedSecret } from './recipients';
import { documentUsers } from './schema';
import type { SenderInfo } from './sender-info';
import type { DocumentUserRow } from './serializers';

/** Who acts on a document, for its log rows. */
export type LogActor = {
  companyId: string;
  userId: string | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
};

export function logBase(actor: LogActor, employeeDocumentId: string) {
  return {
    companyId: actor.companyId,
    employeeDocumentId,
    actorUserId: actor.userId,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  };
}

/** The `recipient.notified` log row of a mailed recipient. */
export function notifiedLog(actor: LogActor, recipient: DocumentUserRow, mailId: string): DocumentLogInput {
  return {
    ...logBase(actor, recipient.employeeDocumentId),
    action: 'recipient.notified',
    documentUserId: recipient.id,
    details: { email: recipient.email, user_type: recipient.userType, mail_id: mailId },
  };
}

/** The `recipient.link_issued` log row of a recipient whose link was handed over in the app, not mailed. */
export function linkIssuedLog(actor: LogActor, recipient: DocumentUserRow): DocumentLogInput {
  return {
    ...logBase(actor, recipient.employeeDocumentId),
    action: 'recipient.link_issued',
    documentUserId: recipient.id,
    details: { email: recipient.email, user_type: recipient.userType, via: 'IN_APP' },
  };
}

/** Queues the branded signing-request mail with the recipient's link (in the caller's transaction). */
export async function queueSigningMail(
  platform: Platform,
  tx: Tx,
  actor: LogActor,
  input: {
    recipient: DocumentUserRow;
    secret: string;
    documentName: string;
    settings: TDocumentSettings;
    sender: SenderInfo;
    expiresAt: Date | null;
  },
): Promise<string> {
  const { recipient } = input;
  const link = signingLink(
    platform.config.publicUrl,
    recipient.employeeDocumentId,
    recipient.id,
    input.secret,
  );
  const dates = await recipientDateStyle(tx, actor.companyId, recipient.userId);
  const mail = await platform.mail.queue(
    signingRequestMail({
      to: recipient.email,
      firstName: recipient.firstName,
      userType: recipient.userType,
      documentName: input.documentName,
      senderName: input.sender.name,
      senderEmail: input.sender.email,
      companyName: input.sender.companyName,
      subject: input.settings.email_subject,
      message: input.settings.email_message,
      link,
      expiresAt: input.expiresAt,
      dates,
      branding: input.sender.branding,
    }),
    { tx, companyId: actor.companyId },
  );
  // Other channels of a contact recipient (WhatsApp), with the mail: one message per mail.
  await messageContact(tx, {
    companyId: actor.companyId,
    contactId: recipient.contactId,
    purpose: 'SIGNING_LINK',
    targetId: mail.id,
    values: {
      recipient_name: `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.email,
      document_name: input.documentName,
      sender_name: input.sender.name,
      company_name: input.sender.companyName,
      link,
      expires_at: input.expiresAt ? formatDateIn(input.expiresAt, { ...dates, withZone: true }) : '',
    },
  });
  await notifyRecipientDue(platform, tx, {
    companyId: actor.companyId,
    documentId: recipient.employeeDocumentId,
    documentName: input.documentName,
    senderId: actor.userId,
    senderName: input.sender.name,
    recipient,
  });
  return mail.id;
}

/** The recipient's link hashes, read under a row lock (undefined when the row is gone). */
async function lockedSecrets(tx: Tx, recipientId: string) {
  const [current] = await tx
    .select({
      secretHash: documentUsers.secretHash,
      previousSecretHashes: documentUsers.previousSecretHashes,
      retiredSecretHashes: documentUsers.retiredSecretHashes,
    })
    .from(documentUsers)
    .where(eq(documentUsers.id, recipientId))
    .for('update');
  return current;
}

/**
 * One more working link for a recipient: a new secret whose hash joins theirs (the links already
 * mailed keep working, up to `MAX_LIVE_LINKS`). Reads the stored hashes under a row lock, so a
 * caller holding a stale row (e.g. just before an email change cleared them) cannot revive them.
 */
export async function issueRecipientSecret(platform: Platform, tx: Tx, recipientId: string): Promise<string> {
  const current = await lockedSecrets(tx, recipientId);
  const { secret, hash } = newRecipientSecret(platform.config.secrets.jwtSecret);
  await tx
    .update(documentUsers)
    .set(withAddedSecret(current ?? NO_SECRETS, hash))
    .where(eq(documentUsers.id, recipientId));
  return secret;
}

/**
 * The link secret of a recipient's own signed-in view (the contact area's "Sign"): derived from
 * the server's key and the recipient, so reading the list again gives the same link instead of a
 * new one each time (a new secret per read would push the mailed links out of the recipient's
 * `MAX_LIVE_LINKS`). Its hash joins the recipient's live links only when it is not one of them
 * yet (first read, or after the links were cleared and the recipient is still theirs).
 */
export async function ownRecipientSecret(platform: Platform, tx: Tx, recipientId: string): Promise<string> {
  const key = platform.config.secrets.jwtSecret;
  const secret = keyedHash(`own-recipient-link:${recipientId}`, key);
  const hash = keyedHash(secret, key);
  const current = await lockedSecrets(tx, recipientId);
  const live = current ?? NO_SECRETS;
  if (live.secretHash === hash || live.previousSecretHashes.includes(hash)) return secret;
  await tx.update(documentUsers).set(withAddedSecret(live, hash)).where(eq(documentUsers.id, recipientId));
  return secret;
}

/**
 * A link for the sender to hand over in person (`generate-document-link`): a new secret that
 * replaces every earlier link of the recipient at once (mailed or generated) and is marked,
 * server-side, as hosted by `hostUserId`.
 */
export async function issueHostedLink(
  platform: Platform,
  tx: Tx,
  recipientId: string,
  hostUserId: string,
): Promise<string> {
  const current = await lockedSecrets(tx, recipientId);
  const { secret, hash } = newRecipientSecret(platform.config.secrets.jwtSecret);
  await tx
    .update(documentUsers)
    .set(hostedLinkColumns(hash, hostUserId, current))
    .where(eq(documentUsers.id, recipientId));
  return secret;
}

/**
 * Gives a recipient one more link secret (`issueRecipientSecret`: earlier links keep working), marks them
 * SENT if they were PENDING, queues their mail and logs `recipient.notified`: for a recipient
 * who becomes due after the send (signing order, corrected address). The caller wakes the mail
 * workers after commit (`platform.jobs.wake('mail.send')`).
 */
export async function notifyRecipient(
  platform: Platform,
  tx: Tx,
  actor: LogActor,
  input: {
    recipient: DocumentUserRow;
    documentName: string;
    settings: TDocumentSettings;
    sender: SenderInfo;
    expiresAt: Date | null;
  },
): Promise<{ secret: string }> {
  const { recipient } = input;
  const secret = await issueRecipientSecret(platform, tx, recipient.id);
  await tx
    .update(documentUsers)
    .set({
      status: recipient.status === 'PENDING' ? 'SENT' : recipient.status,
      sentAt: new Date(),
    })
    .where(eq(documentUsers.id, recipient.id));
  const mailId = await queueSigningMail(platform, tx, actor, { ...input, secret });
  await appendDocumentLog(tx, notifiedLog(actor, recipient, mailId));
  return { secret };
}

/**
 * Sets a recipient who finished (SIGNED or APPROVED) back to SENT, without a finish time: the
 * sender asked them to sign again (the signing module's fix of a seal that failed on a value they
 * gave). Answers the updated row, or null when they had not finished; the caller then mails them
 * (`notifyRecipient`) and logs why.
 */
export async function reopenRecipient(tx: Tx, recipientId: string): Promise<DocumentUserRow | null> {
  const [row] = await tx
    .update(documentUsers)
    .set({ status: 'SENT', finishedAt: null })
    .where(and(eq(documentUsers.id, recipientId), inArray(documentUsers.status, ['SIGNED', 'APPROVED'])))
    .returning();
  return row ?? null;
}
