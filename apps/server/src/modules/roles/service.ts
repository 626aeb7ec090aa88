import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import { canActOnRow, type PermissionSlug } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { clearMembersRole, countMembersByRole } from '../company';
import type { AccessContext } from '../permissions';
import { countPendingInvitations } from './hooks';
import { roles } from './schema';

export type RoleView = {
  _id: string;
  name: string;
  user_type: UserType;
  description: string;
  /** Members (active or removed but not erased) holding the role. */
  user_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type RoleListQuery = { page: number; limit: number; search?: string; user_type?: UserType };
export type CreateRoleInput = { name: string; user_type: UserType; description?: string };
export type UpdateRoleInput = { name?: string; user_type?: UserType; description?: string };

/** Escapes LIKE wildcards so that a search for `50%` finds "50%" literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Throws 403 unless the caller may act on rows of `userType` (spec 1 §6 per-row rule, shared with
 * company users): an ADMIN never on OWNER, a MANAGER on MANAGER or MEMBER, a MEMBER on MEMBER.
 */
export function assertCanActOnUserType(
  access: AccessContext,
  userType: UserType,
  slug: PermissionSlug,
  what: string,
): void {
  if (!canActOnRow(access, { created_by: '', role_user_type: userType }, slug)) {
    throw new AppError('FORBIDDEN', {
      message: `As ${access.userType} you cannot ${what} ${userType} users`,
    });
  }
}

/** `GET /roles`: paged, ordered by name; `search` in name and description; optional `user_type`. */
export async function listRoles(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  query: RoleListQuery,
): Promise<{ rows: RoleView[]; total: number }> {
  const filters: SQL[] = [eq(roles.companyId, access.companyId)];
  if (query.user_type) filters.push(eq(roles.userType, query.user_type));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(roles.name, pattern), ilike(roles.description, pattern))!);
  }
  const where = and(...filters);
  const [totalRow] = await db.select({ n: count() }).from(roles).where(where);
  const rows = await selectRoles(db)
    .where(where)
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const counted = await withUserCounts(db, access.companyId, rows);
  return { rows: counted.map(toView), total: Number(totalRow?.n ?? 0) };
}

/** `GET /role/{id}`. Unknown, malformed and other companies' ids: 404. */
export async function getRole(db: Pick<Db, 'select'>, access: AccessContext, id: string): Promise<RoleView> {
  return toView(await findRoleRow(db, access.companyId, id));
}

/** `POST /createRole`. Names are unique per company, ignoring case (422 on `name`). */
export async function createRole(db: Db, access: AccessContext, input: CreateRoleInput): Promise<RoleView> {
  assertCanActOnUserType(access, input.user_type, 'roles:create', 'create roles for');
  await assertNameFree(db, access.companyId, input.name);
  try {
    const [row] = await db
      .insert(roles)
      .values({
        companyId: access.companyId,
        name: input.name,
        userType: input.user_type,
        description: input.description ?? '',
        createdBy: access.userId,
      })
      .returning({ id: roles.id });
    if (!row) throw new AppError('INTERNAL_ERROR', { message: 'Role could not be stored' });
    return getRole(db, access, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * `PATCH /updateRole/{_id}`: name, description and user type. The caller must reach the role's
 * type and the new one; the type cannot change while members or pending invitations hold the
 * role (they would silently change rank): 409.
 */
export async function updateRole(
  db: Db,
  access: AccessContext,
  id: string,
  input: UpdateRoleInput,
): Promise<RoleView> {
  const role = await findRoleRow(db, access.companyId, id);
  assertCanActOnUserType(access, role.userType, 'roles:update', 'edit roles of');
  if (input.user_type && input.user_type !== role.userType) {
    assertCanActOnUserType(access, input.user_type, 'roles:update', 'move roles to');
    const holders = await countHolders(db, access.companyId, role.id);
    if (holders.members + holders.invitations > 0) {
      throw new AppError('CONFLICT', {
        message: `This role is held by ${describeHolders(holders)}: move them to another role before changing its user type`,
      });
    }
  }
  if (input.name !== undefined && input.name.toLowerCase() !== role.name.toLowerCase()) {
    await assertNameFree(db, access.companyId, input.name, role.id);
  }
  try {
    await db
      .update(roles)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.user_type !== undefined ? { userType: input.user_type } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(roles.id, role.id), eq(roles.companyId, access.companyId)));
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return getRole(db, access, role.id);
}

/**
 * `DELETE /deleteRole/{id}`: refused (409) while active members or pending invitations hold the
 * role; removed members who still point at it lose the reference.
 */
export async function deleteRole(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  return db.transaction(async (tx) => {
    const role = await findRoleRow(tx, access.companyId, id);
    assertCanActOnUserType(access, role.userType, 'roles:delete', 'delete roles of');
    const holders = await countHolders(tx, access.companyId, role.id);
    if (holders.members + holders.invitations > 0) {
      throw new AppError('CONFLICT', {
        message: `This role is held by ${describeHolders(holders)}: give them another role first`,
      });
    }
    await clearMembersRole(tx, access.companyId, role.id);
    await tx.delete(roles).where(and(eq(roles.id, role.id), eq(roles.companyId, access.companyId)));
    return { _id: role.id };
  });
}

/**
 * For company users and invitations: the role `roleId` of the company, which must be of
 * `userType`. Anything else is a 422 on `role_id` (the form shows it beside the field).
 */
export async function assertRoleFits(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
  userType: UserType,
): Promise<{ id: string; name: string }> {
  const [role] = isUuid(roleId)
    ? await db
        .select({ id: roles.id, name: roles.name, userType: roles.userType })
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)))
        .limit(1)
    : [];
  if (!role) throw roleError('Role not found');
  if (role.userType !== userType) {
    throw roleError(`This role is for ${role.userType} users, not ${userType}`);
  }
  return { id: role.id, name: role.name };
}

