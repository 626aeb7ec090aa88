import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { ANY_CLIENT, signinThrottles } from './schema';

/** Wrong passwords (or second-factor codes) from one address for one email before that address is locked out of it. */
export const CLIENT_FREE_FAILURES = 5;
/** The first lock of an address; each further failure after a lock doubles it, up to a day. */
export const CLIENT_LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;
/**
 * Failures of one email from all addresses together before every attempt on it is slowed down
 * (never locked: anyone could otherwise lock a known email out from a few addresses).
 */
export const ACCOUNT_SLOWDOWN_AFTER = 20;
const MAX_SLOWDOWN_MS = 5_000;
/** Counts are forgotten this long after their last failure. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'insert' | 'update' | 'delete'>;

/**
 * Before a sign-in attempt (password or second factor) of `email` from `ip`: 429 while that
 * address is locked out of that email, else waits the account's slow-down (1 s after
 * ACCOUNT_SLOWDOWN_AFTER failures from anywhere, doubling every 10 more, at most 5 s). Unknown
 * emails are counted and answered exactly like known ones.
 */
export async function awaitSigninTurn(db: Reader, email: string, ip: string): Promise<void> {
  const now = Date.now();
  const rows = await db
    .select()
    .from(signinThrottles)
    .where(and(eq(signinThrottles.email, email), inArray(signinThrottles.client, [ip, ANY_CLIENT])));
  const fresh = rows.filter((r) => r.lastFailureAt.getTime() > now - FORGET_AFTER_MS);
  const own = fresh.find((r) => r.client === ip);
  if (own?.lockedUntil && own.lockedUntil.getTime() > now) throw lockedError(own.lockedUntil, now);
  const all = fresh.find((r) => r.client === ANY_CLIENT);
  const delay = all ? slowdownMs(all.failures) : 0;
  if (delay > 0) await sleep(delay);
}

/** The wait before each attempt on an email that failed `failures` times from anywhere. */
export function slowdownMs(failures: number): number {
  if (failures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(1000 * 2 ** Math.floor((failures - ACCOUNT_SLOWDOWN_AFTER) / 10), MAX_SLOWDOWN_MS);
}

/** The lock of an address after its `failures`-th failure for one email (0: none yet). */
export function lockMinutes(failures: number): number {
  if (failures < CLIENT_FREE_FAILURES) return 0;
  return Math.min(CLIENT_LOCK_MINUTES * 2 ** (failures - CLIENT_FREE_FAILURES), MAX_LOCK_MINUTES);
}

/** Counts a failed attempt of `email` from `ip` (and from anywhere); locks the address once it failed too often. */
export async function recordSigninFailure(db: Writer, email: string, ip: string): Promise<void> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  for (const client of [ip, ANY_CLIENT]) {
    const [row] = await db
      .insert(signinThrottles)
      .values({ email, client, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [signinThrottles.email, signinThrottles.client],
        set: {
          failures: sql`CASE WHEN ${signinThrottles.lastFailureAt} < ${cutoff}::timestamptz THEN 1 ELSE ${signinThrottles.failures} + 1 END`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: signinThrottles.failures });
    const minutes = client === ANY_CLIENT ? 0 : lockMinutes(row?.failures ?? 0);
    if (minutes > 0) {
      await db
        .update(signinThrottles)
        .set({ lockedUntil: new Date(now.getTime() + minutes * 60_000) })
        .where(and(eq(signinThrottles.email, email), eq(signinThrottles.client, client)));
    }
  }
  // Rows nobody failed with for a day go (the index on last_failure_at keeps this cheap).
  await db.delete(signinThrottles).where(lt(signinThrottles.lastFailureAt, new Date(cutoff)));
}

/**
 * The password check of a signed-in user (change of password, second-factor settings): throttled
 * like sign-in, so that a stolen session cannot be used to guess the password.
 */
export async function verifyCurrentPassword(
  db: Reader & Writer,
  user: { email: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<boolean> {
  await awaitSigninTurn(db, user.email, ip);
  const isRight = await verifyPassword(user.passwordHash, password);
  if (!isRight) await recordSigninFailure(db, user.email, ip);
  return isRight;
}

/** A successful sign-in from `ip`: its own count starts over (the account-wide count does not). */
export async function clearSigninFailures(db: Writer, email: string, ip: string): Promise<void> {
  await db
    .delete(signinThrottles)
    .where(and(eq(signinThrottles.email, email), eq(signinThrottles.client, ip)));
}

/** A password reset proves the mailbox: every lock and count of the email goes. */
export async function forgetSigninFailures(db: Writer, email: string): Promise<void> {
  await db.delete(signinThrottles).where(eq(signinThrottles.email, email));
}

function lockedError(until: Date, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  return new AppError('TOO_MANY_REQUESTS', {
    message: `Too many failed sign-ins from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
  });
}
