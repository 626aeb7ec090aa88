import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TNewDocumentStatus } from '@esigns/contracts/document-status';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { ensureContactsForEmails } from '../contacts';
import { assertWithinPlan } from '../subscriptions';
import { appendDocumentLogs, insertFirstDocumentLogs, type DocumentLogInput } from './document-logs';
import { changeDocumentStatus } from './document-status';
import { userIdsByEmail, type Tx } from './lookups';
import { linkIssuedLog, logBase, notifiedLog, queueSigningMail } from './notify';
import { dueRecipients, newRecipientSecret } from './recipients';
import { documentUsers, employeeDocuments } from './schema';
import type { NotifiedRecipient, PreparedSend, SendActor, SendResult } from './send-service';
import type { SenderInfo } from './sender-info';

type StoredDocument = { index: number; id: string; expiresAt: Date | null; isNew: boolean };

/**
 * The writes of one or more checked sends, in the caller's transaction (see `sendDocument`):
 * the sent documents (a one-off's DRAFT updated, or new rows; a `send_key` already stored makes
 * that slot a replay), then every recipient, mail and log row of the batch. Answers in the
 * order of `prepared`.
 */
export async function storeSends(
  platform: Platform,
  tx: Tx,
  actor: SendActor,
  prepared: PreparedSend[],
  sender: SenderInfo,
): Promise<SendResult[]> {
  // The plan's documents per month (402 past it): every send of one call counts.
  if (prepared.length > 0) await assertWithinPlan(tx, actor.companyId, 'documentsPerMonth', prepared.length);
  const sentAt = new Date();
  const results: SendResult[] = new Array(prepared.length);
  const stored: StoredDocument[] = [];

  const fresh = prepared.map((p, index) => ({ p, index })).filter(({ p }) => p.request.target === 'new');
  if (fresh.length > 0) {
    const values = fresh.map(({ p, index }) => ({
      ...documentValues(p, sentAt),
      // Sent straight away (`NEW_DOCUMENT_STATUSES`): no DRAFT came first.
      status: 'WAITING' as const satisfies TNewDocumentStatus,
      id: randomUUID(),
      index,
      companyId: actor.companyId,
      configurableDocumentId: p.request.source.configurableDocumentId,
      companyDocumentId: p.request.source.companyDocumentId,
      senderId: actor.userId,
    }));
    const inserted = await tx
      .insert(employeeDocuments)
      .values(values.map(({ index: _index, ...row }) => row))
      .onConflictDoNothing({ target: [employeeDocuments.companyId, employeeDocuments.sendKey] })
      .returning({ id: employeeDocuments.id });
    const insertedIds = new Set(inserted.map((r) => r.id));
    for (const value of values) {
      if (insertedIds.has(value.id)) {
        stored.push({ index: value.index, id: value.id, expiresAt: value.expiresAt, isNew: true });
        continue;
      }
      // Another send with this key was stored first: answer its document.
      const [winner] = await tx
        .select({ id: employeeDocuments.id })
        .from(employeeDocuments)
        .where(
          and(
            eq(employeeDocuments.companyId, actor.companyId),
            eq(employeeDocuments.sendKey, value.sendKey!),
          ),
        );
      if (!winner) throw new AppError('INTERNAL_ERROR', { message: 'A sent document could not be stored' });
      results[value.index] = { employeeDocumentId: winner.id, replayed: true, notified: [] };
    }
  }
  for (const [index, p] of prepared.entries()) {
    if (p.request.target === 'new') continue;
    const doc = await storeDraftSend(tx, actor, p, p.request.target.employeeDocumentId, sentAt);
    if (doc.replayed) results[index] = { employeeDocumentId: doc.id, replayed: true, notified: [] };
    else stored.push({ index, id: doc.id, expiresAt: doc.expiresAt, isNew: false });
  }

  const notified = await storeRecipients(platform, tx, actor, prepared, stored, sender, sentAt);
  for (const doc of stored) {
    results[doc.index] = {
      employeeDocumentId: doc.id,
      replayed: false,
      notified: notified.get(doc.id) ?? [],
    };
  }
  return results;
}

function documentValues(p: PreparedSend, sentAt: Date) {
  const { source } = p.request;
  const days = source.settings.expire_after_days;
  return {
    name: source.name,
    file: p.file,
    pages: source.pages,
    fields: source.fields,
    settings: source.settings,
    sendKey: p.request.sendKey ?? null,
    sentAt,
    expiresAt: days ? new Date(sentAt.getTime() + days * 86_400_000) : null,
    updatedAt: sentAt,
  };
}

/** The one-off's DRAFT becomes the sent document (409 if sent already, unless it is a replay). */
async function storeDraftSend(
  tx: Tx,
  actor: SendActor,
  p: PreparedSend,
  draftId: string,
  sentAt: Date,
): Promise<{ id: string; replayed: boolean; expiresAt: Date | null }> {
  const [draft] = await tx
    .select()
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.id, draftId), eq(employeeDocuments.companyId, actor.companyId)))
    .for('update');
  if (!draft) throw notFound('Document');
  if (draft.status !== 'DRAFT') {
    if (p.request.sendKey && draft.sendKey === p.request.sendKey) {
      return { id: draft.id, replayed: true, expiresAt: draft.expiresAt };
    }
    throw new AppError('CONFLICT', { message: 'This document has already been sent' });
  }
  const values = documentValues(p, sentAt);
  await changeDocumentStatus(tx, draft.id, 'WAITING', {
    expectedFrom: 'DRAFT',
    set: { ...values, senderId: actor.userId },
  });
  return { id: draft.id, replayed: false, expiresAt: values.expiresAt };
}

