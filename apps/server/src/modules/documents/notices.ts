import { eq } from 'drizzle-orm';
import { NOTIFICATION_CHOICE_OF, type TDocumentNotificationEvent } from '@esigns/contracts/notifications';
import type { TRecipientType } from '@esigns/contracts/documents';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import { personOf, type Tx } from './lookups';
import { documentUsers } from './schema';

/*
 * The document events of the notification centre: who hears of what, and the words. Called by
 * the documents, signing, reminders and document-actions modules inside the transaction that
 * records the event; delivered by the notifications module (`notifyUsers`), which knows nothing
 * of documents.
 */

/** The document as these notices need it (an `employee_documents` row fits). */
export type NoticeDocument = { id: string; companyId: string; name: string; senderId: string };
/** The recipient who acted (a `document_users` row fits). */
export type NoticePerson = { userId: string | null; email: string; firstName: string; lastName: string };

export type SenderNotice =
  | { event: 'document.viewed' | 'document.signed' | 'document.approved'; who: NoticePerson }
  | { event: 'document.declined' | 'document.rejected'; who: NoticePerson; reason: string }
  | { event: 'document.seal_failed'; reason: string }
  | { event: 'document.expiring'; days: number; pending: number }
  | { event: 'document.expired'; pending: number }
  | { event: 'document.reminders_sent'; emails: string[] };

/** The sender's page of a sent document in the app. */
export const senderDocumentPath = (documentId: string): string => `/emp-documents/custom/${documentId}`;
/** A recipient's page of a document (a signed-in recipient needs no link secret). */
export const recipientDocumentPath = (documentId: string, documentUserId: string): string =>
  `/emp-documents/preview/${documentId}/pp/vp/${documentUserId}`;

const nameOf = (p: NoticePerson): string => `${p.firstName} ${p.lastName}`.trim() || p.email;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const ACTIONS: Record<TRecipientType, string> = {
  SIGNER: 'sign',
  APPROVER: 'approve',
  VIEWER: 'view',
  CC: 'view',
};

function senderWords(doc: string, notice: SenderNotice): { title: string; body: string } {
  switch (notice.event) {
    case 'document.viewed':
      return { title: `${nameOf(notice.who)} viewed "${doc}"`, body: '' };
    case 'document.signed':
      return { title: `${nameOf(notice.who)} signed "${doc}"`, body: '' };
    case 'document.approved':
      return { title: `${nameOf(notice.who)} approved "${doc}"`, body: '' };
    case 'document.declined':
    case 'document.rejected': {
      const verb = notice.event === 'document.declined' ? 'declined' : 'rejected';
      return { title: `${nameOf(notice.who)} ${verb} "${doc}"`, body: `Reason: ${notice.reason}` };
    }
    case 'document.seal_failed':
      return {
        title: `"${doc}" could not be completed`,
        body: `Building the sealed PDF failed: ${notice.reason}. Open the document to fix it.`,
      };
    case 'document.expiring': {
      return {
        title: `"${doc}" expires in ${plural(notice.days, 'day')}`,
        body: `${plural(notice.pending, 'recipient')} ${notice.pending === 1 ? 'has' : 'have'} not finished yet.`,
      };
    }
    case 'document.expired':
      return {
        title: `"${doc}" expired`,
        body:
          notice.pending > 0
            ? `It expired before everyone finished (${plural(notice.pending, 'recipient')} left); it can no longer be signed.`
            : 'It can no longer be signed.',
      };
    case 'document.reminders_sent':
      return {
        title: `Reminders sent for "${doc}"`,
        body: `Reminded: ${notice.emails.join(', ')}`,
      };
    default: {
      const exhaustive: never = notice;
      return exhaustive;
    }
  }
}

/**
 * Tells the document's sender what happened, in the caller's transaction, as their in-app
 * choices allow. A sender acting as their own recipient is not told of their own action.
 */
