import { and, asc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { companies, companyUsers } from './schema';

type Reader = Pick<Db, 'select'>;

/** The ids among `userIds` that are ACTIVE members of the company (malformed ids are left out). */
export async function activeMemberIds(
  db: Reader,
  companyId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const valid = [...new Set(userIds.filter(isUuid))];
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.status, 'ACTIVE'),
        inArray(companyUsers.userId, valid),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The ACTIVE memberships of the users, in every company, oldest first. */
export async function activeMembershipsOf(
  db: Reader,
  userIds: readonly string[],
): Promise<{ userId: string; companyId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: companyUsers.userId, companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(and(inArray(companyUsers.userId, [...userIds]), eq(companyUsers.status, 'ACTIVE')))
    .orderBy(asc(companyUsers.createdAt));
}

/** Whether the user has a membership of the company, whatever its status. */
export async function hasMembership(db: Reader, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The workspace's owner: its creator while they are still an active OWNER there, else the
 * longest-standing active OWNER (ownership may have been transferred); null when it has none.
 */
export async function findCompanyOwnerId(db: Reader, companyId: string): Promise<string | null> {
  const owners = await db
    .select({ userId: companyUsers.userId, createdBy: companies.createdBy })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.userType, 'OWNER'),
        eq(companyUsers.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(companyUsers.createdAt));
  return owners.find((o) => o.userId === o.createdBy)?.userId ?? owners[0]?.userId ?? null;
}

/** An active company by its sign-in slug (its contact-area page), or undefined. */
export async function findActiveCompanyBySlug(
  db: Reader,
  slug: string,
): Promise<{ id: string; name: string; slug: string } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.isActive, true)))
    .limit(1);
  return row;
}

/** The names of the given companies in one query (unknown or malformed ids are left out). */
export async function companyNamesById(
  db: Reader,
  companyIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(companyIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
