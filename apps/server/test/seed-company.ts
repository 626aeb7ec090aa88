import { randomUUID } from 'node:crypto';
import { USER_TYPES, type PlanType, type UserType } from '@esigns/contracts/auth';
import { hashPassword } from '../src/platform/auth/passwords';
import { users } from '../src/modules/auth/schema';
import { openSession } from '../src/modules/auth/session-service';
import { companyUsers } from '../src/modules/company/schema';
import { createWorkspace } from '../src/modules/company/service';
import type { TestApp } from './test-app';

export const SEED_PASSWORD = 'S3cure-pass';

export type SeededUser = {
  userId: string;
  email: string;
  userType: UserType;
  /** Bearer access token of a session in the seeded company. */
  token: string;
  refreshToken: string;
  headers: { authorization: string };
};

export type SeededCompany = {
  companyId: string;
  name: string;
  users: Record<UserType, SeededUser>;
};

let passwordHash: Promise<string> | undefined;

/** A verified account (password SEED_PASSWORD) without any workspace. */
export async function seedUser(t: TestApp, prefix = 'user'): Promise<{ userId: string; email: string }> {
  passwordHash ??= hashPassword(SEED_PASSWORD);
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await t.platform.database.db
    .insert(users)
    .values({
      email,
      firstName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
      lastName: 'Tester',
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('seed user insert returned nothing');
  return { userId: user.id, email };
}

/** A session of `userId` in `companyId` (they must be an active member). */
export async function signInAs(
  t: TestApp,
  user: { userId: string; email: string },
  companyId: string,
  userType: UserType,
): Promise<SeededUser> {
  const session = await t.platform.database.db.transaction((tx) =>
    openSession(t.platform, tx, {
      userId: user.userId,
      companyId,
      client: { ip: '127.0.0.1', userAgent: 'vitest' },
    }),
  );
  return {
    ...user,
    userType,
    token: session.access_token,
    refreshToken: session.refresh_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** Adds an existing account to a company as an ACTIVE member of `userType` and signs it in there. */
export async function seedMember(
  t: TestApp,
  companyId: string,
  userType: UserType,
  prefix: string = userType.toLowerCase(),
): Promise<SeededUser> {
  const user = await seedUser(t, prefix);
  await t.platform.database.db.insert(companyUsers).values({ companyId, userId: user.userId, userType });
  return signInAs(t, user, companyId, userType);
}

/**
 * A company (BUSINESS by default) with one signed-in user of each type, created through the same
 * service as sign-up (so its user types carry the default permission sets).
 */
export async function seedCompany(
  t: TestApp,
  options: { planType?: PlanType; name?: string } = {},
): Promise<SeededCompany> {
  const name = options.name ?? `Company ${randomUUID().slice(0, 6)}`;
  const owner = await seedUser(t, 'owner');
  const { companyId } = await t.platform.database.db.transaction((tx) =>
    createWorkspace(tx, { name, planType: options.planType ?? 'BUSINESS', ownerId: owner.userId }),
  );
  const seeded: Partial<Record<UserType, SeededUser>> = {
    OWNER: await signInAs(t, owner, companyId, 'OWNER'),
  };
  for (const userType of USER_TYPES) {
    if (userType !== 'OWNER') seeded[userType] = await seedMember(t, companyId, userType);
  }
  return { companyId, name, users: seeded as Record<UserType, SeededUser> };
}
