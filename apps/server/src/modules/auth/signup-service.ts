import { eq } from 'drizzle-orm';
import type { PlanType } from '@esigns/contracts/auth';
import { assertAcceptablePassword } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { createWorkspace } from '../company';
import { consumeCode, consumeLinkToken, issueCode } from './codes';
import { accountExistsMail, verificationMail } from './mails';
import { users } from './schema';

const VERIFY_TTL_MINUTES = 24 * 60;

export type SignupInput = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  company_name?: string;
};

/**
 * Creates the account and its workspace (INDIVIDUAL, or BUSINESS with the user as OWNER) and
 * mails a verification code and link. The answer is the same whether or not the email already
 * has an account (no enumeration): an existing verified account gets a "you already have an
 * account" mail, an unverified one a fresh code.
 */
export async function signup(
  platform: Platform,
  input: SignupInput,
  planType: PlanType,
): Promise<{ email: string }> {
  const db = platform.database.db;
  // Before looking the email up: a registered email is answered like a new one, weak passwords included.
  await assertAcceptablePassword(input.password, input.email, {
    userInputs: [input.first_name, input.last_name, input.company_name ?? ''],
  });
  const [existing] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    if (existing.emailVerifiedAt) {
      await platform.mail.queue(
        accountExistsMail({
          to: existing.email,
          firstName: existing.firstName,
          signinUrl: `${platform.config.publicUrl}/signin`,
        }),
      );
    } else {
      await sendVerification(platform, existing);
    }
    return { email: input.email };
  }

  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, firstName: input.first_name, lastName: input.last_name, passwordHash })
        .returning();
      if (!user) throw new AppError('INTERNAL_ERROR');
      const name =
        planType === 'BUSINESS' && input.company_name
          ? input.company_name
          : `${user.firstName} ${user.lastName}`;
      const { companyId } = await createWorkspace(tx, { name, planType, ownerId: user.id });
      await tx.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, user.id));
      await sendVerification(platform, { ...user, lastCompanyId: companyId }, tx);
    });
  } catch (err) {
    // Two sign-ups with one email at the same instant: the loser answers like an existing account.
    if (isUniqueViolation(err)) return { email: input.email };
    throw err;
  }
  platform.jobs.wake('mail.send');
  return { email: input.email };
}

type Tx = Parameters<Parameters<Platform['database']['db']['transaction']>[0]>[0];

/**
 * The verification mail, logged under the workspace made at sign-up (`lastCompanyId`): its owner
 * finds it in the company's email log (codes and links redacted there), like every other mail.
 */
async function sendVerification(
  platform: Platform,
  user: { id: string; email: string; firstName: string; lastCompanyId: string | null },
  tx?: Tx,
): Promise<void> {
  const write = async (t: Tx) => {
    const { code, token } = await issueCode(t, platform.config.secrets.jwtSecret, {
      userId: user.id,
      purpose: 'EMAIL_VERIFY',
      ttlMinutes: VERIFY_TTL_MINUTES,
      withLink: true,
    });
    const link = `${platform.config.publicUrl}/verify?email=${encodeURIComponent(user.email)}&token=${token}`;
    await platform.mail.queue(
      verificationMail({ to: user.email, firstName: user.firstName, code: code!, link }),
      { tx: t, ...(user.lastCompanyId ? { companyId: user.lastCompanyId } : {}) },
    );
  };
  if (tx) return write(tx);
  await platform.database.db.transaction(write);
  platform.jobs.wake('mail.send');
}

/** `POST /email/verify`: the mailed 6-digit code. Unknown emails answer like a wrong code. */
export async function verifyEmailCode(
  platform: Platform,
  input: { email: string; code: string },
): Promise<void> {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid code',
      details: [{ key: 'code', message: 'Invalid code', path: ['code'] }],
    });
  }
  if (user.emailVerifiedAt) return;
  // Outside a transaction: a wrong try must count even though this call fails.
  await consumeCode(db, platform.config.secrets.jwtSecret, {
    userId: user.id,
    purpose: 'EMAIL_VERIFY',
    code: input.code,
  });
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
}

/** `POST /user/verifyEmail/{token}`: the mailed link. */
export async function verifyEmailLink(platform: Platform, token: string): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const userId = await consumeLinkToken(tx, platform.config.secrets.jwtSecret, {
      token,
      purpose: 'EMAIL_VERIFY',
    });
    if (!userId)
      throw new AppError('GONE', { message: 'This verification link has expired or was already used.' });
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  });
}

/** `POST /resend/verify`: a new code for an unverified account; silent otherwise. */
export async function resendVerification(platform: Platform, email: string): Promise<void> {
  const [user] = await platform.database.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerifiedAt) await sendVerification(platform, user);
}

export function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } } | undefined)?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
