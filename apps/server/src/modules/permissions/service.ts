import { and, eq } from 'drizzle-orm';
import { USER_TYPES, type PlanType, type UserType } from '@esigns/contracts/auth';
import { PERMISSION_CATEGORIES } from '@esigns/contracts/permission-catalogue';
import {
  canActOnRow,
  findPermissionCategory,
  isOwnerOnlyPermission,
  isPermissionSlug,
  OWNER_ONLY_PERMISSIONS,
  planPermissions,
  toPermissionList,
  type PermissionCategorySlug,
  type PermissionSlug,
  type TPermissionCategory,
} from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { TMenuItem } from '@esigns/contracts/menus';
import type { AccessContext } from './access';
import { countMembersByUserType, sidebarsOfUserTypes } from './hooks';
import { userTypePermissions } from './schema';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MEMBER: 'Member',
};

export type PermissionOverview = {
  categories: TPermissionCategory[];
  permissions: PermissionSlug[];
  company_permissions: PermissionSlug[];
  owner_only: PermissionSlug[];
  user_type: UserType;
  plan_type: PlanType;
};

/** `GET /permissions`: the catalogue, the company permission set and the caller's own permissions. */
export function getPermissionOverview(access: AccessContext): PermissionOverview {
  return {
    categories: PERMISSION_CATEGORIES.map(copyCategory),
    permissions: toPermissionList(access.permissions),
    company_permissions: [...planPermissions(access.planType)],
    owner_only: [...OWNER_ONLY_PERMISSIONS],
    user_type: access.userType,
    plan_type: access.planType,
  };
}

/** `POST /permissionsByCat`: one category (aliases resolved) and which of its slugs the caller holds. */
export function getPermissionCategory(
  access: AccessContext,
  category: PermissionCategorySlug,
): TPermissionCategory & { granted: PermissionSlug[] } {
  const found = findPermissionCategory(category);
  if (!found) throw notFound('Permission category');
  const copy = copyCategory(found);
  const granted = toPermissionList(
    copy.permissions.map((p) => p.slug).filter((slug) => access.permissions.has(slug)),
  );
  return { ...copy, granted };
}

function copyCategory(category: (typeof PERMISSION_CATEGORIES)[number]): TPermissionCategory {
  return {
    slug: category.slug,
    label: category.label,
    permissions: category.permissions.map((p) => ({
      slug: p.slug,
      label: p.label,
      description: p.description,
    })),
  };
}

export type UserTypeView = {
  _id: string;
  user_type: UserType;
  label: string;
  permissions: string[];
  user_count: number;
  updated_at: string;
  menu?: TMenuItem[];
};

type UserTypeRow = {
  id: string;
  userType: UserType;
  permissions: string[];
  updatedAt: Date;
};

/**
 * `GET /userTypeList/{companyId}`: the four user types of the caller's company, in rank order,
 * with their stored permission sets and how many active users each has. With `isMenu` each also
 * carries the sidebar that type gets: its stored menu (/menu-management) or else the default, as
 * `GET /menu/{userType}` answers it to the caller. Any other company id answers 404.
 */
export async function listUserTypes(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  companyId: string,
  options: { isMenu: boolean },
): Promise<UserTypeView[]> {
  if (companyId.toLowerCase() !== access.companyId) throw notFound('Company');
  const rows = await db
    .select({
      id: userTypePermissions.id,
      userType: userTypePermissions.userType,
      permissions: userTypePermissions.permissions,
      updatedAt: userTypePermissions.updatedAt,
    })
    .from(userTypePermissions)
    .where(eq(userTypePermissions.companyId, access.companyId));
  const counts = await countMembersByUserType(db, access.companyId);
  const menus = options.isMenu ? await sidebarsOfUserTypes(db, access, rows) : null;
  return USER_TYPES.flatMap((type) => {
    const row = rows.find((r) => r.userType === type);
    return row ? [toView(access, row, counts.get(type) ?? 0, menus?.get(type))] : [];
  });
}

/** `GET /userType/{id}`: one user type of the caller's company, by id or by name. */
export async function getUserType(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  idOrType: string,
): Promise<UserTypeView> {
  const row = await findUserTypeRow(db, access.companyId, idOrType);
  const counts = await countMembersByUserType(db, access.companyId);
  return toView(access, row, counts.get(row.userType) ?? 0);
}

/**
 * `PATCH /permissions/{id}`: replaces the permission set of one of the company's user types.
 * - the caller must be able to act on that type (`canActOnRow`: an ADMIN never edits OWNER);
 * - OWNER always holds everything: its set can grow but never shrink (409);
 * - owner-only rights cannot be given to another type (422 on `permissions`);
 * - nobody but an OWNER grants a permission they do not hold themselves (403).
 * Members of the type get the new set on their next call (access is read on every request).
 */
