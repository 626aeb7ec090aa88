import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlanType, UserType } from '@esigns/contracts/auth';
import type { MembershipStatus } from '@esigns/contracts/team';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { userTypePermissionSets } from '../permissions';
import { companies, companyUsers } from './schema';

/*
 * What the company users module (members, invitations) reads and writes of memberships, without
 * the tables: a subquery its member list joins, joining and erasing a membership, the
 * owners' lock, and the workspaces two users share.
 */

/**
 * Every membership (any status) as a subquery other modules join in their lists (the company user
 * list with the accounts' names and the roles'). PostgreSQL flattens it into their join.
 */
export const membershipDirectory = queryBuilder
  .select({
    id: companyUsers.id,
    companyId: companyUsers.companyId,
    userId: companyUsers.userId,
    userType: companyUsers.userType,
    roleId: companyUsers.roleId,
    status: companyUsers.status,
    createdAt: companyUsers.createdAt,
  })
  .from(companyUsers)
  .as('membership_directory');

/**
 * Makes the user an ACTIVE member: a new membership, or a removed one brought back with the
 * given type and role. An ACTIVE member stays as they are (`joined: false`).
 */
export async function joinCompany(
  tx: Pick<Db, 'select' | 'insert' | 'update'>,
  input: { companyId: string; userId: string; userType: UserType; roleId: string | null },
): Promise<{ joined: boolean }> {
  const [existing] = await tx
    .select({ id: companyUsers.id, status: companyUsers.status })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, input.companyId), eq(companyUsers.userId, input.userId)))
    .limit(1)
    .for('update');
  if (existing?.status === 'ACTIVE') return { joined: false };
  if (existing) {
    await tx
      .update(companyUsers)
      .set({ status: 'ACTIVE', userType: input.userType, roleId: input.roleId, updatedAt: new Date() })
      .where(eq(companyUsers.id, existing.id));
  } else {
    await tx.insert(companyUsers).values({
      companyId: input.companyId,
      userId: input.userId,
      userType: input.userType,
      roleId: input.roleId,
    });
  }
  return { joined: true };
}

/** The user ids of the company's ACTIVE owners, their rows locked until the transaction ends. */
export async function lockActiveOwnerIds(tx: Pick<Db, 'select'>, companyId: string): Promise<string[]> {
  const owners = await tx
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.userType, 'OWNER'),
        eq(companyUsers.status, 'ACTIVE'),
      ),
    )
    .for('update');
  return owners.map((o) => o.userId);
}

/** Erases a membership row of the company (the account stays). */
export async function eraseMembership(
  tx: Pick<Db, 'delete'>,
  companyId: string,
  membershipId: string,
): Promise<void> {
  await tx
    .delete(companyUsers)
    .where(and(eq(companyUsers.id, membershipId), eq(companyUsers.companyId, companyId)));
}

export type SharedWorkspace = {
  companyId: string;
  name: string;
  slug: string;
  planType: PlanType;
  /** The other user's membership there. */
  userType: UserType;
  status: MembershipStatus;
  roleId: string | null;
  /** The caller's (ACTIVE) user type there and its saved permission set (null: the defaults). */
  myType: UserType;
  mySet: string[] | null;
};

/**
 * The workspaces where `userId` has a membership (any status) and `callerId` is an ACTIVE member,
 * by name, with the caller's user type and its saved permissions, in one query.
 */
export async function workspacesSharedWith(
  db: Pick<Db, 'select'>,
  userId: string,
  callerId: string,
): Promise<SharedWorkspace[]> {
  const theirs = alias(companyUsers, 'theirs');
  const mine = alias(companyUsers, 'mine');
  return db
    .select({
      companyId: companies.id,
      name: companies.name,
      slug: companies.slug,
      planType: companies.planType,
      userType: theirs.userType,
      status: theirs.status,
      roleId: theirs.roleId,
      myType: mine.userType,
      mySet: userTypePermissionSets.permissions,
    })
    .from(theirs)
    .innerJoin(companies, eq(companies.id, theirs.companyId))
    .innerJoin(
      mine,
      and(eq(mine.companyId, theirs.companyId), eq(mine.userId, callerId), eq(mine.status, 'ACTIVE')),
    )
    .leftJoin(
      userTypePermissionSets,
      and(
        eq(userTypePermissionSets.companyId, mine.companyId),
        eq(userTypePermissionSets.userType, mine.userType),
      ),
    )
    .where(eq(theirs.userId, userId))
    .orderBy(asc(companies.name));
}