export async function notifyDocumentSender(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
  notice: SenderNotice,
): Promise<void> {
  if ('who' in notice && notice.who.userId === document.senderId) return;
  const words = senderWords(document.name, notice);
  await notifyUsers(platform, tx, {
    companyId: document.companyId,
    userIds: [document.senderId],
    type: 'DOCUMENT',
    event: notice.event,
    ...words,
    link: senderDocumentPath(document.id),
    data: { document_id: document.id, ...('reason' in notice ? { reason: notice.reason } : {}) },
    choice: NOTIFICATION_CHOICE_OF[notice.event],
  });
}

/**
 * A recipient who is a user and became due (sent, their turn in the signing order, re-sent): "X
 * sent you Y to sign". Always delivered (they have something to do). A recipient who is not a
 * member of the sender's workspace hears of it in their own.
 */
export async function notifyRecipientDue(
  platform: Platform,
  tx: Tx,
  input: {
    companyId: string;
    documentId: string;
    documentName: string;
    senderId: string | null;
    senderName: string;
    recipient: { id: string; userId: string | null; userType: TRecipientType };
  },
): Promise<void> {
  const { recipient } = input;
  if (!recipient.userId) return;
  const action = ACTIONS[recipient.userType];
  const self = recipient.userId === input.senderId;
  const event: TDocumentNotificationEvent = 'document.received';
  await notifyUsers(platform, tx, {
    companyId: input.companyId,
    userIds: [recipient.userId],
    type: 'DOCUMENT',
    event,
    title: self
      ? `"${input.documentName}" is ready for you to ${action}`
      : `${input.senderName || 'Someone'} sent you "${input.documentName}" to ${action}`,
    body: '',
    link: recipientDocumentPath(input.documentId, recipient.id),
    data: { document_id: input.documentId, document_user_id: recipient.id },
    choice: NOTIFICATION_CHOICE_OF[event],
    outsiders: 'home',
  });
}

/** A document completed: its sender, and every recipient who is a user (CC included). */
export async function notifyDocumentCompleted(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
): Promise<void> {
  const event: TDocumentNotificationEvent = 'document.completed';
  const base = {
    companyId: document.companyId,
    type: 'DOCUMENT' as const,
    event,
    title: `"${document.name}" is completed`,
    body: 'Everyone has finished. The sealed PDF is ready to download.',
    choice: NOTIFICATION_CHOICE_OF[event],
  };
  await notifyUsers(platform, tx, {
    ...base,
    userIds: [document.senderId],
    link: senderDocumentPath(document.id),
    data: { document_id: document.id },
  });
  const recipients = await tx
    .select({ id: documentUsers.id, userId: documentUsers.userId })
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, document.id));
  const told = new Set([document.senderId]);
  for (const r of recipients) {
    if (!r.userId || told.has(r.userId)) continue;
    told.add(r.userId);
    await notifyUsers(platform, tx, {
      ...base,
      userIds: [r.userId],
      link: recipientDocumentPath(document.id, r.id),
      data: { document_id: document.id, document_user_id: r.id },
      outsiders: 'home',
    });
  }
}

/** A recipient named by a notice (a `document_users` row fits). */
export type NoticeRecipient = { id: string; userId: string | null; userType: TRecipientType };

/** Who did it, as the notices name them: their name, else their email. */
async function actorName(tx: Tx, userId: string): Promise<string> {
  const person = await personOf(tx, userId);
  return person.name || person.email || 'Someone';
}

type Words = { title: string; body: string };

/**
 * Tells the document's sender of a colleague's action `by` (nobody is told of their own), once:
 * `told` remembers who was told.
 */
async function tellSender(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
  by: string,
  told: Set<string>,
  event: TDocumentNotificationEvent,
  words: (actor: string) => Words,
  data: Record<string, unknown> = {},
): Promise<void> {
  if (document.senderId === by || told.has(document.senderId)) return;
  told.add(document.senderId);
  const actor = await actorName(tx, by);
  await notifyUsers(platform, tx, {
    companyId: document.companyId,
    userIds: [document.senderId],
    type: 'DOCUMENT',
    event,
    ...words(actor),
    link: senderDocumentPath(document.id),
    data: { document_id: document.id, ...data },
    choice: NOTIFICATION_CHOICE_OF[event],
  });
}