export async function updateUserTypePermissions(
  db: Db,
  access: AccessContext,
  id: string,
  permissions: PermissionSlug[],
): Promise<UserTypeView> {
  return db.transaction(async (tx) => {
    const row = await findUserTypeRow(tx, access.companyId, id, { byNameToo: false, forUpdate: true });
    if (!canActOnRow(access, { created_by: '', role_user_type: row.userType }, 'permissions:manage')) {
      throw new AppError('FORBIDDEN', {
        message: `You cannot change the permissions of ${row.userType} users`,
      });
    }
    const current = toPermissionList(row.permissions);
    if (row.userType === 'OWNER') {
      const removed = current.filter((slug) => !permissions.includes(slug));
      if (removed.length > 0) {
        throw new AppError('CONFLICT', {
          message: `The OWNER always has every permission: its set cannot be reduced (tried to remove ${removed.join(', ')})`,
        });
      }
    } else {
      const ownerOnly = permissions.filter(isOwnerOnlyPermission);
      if (ownerOnly.length > 0) {
        const message = `Only the OWNER can hold ${ownerOnly.join(', ')}`;
        throw validationError([{ key: 'permissions', message, path: ['permissions'] }], message);
      }
    }
    if (access.userType !== 'OWNER') {
      const notHeld = permissions.filter((slug) => !current.includes(slug) && !access.permissions.has(slug));
      if (notHeld.length > 0) {
        throw new AppError('FORBIDDEN', {
          message: `You cannot grant permissions you do not have yourself: ${notHeld.join(', ')}`,
        });
      }
    }
    // Slugs retired from the catalogue drop out; OWNER keeps whatever it had.
    const next = row.userType === 'OWNER' ? toPermissionList([...current, ...permissions]) : permissions;
    const [updated] = await tx
      .update(userTypePermissions)
      .set({ permissions: next, updatedAt: new Date() })
      .where(and(eq(userTypePermissions.id, row.id), eq(userTypePermissions.companyId, access.companyId)))
      .returning({
        id: userTypePermissions.id,
        userType: userTypePermissions.userType,
        permissions: userTypePermissions.permissions,
        updatedAt: userTypePermissions.updatedAt,
      });
    if (!updated) throw notFound('User type');
    const counts = await countMembersByUserType(tx, access.companyId);
    return toView(access, updated, counts.get(updated.userType) ?? 0);
  });
}

/**
 * The stored permission set of one of the company's user types, named or by its `_id`; undefined
 * when the company has no such row.
 */
export async function findUserTypePermissions(
  db: Pick<Db, 'select'>,
  companyId: string,
  by: { userType: UserType } | { id: string },
): Promise<{ userType: UserType; permissions: string[] } | undefined> {
  const [row] = await db
    .select({ userType: userTypePermissions.userType, permissions: userTypePermissions.permissions })
    .from(userTypePermissions)
    .where(
      and(
        eq(userTypePermissions.companyId, companyId),
        'userType' in by ? eq(userTypePermissions.userType, by.userType) : eq(userTypePermissions.id, by.id),
      ),
    )
    .limit(1);
  return row;
}

async function findUserTypeRow(
  db: Pick<Db, 'select'>,
  companyId: string,
  idOrType: string,
  options: { byNameToo?: boolean; forUpdate?: boolean } = {},
): Promise<UserTypeRow> {
  const named = idOrType.toUpperCase();
  const byName = options.byNameToo !== false && (USER_TYPES as readonly string[]).includes(named);
  if (!byName && !isUuid(idOrType)) throw notFound('User type');
  const query = db
    .select({
      id: userTypePermissions.id,
      userType: userTypePermissions.userType,
      permissions: userTypePermissions.permissions,
      updatedAt: userTypePermissions.updatedAt,
    })
    .from(userTypePermissions)
    .where(
      and(
        eq(userTypePermissions.companyId, companyId),
        byName ? eq(userTypePermissions.userType, named as UserType) : eq(userTypePermissions.id, idOrType),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('User type');
  return row;
}

function toView(
  access: AccessContext,
  row: UserTypeRow,
  userCount: number,
  menu?: TMenuItem[],
): UserTypeView {
  // OWNER's stored set is informative only: the OWNER holds the whole company set.
  const permissions =
    row.userType === 'OWNER'
      ? [...planPermissions(access.planType)]
      : row.permissions.filter(isPermissionSlug);
  const view: UserTypeView = {
    _id: row.id,
    user_type: row.userType,
    label: USER_TYPE_LABELS[row.userType],
    permissions,
    user_count: userCount,
    updated_at: row.updatedAt.toISOString(),
  };
  if (menu) view.menu = menu;
  return view;
}

/**
 * The saved permission set of each company's user types (absent: the defaults of
 * `DEFAULT_PERMISSIONS`), as a subquery the company module joins to memberships (which of a
 * user's workspaces let them see company users). PostgreSQL flattens it into the join.
 */
export const userTypePermissionSets = queryBuilder
  .select({
    companyId: userTypePermissions.companyId,
    userType: userTypePermissions.userType,
    permissions: userTypePermissions.permissions,
  })
  .from(userTypePermissions)
  .as('user_type_permission_sets');
