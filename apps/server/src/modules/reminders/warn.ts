import type { Platform } from '../../platform/platform';
import {
  appendDocumentLogs,
  claimDocumentsToWarn,
  type DocumentLogInput,
  type EmployeeRow,
  markRecipientWarned,
  notifyDocumentSender,
} from '../documents';
import { senderDocumentLink } from '../signing';
import { expiryWarningMail, senderExpiringMail } from './mails';
import type { SenderCache } from './sweep-common';
import {
  claimOf,
  freshSigningLink,
  pendingActors,
  personName,
  type SweepScope,
  type Tx,
} from './sweep-common';

/**
 * One batch of step 2 of the sweep: documents whose warning window has opened (and that have not
 * expired) get their "expires on ..." warning once: each pending signer and approver a mail with
 * a fresh link (it counts as their latest reminder), the sender an in-app notification and, if
 * they want it, a mail. Claimed with `FOR UPDATE SKIP LOCKED` and a conditional UPDATE of
 * `expiry_warned_at`, so no document is warned twice for one expiry date. Answers the documents.
 */
export async function warnBatch(
  platform: Platform,
  scope: SweepScope,
  senders: SenderCache,
): Promise<EmployeeRow[]> {
  return platform.database.db.transaction(async (tx) => {
    const claimed = await claimDocumentsToWarn(tx, claimOf(scope));
    for (const document of claimed) await warnDocument(platform, tx, document, scope.now, senders);
    return claimed;
  });
}

async function warnDocument(
  platform: Platform,
  tx: Tx,
  document: EmployeeRow,
  now: Date,
  senders: SenderCache,
): Promise<void> {
  const expiresAt = document.expiresAt!;
  const pending = await pendingActors(tx, document.id);
  const sender = await senders.of(tx, document);
  const logs: DocumentLogInput[] = [
    {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.expiry_warned',
      details: { expires_at: expiresAt.toISOString(), recipients: pending.length },
    },
  ];
  for (const recipient of pending) {
    const link = await freshSigningLink(platform, tx, recipient);
    const mail = await platform.mail.queue(
      expiryWarningMail({
        to: recipient.email,
        firstName: recipient.firstName,
        userType: recipient.userType,
        documentName: document.name,
        senderName: sender.name,
        companyName: sender.companyName,
        link,
        expiresAt,
        dates: await senders.datesFor(tx, document.companyId, recipient.userId),
        branding: sender.branding,
      }),
      { tx, companyId: document.companyId },
    );
    await markRecipientWarned(tx, recipient.id, now);
    logs.push({
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'recipient.expiry_warned',
      documentUserId: recipient.id,
      details: { email: recipient.email, mail_id: mail.id, expires_at: expiresAt.toISOString() },
    });
  }
  await appendDocumentLogs(tx, logs);
  if (sender.email && (await senders.wantsMail(tx, document))) {
    await platform.mail.queue(
      senderExpiringMail({
        to: sender.email,
        firstName: sender.name.split(' ')[0] ?? '',
        documentName: document.name,
        pending: pending.map(personName),
        link: senderDocumentLink(platform.config.publicUrl, document.id),
        expiresAt,
        dates: await senders.datesFor(tx, document.companyId, document.senderId),
        branding: sender.branding,
      }),
      { tx, companyId: document.companyId },
    );
  }
  await notifyDocumentSender(platform, tx, document, {
    event: 'document.expiring',
    days: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000)),
    pending: pending.length,
  });
}
