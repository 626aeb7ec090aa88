import { formatDateIn } from '@esigns/contracts/dates';
import type { Platform } from '../../platform/platform';
import { messageContact } from '../contacts';
import {
  appendDocumentLogs,
  claimRecipientsToRemind,
  type DocumentLogInput,
  type DocumentUserRow,
  type EmployeeRow,
  notifyDocumentSender,
} from '../documents';
import { reminderMail } from './mails';
import type { SenderCache } from './sweep-common';
import { claimOf, freshSigningLink, type SweepScope, type Tx } from './sweep-common';

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
    const { documents: candidates, recipientsOf } = await claimRecipientsToRemind(tx, claimOf(scope));
    if (candidates.length === 0) return { candidates: 0, reminded: [] };
    const reminded: RemindedDocument[] = [];
    for (const document of candidates) {
      const recipients = recipientsOf.get(document.id);
      if (!recipients) continue;
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
    const dates = await senders.datesFor(tx, document.companyId, recipient.userId);
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
        dates,
        branding: sender.branding,
      }),
      { tx, companyId: document.companyId },
    );
    // Other channels of a contact recipient (WhatsApp), with the reminder mail.
    await messageContact(tx, {
      companyId: document.companyId,
      contactId: recipient.contactId,
      purpose: 'REMINDER',
      targetId: mail.id,
      values: {
        recipient_name: `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.email,
        document_name: document.name,
        sender_name: sender.name,
        company_name: sender.companyName,
        link,
        expires_at: document.expiresAt ? formatDateIn(document.expiresAt, { ...dates, withZone: true }) : '',
      },
    });
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
