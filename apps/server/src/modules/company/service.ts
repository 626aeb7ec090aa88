import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PlanType, TWorkspace, UserType } from '@esigns/contracts/auth';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { seedUserTypes } from '../permissions';
import { companies, companyUsers, type MembershipStatus } from './schema';

/** What a later module does in the transaction that creates a workspace (module-hooks.ts). */
export type WorkspaceCreatedHook = (tx: WorkspaceTx, companyId: string) => Promise<void>;
type WorkspaceTx = Pick<Db, 'insert' | 'select' | 'update' | 'delete'>;
const workspaceCreatedHooks = new Map<string, WorkspaceCreatedHook>();

/**
 * Runs `hook` in the transaction of every new workspace, after its owner and user types (a module
 * that keeps something per company: the activity log's event interest). Registering a name again
 * replaces its hook (one app per test file).
 */
export function registerWorkspaceCreatedHook(name: string, hook: WorkspaceCreatedHook): void {
  workspaceCreatedHooks.set(name, hook);
}

/** Creates a workspace with its first member as OWNER; then the workspace-created hooks, same transaction. */
export async function createWorkspace(
  tx: WorkspaceTx,
  input: { name: string; planType: PlanType; ownerId: string },
): Promise<{ companyId: string }> {
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name,
      slug: slugFor(input.name),
      planType: input.planType,
      createdBy: input.ownerId,
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned nothing');
  await tx.insert(companyUsers).values({ companyId: company.id, userId: input.ownerId, userType: 'OWNER' });
  await seedUserTypes(tx, company.id);
  for (const hook of workspaceCreatedHooks.values()) await hook(tx, company.id);
  return { companyId: company.id };
}

/** Every workspace the user belongs to (not removed), oldest first. */
export async function listWorkspaces(db: Pick<Db, 'select'>, userId: string): Promise<TWorkspace[]> {
  const rows = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      slug: companies.slug,
      planType: companies.planType,
      isActive: companies.isActive,
      userType: companyUsers.userType,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.status, 'ACTIVE')))
    .orderBy(asc(companyUsers.createdAt));
  return rows.map((r) => ({
    company_id: r.companyId,
    company_name: r.name,
    company_slug: r.slug,
    plan_type: r.planType,
    user_type: r.userType,
    is_active: r.isActive,
  }));
}

export async function findMembership(
  db: Pick<Db, 'select'>,
  userId: string,
  companyId: string,
): Promise<{ userType: UserType; roleId: string | null; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ userType: companyUsers.userType, roleId: companyUsers.roleId, isActive: companies.isActive })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(
      and(
        eq(companyUsers.userId, userId),
        eq(companyUsers.companyId, companyId),
        eq(companyUsers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row;
}

export type CompanyRow = typeof companies.$inferSelect;

/** The company, or undefined. */
export async function findCompanyById(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** Locks the member's membership row until the transaction ends (serialises their writes). */
export async function lockMembership(
  tx: Pick<Db, 'select'>,
  companyId: string,
  userId: string,
): Promise<void> {
  await tx
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .for('update');
}

/** The user's ACTIVE memberships in other companies than `companyId`. */
export async function countOtherMemberships(
  db: Pick<Db, 'select'>,
  userId: string,
  companyId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.userId, userId),
        eq(companyUsers.status, 'ACTIVE'),
        ne(companyUsers.companyId, companyId),
      ),
    );
  return row?.n ?? 0;
}

export type Member = {
  id: string;
  userId: string;
  userType: UserType;
  roleId: string | null;
  status: MembershipStatus;
};

/** A membership of the company by user id or membership id, locked FOR UPDATE when `lock`. */
export async function findMember(
  db: Pick<Db, 'select'>,
  companyId: string,
  idOrUserId: string,
  lock: boolean,
): Promise<Member | undefined> {
  if (!isUuid(idOrUserId)) return undefined;
  const query = db
    .select({
      id: companyUsers.id,
      userId: companyUsers.userId,
      userType: companyUsers.userType,
      roleId: companyUsers.roleId,
      status: companyUsers.status,
    })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        sql`(${companyUsers.id} = ${idOrUserId} or ${companyUsers.userId} = ${idOrUserId})`,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Gives a membership of the company another user type and role. */
export async function setMemberUserType(
  tx: Pick<Db, 'update'>,
  companyId: string,
  membershipId: string,
  userType: UserType,
  roleId: string | null,
): Promise<void> {
  await tx
    .update(companyUsers)
    .set({ userType, roleId, updatedAt: new Date() })
    .where(and(eq(companyUsers.id, membershipId), eq(companyUsers.companyId, companyId)));
}

/** Ends a membership (status DELETED): the user leaves the company. */
export async function endMembership(
  tx: Pick<Db, 'update'>,
  companyId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(companyUsers)
    .set({ status: 'DELETED', updatedAt: new Date() })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

/** How many ACTIVE members of the company have each user type. */
export async function countActiveMembersByUserType(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<Map<UserType, number>> {
  const rows = await db
    .select({ userType: companyUsers.userType, n: sql<number>`count(*)::int` })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.status, 'ACTIVE')))
    .groupBy(companyUsers.userType);
  return new Map(rows.map((r) => [r.userType, Number(r.n)]));
}

/** Members (active or removed, not erased: every row but DELETED) holding each of the roles. */
export async function countMembersByRole(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleIds: readonly string[],
): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ roleId: companyUsers.roleId, n: sql<number>`count(*)::int` })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.companyId, companyId),
        ne(companyUsers.status, 'DELETED'),
        inArray(companyUsers.roleId, [...roleIds]),
      ),
    )
    .groupBy(companyUsers.roleId);
  return new Map(rows.map((r) => [r.roleId!, Number(r.n)]));
}

/** Takes a deleted role from the memberships that still name it. */
export async function clearMembersRole(
  tx: Pick<Db, 'update'>,
  companyId: string,
  roleId: string,
): Promise<void> {
  await tx
    .update(companyUsers)
    .set({ roleId: null, updatedAt: new Date() })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.roleId, roleId)));
}

/** URL-safe slug with a random suffix, so that two companies of the same name never collide. */
function slugFor(name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'workspace';
  return `${base}-${randomBytes(3).toString('hex')}`;
}
