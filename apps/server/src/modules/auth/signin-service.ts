import { eq } from 'drizzle-orm';
import { verify as verifyTotp } from 'otplib';
import type { TApplicationUserSession } from '@esigns/contracts/application-users';
import type { TSessionReply, TSigninReply } from '@esigns/contracts/auth';
import { keyedHash, safeEqual } from '../../platform/auth/one-time-secrets';
import { decoyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { listWorkspaces } from '../company';
import type { Db } from '../../platform/db/database';
import { assertCodeMatches, findLiveChallenge, issueCode } from './codes';
import { contactSessions } from './hooks';
import { signinCodeMail } from './mails';
import { awaitSigninTurn, clearSigninFailures, recordSigninFailure } from './signin-throttle';
import { users } from './schema';
import { openSession, type ClientInfo } from './session-service';

const MF2A_CHALLENGE_MINUTES = 10;

const invalidCredentials = (): AppError =>
  new AppError('UNAUTHORIZED', { message: 'Invalid email or password' });

/** A user whose password was right (and whose email is verified). */
export type SigninUser = typeof users.$inferSelect;

/** A second-factor challenge answered to a sign-in (then `POST /mf2a/verifyOTP`). */
export type SecondFactorChallenge = { mf2a: true; user_id: string; mf2a_method: 'TOTP' | 'EMAIL' };

/** What a second-factor challenge opens once passed: a contact-area session in that company. */
const CONTACT_SCOPE = 'CONTACT:';

/**
 * The password step of every sign-in (staff and contact area). Wrong password and unknown email
 * answer alike, take as long (a decoy hash is checked) and are throttled alike
 * (`signin-throttle.ts`): 5 failures of an email from one address lock that address out of it for
 * 15, 30, 60... minutes (429); other addresses still sign in. An unverified email answers 401
 * EMAIL_NOT_VERIFIED, but only to someone who knows the password.
 */
export async function checkSigninPassword(
  platform: Platform,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SigninUser> {
  const db = platform.database.db;
  await awaitSigninTurn(db, input.email, client.ip);
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const isRight = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await decoyPasswordHash(), input.password).then(() => false);
  if (!user || !isRight) {
    await recordSigninFailure(db, input.email, client.ip);
    if (user) platform.log.warn({ userId: user.id, ip: client.ip }, 'wrong password');
    throw invalidCredentials();
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('UNAUTHORIZED', {
      message: 'Verify your email address before signing in.',
      errorCode: 'EMAIL_NOT_VERIFIED',
    });
  }
  return user;
}

/** The answer of a sign-in refused after the password step, alike for every reason. */
export const invalidSignin = invalidCredentials;

/**
 * Starts the second step of a sign-in for a user with a second factor (a mailed code is sent for
 * EMAIL). `contactCompanyId`: the sign-in was on a company's contact-area page, and passing the
 * challenge opens a contact session there (`POST /mf2a/verifyOTP`).
 */
export async function startSecondFactor(
  platform: Platform,
  user: Pick<SigninUser, 'id' | 'email' | 'firstName' | 'mf2aMethod'>,
  options: { contactCompanyId?: string } = {},
): Promise<SecondFactorChallenge> {
  const method = user.mf2aMethod!;
  await platform.database.db.transaction(async (tx) => {
    const { code } = await issueCode(tx, platform.config.secrets.jwtSecret, {
      userId: user.id,
      purpose: 'MF2A',
      ...(options.contactCompanyId ? { scope: `${CONTACT_SCOPE}${options.contactCompanyId}` } : {}),
      ttlMinutes: MF2A_CHALLENGE_MINUTES,
      withCode: method === 'EMAIL',
    });
    if (code)
      await platform.mail.queue(signinCodeMail({ to: user.email, firstName: user.firstName, code }), {
        tx,
      });
  });
  platform.jobs.wake('mail.send');
  return { mf2a: true, user_id: user.id, mf2a_method: method };
}

/** A complete sign-in from `ip` (password, and second factor when there is one): its failures are forgiven. */
export async function signinSucceeded(platform: Platform, email: string, ip: string): Promise<void> {
  await clearSigninFailures(platform.database.db, email, ip);
}

/** `POST /signin` (and `/employee/signin`): see `checkSigninPassword` for failures. */
export async function signin(
  platform: Platform,
  input: { email: string; password: string; company_slug?: string },
  client: ClientInfo,
): Promise<TSigninReply> {
  const db = platform.database.db;
  const user = await checkSigninPassword(platform, input, client);

  if (input.company_slug) {
    // Employee sign-in on a company's own page: land in that company, or nowhere.
    const companyId = await findMemberCompanyBySlug(db, user.id, input.company_slug);
    if (!companyId) throw new AppError('UNAUTHORIZED', { message: 'You are not a member of this company' });
    await db.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, user.id));
    user.lastCompanyId = companyId;
  }

  // The address's failures are forgiven only once the second factor is right too.
  if (user.mf2aMethod) return startSecondFactor(platform, user);

  await clearSigninFailures(db, user.email, client.ip);
  const session = await openDefaultSession(platform, user.id, user.lastCompanyId, client);
  return { ...session, mf2a: false };
}

