import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { refreshTokens, users } from './schema';
import { forgetSigninFailures } from './signin-throttle';

/*
 * Accounts as other modules create and complete them (company users: a user added by an
 * administrator, an invitation accepted), without the table.
 */

export type AccountByEmail = { id: string; firstName: string; verifiedAt: Date | null };

/** The account of an email (as stored: lowercased), or undefined. */
export async function findAccountByEmail(
  db: Pick<Db, 'select'>,
  email: string,
): Promise<AccountByEmail | undefined> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** A new account's columns; `passwordHash` may be of an unusable random secret (a password to choose). */
export type NewAccount = Pick<
  typeof users.$inferInsert,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'passwordHash'
  | 'emailVerifiedAt'
  | 'passwordChangedAt'
  | 'lastCompanyId'
  | 'updatedAt'
>;

/** Creates an account and answers its id (a taken email is a unique violation: `isUniqueViolation`). */
export async function createAccount(tx: Pick<Db, 'insert'>, account: NewAccount): Promise<string> {
  const [created] = await tx.insert(users).values(account).returning({ id: users.id });
  if (!created) throw new AppError('INTERNAL_ERROR', { message: 'User could not be stored' });
  return created.id;
}

export type AccountTakeOver = {
  firstName: string;
  lastName: string;
  passwordHash: string;
  emailVerifiedAt: Date;
  passwordChangedAt: Date;
  updatedAt: Date;
};

/**
 * Replaces the names and password of an unverified account whose mailbox was just proven (an
 * accepted invitation) and marks it verified. The caller ends its sessions.
 */
export async function takeOverAccount(
  tx: Pick<Db, 'update'>,
  userId: string,
  profile: AccountTakeOver,
): Promise<void> {
  await tx.update(users).set(profile).where(eq(users.id, userId));
}

/** An account as the contact area shows it (its own profile, the invitation screen). */
export type AccountProfile = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  title: string | null;
  signatureKey: string | null;
  initialKey: string | null;
  avatarKey: string | null;
  mf2aMethod: 'TOTP' | 'EMAIL' | null;
  verifiedAt: Date | null;
};

/** The account of a user id, or undefined. */
export async function findAccountById(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<AccountProfile | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      title: users.title,
      signatureKey: users.signatureKey,
      initialKey: users.initialKey,
      avatarKey: users.avatarKey,
      mf2aMethod: users.mf2aMethod,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * A password set through a mailed link (a contact's password reset): the mailbox is proven, so
 * the email counts as verified; every session of the login ends and its failed sign-ins are
 * forgotten, as with the staff reset.
 */
export async function resetAccountPassword(
  tx: Pick<Db, 'insert' | 'update' | 'delete'>,
  account: { id: string; email: string },
  passwordHash: string,
): Promise<void> {
  const now = new Date();
  await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, account.id));
  await tx
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, account.id), isNull(users.emailVerifiedAt)));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, account.id), isNull(refreshTokens.revokedAt)));
  await forgetSigninFailures(tx, account.email);
}