/**
 * Every recipient of the stored documents (linked to the company's contacts and to users by
 * email; the due ones already SENT with their link-secret hash), their mails, and the log rows.
 * New emails become contacts of the company (the address book fills itself).
 */
async function storeRecipients(
  platform: Platform,
  tx: Tx,
  actor: SendActor,
  prepared: PreparedSend[],
  stored: StoredDocument[],
  sender: SenderInfo,
  sentAt: Date,
): Promise<Map<string, NotifiedRecipient[]>> {
  const notified = new Map<string, NotifiedRecipient[]>();
  if (stored.length === 0) return notified;
  const people = stored.flatMap((doc) => prepared[doc.index]!.recipients);
  const emails = [...new Set(people.map((r) => r.email.trim().toLowerCase()))];
  const contactIds = await contactsForEmails(tx, actor, people);
  const userIds = await userIdsByEmail(tx, emails);
  const secrets = new Map<string, ReturnType<typeof newRecipientSecret>>();
  const values = stored.flatMap((doc) => {
    const { recipients, request } = prepared[doc.index]!;
    const due = new Set(
      dueRecipients(
        recipients.map((r) => ({
          key: r.key,
          userType: r.user_type,
          signingOrder: r.signing_order,
          status: 'PENDING' as const,
        })),
        request.source.settings.signing_order,
      ).map((r) => r.key),
    );
    return recipients.map((r, i) => {
      const email = r.email.trim().toLowerCase();
      const secret = due.has(r.key) ? newRecipientSecret(platform.config.secrets.jwtSecret) : undefined;
      if (secret) secrets.set(`${doc.id}:${r.key}`, secret);
      return {
        companyId: actor.companyId,
        employeeDocumentId: doc.id,
        key: r.key,
        roleName: r.role_name,
        type: 'RECEIVER' as const,
        userType: r.user_type,
        email,
        firstName: r.first_name.trim(),
        lastName: r.last_name.trim(),
        contactId: contactIds.get(email) ?? null,
        userId: userIds.get(email) ?? null,
        signingOrder: r.signing_order,
        color: r.color,
        emailVerification: r.email_verification,
        representativePasswordHash: r.representative_password ?? null,
        status: secret ? ('SENT' as const) : ('PENDING' as const),
        secretHash: secret?.hash ?? null,
        sentAt: secret ? sentAt : null,
        // Distinct times keep the recipients in the order they were given.
        createdAt: new Date(sentAt.getTime() + i),
      };
    });
  });
  const rows = await tx.insert(documentUsers).values(values).returning();

  const freshLogs: DocumentLogInput[] = [];
  for (const doc of stored) {
    const { request } = prepared[doc.index]!;
    const { source } = request;
    const mine = rows.filter((r) => r.employeeDocumentId === doc.id);
    const logs: DocumentLogInput[] = [
      {
        ...logBase(actor, doc.id),
        action: 'document.sent',
        details: {
          name: source.name,
          sha256: source.file.sha256,
          send_key: request.sendKey ?? null,
          recipients: mine.map((r) => ({
            id: r.id,
            email: r.email,
            user_type: r.userType,
            order: r.signingOrder,
          })),
        },
      },
    ];
    const mailed: NotifiedRecipient[] = [];
    for (const recipient of mine) {
      const secret = secrets.get(`${doc.id}:${recipient.key}`)?.secret;
      if (!secret) continue;
      mailed.push({ documentUserId: recipient.id, key: recipient.key, secret });
      if (request.handOverKeys?.includes(recipient.key)) {
        logs.push(linkIssuedLog(actor, recipient));
        continue;
      }
      const mailId = await queueSigningMail(platform, tx, actor, {
        recipient,
        secret,
        documentName: source.name,
        settings: source.settings,
        sender,
        expiresAt: doc.expiresAt,
      });
      logs.push(notifiedLog(actor, recipient, mailId));
    }
    notified.set(doc.id, mailed);
    // A new document's chain starts here; a DRAFT may already have rows of its own.
    if (doc.isNew) freshLogs.push(...logs);
    else await appendDocumentLogs(tx, logs);
  }
  await insertFirstDocumentLogs(tx, freshLogs);
  await platform.events.publish(
    tx,
    stored.map((doc) => ({
      companyId: actor.companyId,
      type: 'document.sent' as const,
      subjectId: doc.id,
      data: {
        document_id: doc.id,
        name: prepared[doc.index]!.request.source.name,
        status: 'WAITING',
        recipients: rows.filter((r) => r.employeeDocumentId === doc.id).map(eventPerson),
      },
    })),
  );
  return notified;
}

/** A recipient as integration events name people. */
const eventPerson = (r: { email: string; firstName: string; lastName: string }) => ({
  email: r.email,
  name: `${r.firstName} ${r.lastName}`.trim() || null,
});

/** The company's contact for each email (one upsert), creating contacts for new emails. */
export async function contactsForEmails(
  tx: Tx,
  actor: SendActor,
  people: { email: string; first_name: string; last_name: string }[],
): Promise<Map<string, string>> {
  const byEmail = new Map<string, { email: string; first_name: string; last_name: string }>();
  for (const person of people) {
    const email = person.email.trim().toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, person);
  }
  return ensureContactsForEmails(
    tx,
    actor.companyId,
    actor.userId,
    [...byEmail].map(([email, person]) => ({
      email,
      firstName: person.first_name.trim(),
      lastName: person.last_name.trim(),
    })),
  );
}