/**
 * `POST /mf2a/verifyOTP`: the second step of a sign-in that passed its password less than ten
 * minutes ago. Accepts the authenticator code (TOTP, one step of clock drift), the mailed code,
 * or one of the recovery codes (each works once). Five wrong codes end the challenge; each wrong
 * code also counts as a failed sign-in of the account from the caller's address (the same lock as
 * wrong passwords), so new challenges do not give an attacker who has the password more tries.
 */
export async function verifySecondFactor(
  platform: Platform,
  input: { user_id: string; code: string },
  client: ClientInfo,
): Promise<TSessionReply | TApplicationUserSession> {
  const db = platform.database.db;
  const secret = platform.config.secrets.jwtSecret;
  const [user] = await db.select().from(users).where(eq(users.id, input.user_id)).limit(1);
  const live = user ? await findLiveChallenge(db, user.id) : undefined;
  if (!user || !live || !user.mf2aMethod) {
    throw new AppError('UNAUTHORIZED', { message: 'Your sign-in has expired. Sign in again.' });
  }
  await awaitSigninTurn(db, user.email, client.ip);
  const isRecovery = input.code.includes('-');
  let recoveryLeft: string[] | undefined;
  let isWrongCode = false;
  const matches = async (codeHash: string | null): Promise<boolean> => {
    if (isRecovery) {
      const hash = keyedHash(input.code.toUpperCase(), secret);
      if (!user.recoveryCodeHashes.some((h) => safeEqual(h, hash))) return false;
      recoveryLeft = user.recoveryCodeHashes.filter((h) => !safeEqual(h, hash));
      return true;
    }
    if (user.mf2aMethod === 'TOTP' && user.totpSecret) {
      const result = await verifyTotp({ secret: user.totpSecret, token: input.code, epochTolerance: 30 });
      return result.valid;
    }
    return codeHash !== null && safeEqual(codeHash, keyedHash(input.code, secret));
  };
  try {
    await assertCodeMatches(db, live, async (codeHash) => {
      const isRight = await matches(codeHash);
      isWrongCode = !isRight;
      return isRight;
    });
  } catch (err) {
    if (isWrongCode) await recordSigninFailure(db, user.email, client.ip);
    throw err;
  }
  await clearSigninFailures(db, user.email, client.ip);
  if (recoveryLeft)
    await db.update(users).set({ recoveryCodeHashes: recoveryLeft }).where(eq(users.id, user.id));
  if (live.scope?.startsWith(CONTACT_SCOPE)) {
    const companyId = live.scope.slice(CONTACT_SCOPE.length);
    return contactSessions().openAfterSecondFactor(platform, { userId: user.id, companyId, client });
  }
  return openDefaultSession(platform, user.id, user.lastCompanyId, client);
}

/** Opens the session in the last workspace used, or the first one the user still belongs to. */
async function openDefaultSession(
  platform: Platform,
  userId: string,
  lastCompanyId: string | null,
  client: ClientInfo,
): Promise<TSessionReply> {
  const db = platform.database.db;
  const workspaces = await listWorkspaces(db, userId);
  const target = workspaces.find((w) => w.company_id === lastCompanyId) ?? workspaces[0];
  if (!target) throw new AppError('FORBIDDEN', { message: 'You do not belong to any workspace.' });
  return db.transaction((tx) => openSession(platform, tx, { userId, companyId: target.company_id, client }));
}

/** `GET /checkUser/{email}` (the spec needs it; rate-limited per address by its route: 20 a minute). */
export async function checkUser(
  platform: Platform,
  email: string,
): Promise<{ exists: boolean; is_verified: boolean }> {
  const [user] = await platform.database.db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return { exists: Boolean(user), is_verified: Boolean(user?.verifiedAt) };
}

async function findMemberCompanyBySlug(
  db: Pick<Db, 'select'>,
  userId: string,
  slug: string,
): Promise<string | undefined> {
  const workspaces = await listWorkspaces(db, userId);
  return workspaces.find((w) => w.company_slug === slug)?.company_id;
}
