import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { users } from './schema';

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
