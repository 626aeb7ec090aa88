import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  changeDocumentStatuses,
  type EmployeeRow,
  lockExpiredDocuments,
  notifyDocumentSender,
} from '../documents';
import { senderDocumentLink } from '../signing';
import { senderExpiredMail } from './mails';
import type { SenderCache } from './sweep-common';
import { claimOf, pendingActors, personName, type SweepScope, type Tx } from './sweep-common';

/**
 * One batch of step 1 of the sweep: WAITING documents past `expires_at` become EXPIRED, in one
 * transaction with their log rows (`document.expired`), the sender's mail (if they want it) and
 * in-app notification. The rows are claimed with `FOR UPDATE SKIP LOCKED` and a conditional
 * UPDATE (`changeDocumentStatuses`: `status = 'WAITING'`), so two sweeps never expire one document
 * twice. Answers the documents expired (the caller emits realtime events after the commit).
 */
export async function expireBatch(
  platform: Platform,
  scope: SweepScope,
  senders: SenderCache,
): Promise<EmployeeRow[]> {
  return platform.database.db.transaction(async (tx) => {
    const candidates = await lockExpiredDocuments(tx, claimOf(scope));
    if (candidates.length === 0) return [];
    const expired = await changeDocumentStatuses(tx, candidates, 'EXPIRED', {
      expectedFrom: 'WAITING',
      set: { updatedAt: scope.now },
    });
    for (const document of expired) await recordExpiry(platform, tx, document, scope.now, senders);
    return expired;
  });
}

async function recordExpiry(
  platform: Platform,
  tx: Tx,
  document: EmployeeRow,
  now: Date,
  senders: SenderCache,
): Promise<void> {
  const pending = await pendingActors(tx, document.id);
  await appendDocumentLog(tx, {
    companyId: document.companyId,
    employeeDocumentId: document.id,
    action: 'document.expired',
    details: {
      expires_at: document.expiresAt?.toISOString() ?? null,
      pending: pending.map((r) => ({ id: r.id, email: r.email, status: r.status })),
    },
  });
  if (await senders.wantsMail(tx, document)) {
    const sender = await senders.of(tx, document);
    if (sender.email) {
      await platform.mail.queue(
        senderExpiredMail({
          to: sender.email,
          firstName: sender.name.split(' ')[0] ?? '',
          documentName: document.name,
          pending: pending.map(personName),
          link: senderDocumentLink(platform.config.publicUrl, document.id),
          expiredAt: document.expiresAt ?? now,
          dates: await senders.datesFor(tx, document.companyId, document.senderId),
          branding: sender.branding,
        }),
        { tx, companyId: document.companyId },
      );
    }
  }
  await notifyDocumentSender(platform, tx, document, { event: 'document.expired', pending: pending.length });
}
