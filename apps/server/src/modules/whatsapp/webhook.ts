import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TWhatsappMessageStatus } from '@esigns/contracts/whatsapp';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accountById, appSecretOf } from './accounts';
import { whatsappMessages, whatsappStatusEvents } from './schema';

/*
 * The Cloud API's webhook for one account (`/api/whatsapp/webhook/{accountId}`): Meta checks the
 * URL with a GET (`hub.mode=subscribe`, our verify token, a challenge to echo) and posts message
 * statuses signed with the Meta app's secret (`X-Hub-Signature-256: sha256=<hex HMAC of the raw body>`).
 */

/** `GET`: the challenge when the verify token is the account's, else 403. */
export async function verifyChallenge(
  platform: Platform,
  accountId: string,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): Promise<string> {
  const account = await accountById(platform.database.db, accountId);
  if (!account) throw notFound('WhatsApp account');
  const token = query['hub.verify_token'] ?? '';
  const same =
    token.length === account.verifyToken.length &&
    timingSafeEqual(Buffer.from(token), Buffer.from(account.verifyToken));
  if (query['hub.mode'] !== 'subscribe' || !same || !query['hub.challenge'])
    throw new AppError('FORBIDDEN', { message: 'The verify token is not this account’s' });
  return query['hub.challenge'];
}

/** Whether `header` is `sha256=` + the hex HMAC-SHA256 of `body` with `secret`. */
export function signatureMatches(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How far a message got: a status only moves it forward (a late `sent` after `read` changes nothing). */
const RANK: Record<TWhatsappMessageStatus, number> = {
  QUEUED: 0,
  SENDING: 1,
  SENT: 2,
  DELIVERED: 3,
  READ: 4,
  FAILED: 5,
};
const FROM_META: Record<string, TWhatsappMessageStatus> = {
  sent: 'SENT',
  delivered: 'DELIVERED',
  read: 'READ',
  failed: 'FAILED',
};

type RawStatus = {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
};
type Payload = { entry?: { changes?: { field?: unknown; value?: { statuses?: RawStatus[] } }[] }[] };

export type StatusResult = { received: true; applied: number; duplicates: number; unknown: number };

/**
 * `POST`: the signature checked with the account's app secret (wrong or missing: 400, nothing
 * written); then each status once: `(message id, status)` is recorded with the message's change in
 * one transaction, so a replay (Meta retries, or the same status twice) changes nothing again.
 * Statuses of messages this account did not send are counted as unknown and not recorded.
 */
export async function receiveStatuses(
  platform: Platform,
  accountId: string,
  body: Buffer,
  signature: string | undefined,
): Promise<StatusResult> {
  const db = platform.database.db;
  const account = await accountById(db, accountId);
  if (!account) throw notFound('WhatsApp account');
  if (!signatureMatches(body, signature, appSecretOf(platform, account)))
    throw new AppError('BAD_REQUEST', { message: 'Invalid X-Hub-Signature-256' });
  let payload: Payload;
  try {
    payload = JSON.parse(body.toString('utf8')) as Payload;
  } catch {
    throw new AppError('BAD_REQUEST', { message: 'The body is not JSON' });
  }
  const statuses: RawStatus[] = [];
  for (const entry of Array.isArray(payload.entry) ? payload.entry : [])
    for (const change of Array.isArray(entry?.changes) ? entry.changes : [])
      if (change?.field === 'messages' && Array.isArray(change.value?.statuses))
        statuses.push(...change.value.statuses);

  const result: StatusResult = { received: true, applied: 0, duplicates: 0, unknown: 0 };
  for (const s of statuses) {
    const status = typeof s.status === 'string' ? FROM_META[s.status] : undefined;
    const wamid = typeof s.id === 'string' ? s.id : '';
    if (!status || !wamid) {
      result.unknown++;
      continue;
    }
    const seconds = Number(s.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
    const error = status === 'FAILED' ? failure(s) : null;
    const outcome = await db.transaction(async (tx) => {
      const [message] = await tx
        .select({ id: whatsappMessages.id, status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.accountId, account.id), eq(whatsappMessages.waMessageId, wamid)))
        .for('update');
      if (!message) return 'unknown' as const;
      const [fresh] = await tx
        .insert(whatsappStatusEvents)
        .values({ waMessageId: wamid, status, accountId: account.id })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return 'duplicate' as const;
      if (RANK[status] > RANK[message.status]) {
        await tx
          .update(whatsappMessages)
          .set({ status, statusAt: at, ...(error ? { error } : {}) })
          .where(
            and(
              eq(whatsappMessages.id, message.id),
              inArray(
                whatsappMessages.status,
                (Object.keys(RANK) as TWhatsappMessageStatus[]).filter((k) => RANK[k] < RANK[status]),
              ),
            ),
          );
      }
      return 'applied' as const;
    });
    if (outcome === 'applied') result.applied++;
    else if (outcome === 'duplicate') result.duplicates++;
    else result.unknown++;
  }
  return result;
}

function failure(s: RawStatus): string {
  const e = s.errors?.[0];
  const text = [e?.code, e?.title, e?.message].filter((v) => typeof v === 'string' || typeof v === 'number');
  return text.length > 0 ? text.join(': ').slice(0, 500) : 'Meta reported the message failed';
}
