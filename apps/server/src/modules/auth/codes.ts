import { and, desc, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import { keyedHash, randomToken, safeEqual, sixDigitCode } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { authCodes, type AuthCodePurpose, type StoredCodePurpose } from './schema';

export const MAX_CODE_ATTEMPTS = 5;

type Tx = Pick<Db, 'insert' | 'update'>;

/** The stored purpose of a code: `PURPOSE` or `PURPOSE:scope`. */
const storedPurpose = (purpose: AuthCodePurpose, scope: string | undefined): StoredCodePurpose =>
  scope ? `${purpose}:${scope}` : purpose;

/** Every stored purpose of a purpose, whatever its scope. */
const anyScopeOf = (purpose: AuthCodePurpose) =>
  or(eq(authCodes.purpose, purpose), like(authCodes.purpose, `${purpose}:%`));

/**
 * Issues a fresh code (and optionally a link token) for a purpose; earlier unused codes of the
 * same purpose (and scope) stop working, so only the newest mail is valid. `scope` ties the code
 * to something (a contact's invitation to one company): codes of other scopes stay valid, except
 * second-factor challenges, of which a user has one at a time whatever it opens.
 */
export async function issueCode(
  tx: Tx,
  secret: string,
  input: {
    userId: string;
    purpose: AuthCodePurpose;
    scope?: string;
    ttlMinutes: number;
    withCode?: boolean;
    withLink?: boolean;
  },
): Promise<{ code: string | undefined; token: string | undefined }> {
  const purpose = storedPurpose(input.purpose, input.scope);
  await tx
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(authCodes.userId, input.userId),
        input.purpose === 'MF2A' ? anyScopeOf('MF2A') : eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
      ),
    );
  const code = input.withCode === false ? undefined : sixDigitCode();
  const token = input.withLink ? randomToken() : undefined;
  await tx.insert(authCodes).values({
    userId: input.userId,
    purpose,
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

/** The user's live second-factor challenge (newest, any scope) and its scope. */
export async function findLiveChallenge(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<(LiveCode & { scope: string | undefined }) | undefined> {
  const [row] = await db
    .select({
      id: authCodes.id,
      codeHash: authCodes.codeHash,
      attempts: authCodes.attempts,
      purpose: authCodes.purpose,
    })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, userId),
        anyScopeOf('MF2A'),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!row) return undefined;
  const { purpose, ...live } = row;
  return { ...live, scope: scopeOf(purpose) };
}

const scopeOf = (purpose: string): string | undefined => {
  const at = purpose.indexOf(':');
  return at < 0 ? undefined : purpose.slice(at + 1);
};

/** A link token of a purpose as it stands (used, expired or live), without spending it. */
export type LinkTokenState = {
  id: string;
  userId: string;
  scope: string | undefined;
  state: 'LIVE' | 'USED' | 'EXPIRED';
};

/** The link token's row (any scope of `purpose`), or undefined when no such token was issued. */
export async function readLinkToken(
  db: Pick<Db, 'select'>,
  secret: string,
  input: { token: string; purpose: AuthCodePurpose },
): Promise<LinkTokenState | undefined> {
  const [row] = await db
    .select({
      id: authCodes.id,
      userId: authCodes.userId,
      purpose: authCodes.purpose,
      consumedAt: authCodes.consumedAt,
      expiresAt: authCodes.expiresAt,
    })
    .from(authCodes)
    .where(and(eq(authCodes.tokenHash, keyedHash(input.token, secret)), anyScopeOf(input.purpose)))
    .limit(1);
  if (!row) return undefined;
  const state = row.consumedAt ? 'USED' : row.expiresAt.getTime() <= Date.now() ? 'EXPIRED' : 'LIVE';
  return { id: row.id, userId: row.userId, scope: scopeOf(row.purpose), state };
}

/** Spends a link token read by `readLinkToken`: false when it was used or expired meanwhile. */
export async function spendLinkToken(db: Pick<Db, 'update'>, id: string): Promise<boolean> {
  const spent = await db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(authCodes.id, id), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, new Date())))
    .returning({ id: authCodes.id });
  return spent.length > 0;
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
