import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLogs,
  type DocumentLogInput,
  type DocumentUserRow,
  type EmployeeRow,
  notifyDocumentSender,
} from '../documents';
import { documentUsers, employeeDocuments } from '../documents/schema';
import { reminderMail } from './mails';
import type { SenderCache } from './sweep-common';
import {
  freshSigningLink,
  isPendingActor,
  openDocuments,
  settingDays,
  type SweepScope,
  type Tx,
} from './sweep-common';

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

export type RemindedDocument = { document: EmployeeRow; recipients: DocumentUserRow[] };

/**
 * One batch of step 3 of the sweep: reminder mails (with a fresh link) to the recipients due one.
 * The documents are locked first (`FOR UPDATE SKIP LOCKED`, the lock order of every action on a
 * document), then the due recipients are claimed by a conditional UPDATE of `last_reminded_at`
 * and `reminders_sent` that re-checks the cadence: two sweeps at once cannot remind anyone
 * twice. The sender is told in the app (their `reminders_sent` choice).
 */
export async function remindBatch(
  platform: Platform,
  scope: SweepScope,
  senders: SenderCache,
): Promise<{ candidates: number; reminded: RemindedDocument[] }> {
  return platform.database.db.transaction(async (tx) => {
    const candidates = await tx
      .select()
      .from(employeeDocuments)
      .where(
        and(
          openDocuments(scope),
          sql`${settingDays('reminder_every_days')} IS NOT NULL`,
          sql`(${employeeDocuments.expiresAt} IS NULL OR ${employeeDocuments.expiresAt} > ${scope.now.toISOString()}::timestamptz)`,
          sql`EXISTS (SELECT 1 FROM ${documentUsers} WHERE ${documentUsers.employeeDocumentId} = ${employeeDocuments.id} AND ${reminderDue(scope.now, settingDays('reminder_every_days'))})`,
        ),
      )
      .orderBy(asc(employeeDocuments.sentAt))
      .limit(scope.batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { candidates: 0, reminded: [] };
    const claimed = await tx
      .update(documentUsers)
      .set({ lastRemindedAt: scope.now, remindersSent: sql`${documentUsers.remindersSent} + 1` })
      .where(
        and(
          inArray(
            documentUsers.employeeDocumentId,
            candidates.map((c) => c.id),
          ),
          reminderDue(scope.now, everyDaysOfRecipient),
        ),
      )
      .returning();
    const reminded: RemindedDocument[] = [];
    for (const document of candidates) {
      const recipients = claimed
        .filter((r) => r.employeeDocumentId === document.id)
        .sort((a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime());
      if (recipients.length === 0) continue;
      await remindRecipients(platform, tx, document, recipients, senders);
      reminded.push({ document, recipients });
    }
    return { candidates: candidates.length, reminded };
  });
}

async function remindRecipients(
  platform: Platform,
  tx: Tx,
  document: EmployeeRow,
  recipients: DocumentUserRow[],
  senders: SenderCache,
): Promise<void> {
  const sender = await senders.of(tx, document);
  const logs: DocumentLogInput[] = [];
  for (const recipient of recipients) {
    const link = await freshSigningLink(platform, tx, recipient);
    const mail = await platform.mail.queue(
      reminderMail({
        to: recipient.email,
        firstName: recipient.firstName,
        userType: recipient.userType,
        documentName: document.name,
        senderName: sender.name,
        companyName: sender.companyName,
        link,
        expiresAt: document.expiresAt,
        branding: sender.branding,
      }),
      { tx, companyId: document.companyId },
    );
    logs.push({
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'recipient.reminded',
      documentUserId: recipient.id,
      details: { email: recipient.email, mail_id: mail.id, reminder: recipient.remindersSent },
    });
  }
  await appendDocumentLogs(tx, logs);
  await notifyDocumentSender(platform, tx, document, {
    event: 'document.reminders_sent',
    emails: recipients.map((r) => r.email),
  });
}