/** The user type of a role of the company, or undefined (used to drop a role that no longer fits). */
export async function findRoleUserType(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
): Promise<UserType | undefined> {
  const [role] = await db
    .select({ userType: roles.userType })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)))
    .limit(1);
  return role?.userType;
}

function roleError(message: string): AppError {
  return validationError([{ key: 'role_id', message, path: ['role_id'] }], message);
}

function selectRoles(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      userType: roles.userType,
      description: roles.description,
      createdBy: roles.createdBy,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles)
    .$dynamic();
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRoles>['execute']>>[number] & { userCount: number };

/** The rows with how many members hold each role (one query for them all). */
async function withUserCounts(
  db: Pick<Db, 'select'>,
  companyId: string,
  rows: Omit<RoleRow, 'userCount'>[],
): Promise<RoleRow[]> {
  const counts = await countMembersByRole(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, userCount: counts.get(row.id) ?? 0 }));
}

async function findRoleRow(db: Pick<Db, 'select'>, companyId: string, id: string): Promise<RoleRow> {
  if (!isUuid(id)) throw notFound('Role');
  const [row] = await selectRoles(db)
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Role');
  const [counted] = await withUserCounts(db, companyId, [row]);
  return counted!;
}

async function assertNameFree(
  db: Pick<Db, 'select'>,
  companyId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const filters = [eq(roles.companyId, companyId), sql`lower(${roles.name}) = lower(${name})`];
  if (exceptId) filters.push(ne(roles.id, exceptId));
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...filters))
    .limit(1);
  if (clash) throw nameTaken();
}

function nameTaken(): AppError {
  const message = 'A role with this name already exists';
  return validationError([{ key: 'name', message, path: ['name'] }], message);
}

async function countHolders(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
): Promise<{ members: number; invitations: number }> {
  const members = await countMembersByRole(db, companyId, [roleId]);
  return {
    members: members.get(roleId) ?? 0,
    invitations: await countPendingInvitations(db, companyId, roleId),
  };
}

function describeHolders(holders: { members: number; invitations: number }): string {
  const parts: string[] = [];
  if (holders.members > 0) parts.push(`${holders.members} user${holders.members === 1 ? '' : 's'}`);
  if (holders.invitations > 0) {
    parts.push(`${holders.invitations} pending invitation${holders.invitations === 1 ? '' : 's'}`);
  }
  return parts.join(' and ');
}

function toView(row: RoleRow): RoleView {
  return {
    _id: row.id,
    name: row.name,
    user_type: row.userType,
    description: row.description,
    user_count: Number(row.userCount),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Every role's id, company and name, as a subquery other modules join (the company user list and
 * invitations show the role's name). PostgreSQL flattens it into their join.
 */
export const roleDirectory = queryBuilder
  .select({ id: roles.id, companyId: roles.companyId, name: roles.name })
  .from(roles)
  .as('role_directory');
