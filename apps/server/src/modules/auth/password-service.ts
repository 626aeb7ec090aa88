import { and, eq, isNull, ne } from 'drizzle-orm';
import { assertAcceptablePassword } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { consumeCode, issueCode } from './codes';
import { passwordChangedMail, passwordResetMail } from './mails';
import { refreshTokens, users } from './schema';
import { revokeAllSessions } from './session-service';
import { forgetSigninFailures, verifyCurrentPassword } from './signin-throttle';

const RESET_TTL_MINUTES = 15;

/** `PATCH /forgot-password`: mails a code when the account exists; answers alike either way. */
export async function requestPasswordReset(platform: Platform, email: string): Promise<void> {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, platform.config.secrets.jwtSecret, {
      userId: user.id,
      purpose: 'PASSWORD_RESET',
      ttlMinutes: RESET_TTL_MINUTES,
    });
    const link = `${platform.config.publicUrl}/forgot-password-verification?email=${encodeURIComponent(user.email)}`;
    await platform.mail.queue(
      passwordResetMail({ to: user.email, firstName: user.firstName, code: code!, link }),
      { tx },
    );
  });
  platform.jobs.wake('mail.send');
}

/**
 * `PATCH /verify/forgot-password`: a right code sets the new password, unlocks the account,
 * verifies the email (the code proves the mailbox) and signs out every session.
 */
export async function resetPassword(
  platform: Platform,
  input: { email: string; code: string; password: string },
): Promise<void> {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  // Before the code is spent: a refused password leaves the code usable for a better one.
  await assertAcceptablePassword(input.password, input.email);
  if (!user)
    throw validationError([{ key: 'code', message: 'Invalid code', path: ['code'] }], 'Invalid code');
  const passwordHash = await hashPassword(input.password);
  // Outside the transaction: a wrong try must count even though this call fails.
  await consumeCode(db, platform.config.secrets.jwtSecret, {
    userId: user.id,
    purpose: 'PASSWORD_RESET',
    code: input.code,
  });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: new Date(),
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    await forgetSigninFailures(tx, user.email);
    await platform.mail.queue(passwordChangedMail({ to: user.email, firstName: user.firstName }), { tx });
  });
  platform.jobs.wake('mail.send');
}

/**
 * `PATCH /password/update`: needs the current password; keeps this session and signs out the
 * others.
 */
export async function updatePassword(
  platform: Platform,
  auth: { userId: string; sessionId: string | undefined; ip: string },
  input: { current_password: string; new_password: string },
): Promise<void> {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  // Throttled like sign-in: a stolen session cannot be used to guess the password.
  if (!(await verifyCurrentPassword(db, user, input.current_password, auth.ip))) {
    throw validationError(
      [{ key: 'current_password', message: 'Current password is incorrect', path: ['current_password'] }],
      'Current password is incorrect',
    );
  }
  await assertAcceptablePassword(input.new_password, user.email, {
    key: 'new_password',
    userInputs: [user.firstName, user.lastName],
  });
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    const others = [eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)];
    if (auth.sessionId) others.push(ne(refreshTokens.familyId, auth.sessionId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(...others));
    await platform.mail.queue(passwordChangedMail({ to: user.email, firstName: user.firstName }), { tx });
  });
  platform.jobs.wake('mail.send');
}
