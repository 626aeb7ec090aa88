import type { TDateStyle } from '@esigns/contracts/dates';
import type { Platform } from '../../platform/platform';
import {
  signingLink,
  issueRecipientSecret,
  loadSenderInfo,
  type SenderInfo,
  type DocumentUserRow,
  type EmployeeRow,
  type SweepClaim,
} from '../documents';
import { noSealQueued } from '../signing';
import { recipientDateStyle, wantsNotification } from '../settings';
import type { Tx } from '../notifications';

export type { Tx };
export { pendingActors } from '../documents';

/** What one sweep looks at: one company (the `cron/create-cron-job` call) or all. */
export type SweepScope = { now: Date; companyId?: string | undefined; batchSize: number };

/** Documents per transaction; a run goes on batch after batch up to `MAX_BATCHES`. */
export const DEFAULT_BATCH = 100;
export const MAX_BATCHES = 50;

/**
 * The documents module's claim of one batch: documents whose seal is queued (finished by
 * everyone) are never expired, warned or reminded (signing's `noSealQueued`).
 */
export const claimOf = (scope: SweepScope): SweepClaim => ({ ...scope, documentCondition: noSealQueued });

/**
 * A fresh link for a recipient (the reminder and warning mails carry one): a new secret from the
 * documents module replaces the stored hash, so the newest mail's link is the working one.
 */
export async function freshSigningLink(
  platform: Platform,
  tx: Tx,
  recipient: DocumentUserRow,
): Promise<string> {
  const secret = await issueRecipientSecret(platform, tx, recipient.id);
  return signingLink(platform.config.publicUrl, recipient.employeeDocumentId, recipient.id, secret);
}

export const personName = (r: Pick<DocumentUserRow, 'firstName' | 'lastName' | 'email'>): string =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;

type Sender = Pick<EmployeeRow, 'companyId' | 'senderId'>;

/**
 * Sender details, loaded once per sender and company in a run, through the caller's transaction
 * (PGlite has one connection: a read beside an open transaction would wait for it).
 */
export class SenderCache {
  private readonly cache = new Map<string, SenderInfo>();
  private readonly styles = new Map<string, TDateStyle>();
  constructor(private readonly platform: Platform) {}

  /**
   * The date format and zone of a mail's reader (ARCHITECTURE.md "Dates"): a user of the app
   * their own, anyone else the company's; once per reader and company in a run.
   */
  async datesFor(tx: Tx, companyId: string, userId: string | null): Promise<TDateStyle> {
    const key = `${companyId}:${userId ?? ''}`;
    let found = this.styles.get(key);
    if (!found) {
      found = await recipientDateStyle(tx, companyId, userId);
      this.styles.set(key, found);
    }
    return found;
  }

  async of(tx: Tx, document: Sender): Promise<SenderInfo> {
    const key = `${document.companyId}:${document.senderId}`;
    let found = this.cache.get(key);
    if (!found) {
      found = await loadSenderInfo(tx, document.companyId, document.senderId);
      this.cache.set(key, found);
    }
    return found;
  }

  /** Whether the sender wants expiry news by email (their `document_expiring` choice). */
  wantsMail(tx: Tx, document: Sender): Promise<boolean> {
    return wantsNotification(
      this.platform,
      { userId: document.senderId, companyId: document.companyId },
      'document_expiring',
      'email',
      tx,
    );
  }
}
