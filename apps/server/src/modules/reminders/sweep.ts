import type { TSweepResult } from '@esigns/contracts/reminders';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { expireBatch } from './expire';
import { remindBatch } from './remind';
import { DEFAULT_BATCH, MAX_BATCHES, SenderCache, type SweepScope } from './sweep-common';
import { runSweepSteps } from './sweep-steps';
import { warnBatch } from './warn';

export type SweepOptions = {
  /** The sweep's clock (tests move it forward); now by default. */
  now?: Date;
  /** Only this company's documents (`POST /cron/create-cron-job`); every company by default. */
  companyId?: string;
  batchSize?: number;
};

/**
 * The reminders-and-expiry sweep (DOMAIN-ESIGN "Reminders and expiry"), run by the scheduled
 * `documents.reminders` job and by `POST /cron/create-cron-job`:
 * 1. WAITING documents past their expiry become EXPIRED (sender mailed and notified);
 * 2. documents entering their warning window get the "expires on ..." warning, once per expiry date;
 * 3. pending signers and approvers are reminded every `reminder_every_days`.
 * Before them, the sweeps later modules registered (`registerSweepStep`: workflows' instance
 * expiry, so a packet's expiry ends its documents before their own expiry would).
 * Every step claims its rows in the transaction that does the work, so sweeps running at once
 * on several workers never expire, warn or remind twice; running it again right away does
 * nothing. Batches of `batchSize` documents, at most `MAX_BATCHES` per step (the rest waits for
 * the next run). Answers what it did.
 */
export async function runReminderSweep(
  platform: Platform,
  options: SweepOptions = {},
): Promise<TSweepResult> {
  const scope: SweepScope = {
    now: options.now ?? new Date(),
    companyId: options.companyId,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
  };
  const senders = new SenderCache(platform);
  const result: TSweepResult = {
    expired: 0,
    warned: 0,
    reminded: 0,
    reminded_documents: 0,
    ran_at: scope.now.toISOString(),
  };

  await runSweepSteps(platform, { now: scope.now, companyId: scope.companyId });
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const expired = await expireBatch(platform, scope, senders);
    result.expired += expired.length;
    for (const document of expired) {
      platform.realtime.emitToWorkspace(document.companyId, 'document.expired', {
        document_id: document.id,
        name: document.name,
        status: 'EXPIRED',
      });
    }
    if (expired.length < scope.batchSize) break;
  }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const warned = await warnBatch(platform, scope, senders);
    result.warned += warned.length;
    if (warned.length < scope.batchSize) break;
  }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { candidates, reminded } = await remindBatch(platform, scope, senders);
    result.reminded_documents += reminded.length;
    result.reminded += reminded.reduce((sum, d) => sum + d.recipients.length, 0);
    for (const { document, recipients } of reminded) {
      platform.realtime.emitToWorkspace(document.companyId, 'document.reminded', {
        document_id: document.id,
        document_user_ids: recipients.map((r) => r.id),
      });
    }
    if (candidates < scope.batchSize) break;
  }
  if (result.expired + result.warned + result.reminded > 0) platform.jobs.wake(MAIL_SEND_JOB);
  return result;
}