/**
 * One notice to each of `recipients` who is a user not told yet (in their own workspace when
 * they are not a member of the document's), in the sender's name: recipients know the document
 * by its sender (its mails speak in their name). `link: false`: nothing to open any more.
 */
async function tellRecipients(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
  told: Set<string>,
  recipients: NoticeRecipient[],
  event: TDocumentNotificationEvent,
  words: (sender: string, action: string) => Words,
  options: { link: boolean; data?: Record<string, unknown> },
): Promise<void> {
  const due = recipients.filter((r) => r.userId && !told.has(r.userId));
  if (due.length === 0) return;
  const sender = await actorName(tx, document.senderId);
  for (const r of due) {
    if (told.has(r.userId!)) continue;
    told.add(r.userId!);
    await notifyUsers(platform, tx, {
      companyId: document.companyId,
      userIds: [r.userId],
      type: 'DOCUMENT',
      event,
      ...words(sender, ACTIONS[r.userType]),
      link: options.link ? recipientDocumentPath(document.id, r.id) : null,
      data: {
        document_id: document.id,
        ...(options.link ? { document_user_id: r.id } : {}),
        ...options.data,
      },
      choice: NOTIFICATION_CHOICE_OF[event],
      outsiders: 'home',
    });
  }
}

/**
 * A document was voided (`by` a staff user): every recipient who had been asked to act and is a
 * user (the caller passes them: SENT or VIEWED, not CC, the ones the void mail goes to) hears that
 * there is nothing left to do, with the reason; the document's sender hears of it when someone
 * else voided it. The person who voided it is not told of their own action.
 */
export async function notifyDocumentVoided(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
  input: { by: string; reason: string | null; recipients: NoticeRecipient[] },
): Promise<void> {
  const reason = input.reason ? ` Reason: ${input.reason}` : '';
  const data = { reason: input.reason };
  const told = new Set([input.by]);
  await tellSender(
    platform,
    tx,
    document,
    input.by,
    told,
    'document.voided',
    (actor) => ({
      title: `${actor} voided "${document.name}"`,
      body: `It can no longer be signed.${reason}`,
    }),
    data,
  );
  await tellRecipients(
    platform,
    tx,
    document,
    told,
    input.recipients,
    'document.voided',
    (sender, action) => ({
      title: `${sender} voided "${document.name}"`,
      body: `You no longer need to ${action} it.${reason}`,
    }),
    { link: true, data },
  );
}

/**
 * A document out for signature was corrected (`by` a staff user; `added`: recipients were only
 * added). Recipients who are users hear what changed for them: `removed` (taken off, or their
 * address replaced, after they had been asked to act) that they no longer need to act, `heldBack`
 * (moved later in the signing order: their link ended) that their turn comes later. Recipients due
 * are sent the document again, which tells them itself (`document.received`). The document's
 * sender hears of it when someone else corrected it. Nobody is told of their own action.
 */
export async function notifyDocumentCorrected(
  platform: Platform,
  tx: Tx,
  document: NoticeDocument,
  input: {
    by: string;
    mode: 'corrected' | 'added';
    summary: string;
    removed: NoticeRecipient[];
    heldBack: NoticeRecipient[];
  },
): Promise<void> {
  const told = new Set([input.by]);
  await tellSender(platform, tx, document, input.by, told, 'document.corrected', (actor) => ({
    title:
      input.mode === 'added'
        ? `${actor} added recipients to "${document.name}"`
        : `${actor} corrected "${document.name}"`,
    body: input.summary,
  }));
  await tellRecipients(
    platform,
    tx,
    document,
    told,
    input.removed,
    'document.recipient_removed',
    (sender, action) => ({
      title: `${sender} removed you from "${document.name}"`,
      body: `The document was corrected: you no longer need to ${action} it.`,
    }),
    // Their place on the document is gone: there is nothing to open.
    { link: false },
  );
  await tellRecipients(
    platform,
    tx,
    document,
    told,
    input.heldBack,
    'document.corrected',
    (sender, action) => ({
      title: `${sender} corrected "${document.name}"`,
      body: `Your turn to ${action} it comes later now: you will be told when it does.`,
    }),
    { link: true },
  );
}
