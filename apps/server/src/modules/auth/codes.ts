import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { keyedHash, randomToken, safeEqual, sixDigitCode } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { authCodes, type AuthCodePurpose } from './schema';

export const MAX_CODE_ATTEMPTS = 5;

type Tx = Pick<Db, 'insert' | 'update'>;

/**
 * Issues a fresh code (and optionally a link token) for a purpose; earlier unused codes of the
 * same purpose stop working, so only the newest mail is valid.
 */
export async function issueCode(
  tx: Tx,
  secret: string,
  input: {
    userId: string;
    purpose: AuthCodePurpose;
    ttlMinutes: number;
    withCode?: boolean;
    withLink?: boolean;
  },
): Promise<{ code: string | undefined; token: string | undefined }> {
  await tx
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(authCodes.userId, input.userId),
        eq(authCodes.purpose, input.purpose),
        isNull(authCodes.consumedAt),
      ),
    );
  const code = input.withCode === false ? undefined : sixDigitCode();
  const token = input.withLink ? randomToken() : undefined;
  await tx.insert(authCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    codeHash: code ? keyedHash(code, secret) : null,
    tokenHash: token ? keyedHash(token, secret) : null,
    expiresAt: new Date(Date.now() + input.ttlMinutes * 60_000),
  });
  return { code, token };
}

export type LiveCode = { id: string; codeHash: string | null; attempts: number };

/** The newest unused, unexpired code of a purpose, or undefined. */
export async function findLiveCode(
  db: Pick<Db, 'select'>,
  userId: string,
  purpose: AuthCodePurpose,
): Promise<LiveCode | undefined> {
  const [row] = await db
    .select({ id: authCodes.id, codeHash: authCodes.codeHash, attempts: authCodes.attempts })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, userId),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Checks a 6-digit code: wrong -> 422 on `code` (and one attempt used), fifth wrong try or no
 * live code -> the code is dead and a new one must be requested. Right -> consumed (single use).
 */
export async function consumeCode(
  db: Pick<Db, 'select' | 'update'>,
  secret: string,
  input: { userId: string; purpose: AuthCodePurpose; code: string },
): Promise<void> {
  const live = await findLiveCode(db, input.userId, input.purpose);
  await assertCodeMatches(
    db,
    live,
    (hash) => hash !== null && safeEqual(hash, keyedHash(input.code, secret)),
  );
}

/** Shared by 6-digit codes and second-factor checks: attempts, lockout, single use. */
export async function assertCodeMatches(
  db: Pick<Db, 'update'>,
  live: LiveCode | undefined,
  matches: (codeHash: string | null) => boolean | Promise<boolean>,
): Promise<void> {
  if (!live) throw invalidCode('This code has expired. Request a new one.');
  if (live.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError('TOO_MANY_REQUESTS', { message: 'Too many wrong codes. Request a new one.' });
  }
  if (!(await matches(live.codeHash))) {
    await db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(eq(authCodes.id, live.id));
    const left = MAX_CODE_ATTEMPTS - live.attempts - 1;
    throw invalidCode(
      left > 0
        ? `Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.`
        : 'Invalid code. Request a new one.',
    );
  }
  const spent = await db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(authCodes.id, live.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (spent.length === 0) throw invalidCode('This code was already used.');
}

/** A link token (verification links): single use, unexpired. Returns its user. */
export async function consumeLinkToken(
  db: Pick<Db, 'update'>,
  secret: string,
  input: { token: string; purpose: AuthCodePurpose },
): Promise<string | undefined> {
  const [row] = await db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(authCodes.tokenHash, keyedHash(input.token, secret)),
        eq(authCodes.purpose, input.purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authCodes.userId });
  return row?.userId;
}

function invalidCode(message: string): AppError {
  return validationError([{ key: 'code', message, path: ['code'] }], message);
}
