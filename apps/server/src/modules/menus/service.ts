import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import {
  DEFAULT_MENU,
  defaultMenuItems,
  resolveMenu,
  type TMenu,
  type TMenuItem,
  type TMenuItemStored,
  ZMenuItem,
} from '@esigns/contracts/menus';
import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  hasPermission,
  type PermissionSlug,
} from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import { entities } from '../entities/schema';
import type { AccessContext } from '../permissions/access';
import { userTypePermissions } from '../permissions/schema';
import { companyMenus } from './schema';
import { existingTargets, targetExists, targetsNamed } from './targets';

export { DEFAULT_MENU, ZMenuItem };
export type { TMenuItem };

type ReadDb = Pick<Db, 'select'>;

/** The default menu as seen by someone for whom `canSee(slug)` tells which links show. */
export function buildMenu(canSee: (slug: PermissionSlug) => boolean): TMenuItem[] {
  return resolveMenu(
    defaultMenuItems(),
    (leaf) => leaf.permission === null || canSee(leaf.permission as PermissionSlug),
  );
}

/** Whether a user of `userType` in the caller's company holds `slug`, by that type's stored set. */
export function userTypeCan(
  access: Pick<AccessContext, 'planType'>,
  userType: UserType,
  storedSet: readonly string[],
): (slug: PermissionSlug) => boolean {
  const permissions = effectivePermissions({
    planType: access.planType,
    userType,
    userTypePermissions: storedSet,
  });
  return (slug) => hasPermission({ planType: access.planType, userType, permissions }, slug);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ResolvedUserType = { userType: UserType; permissions: readonly string[] };

/**
 * A user type named (OWNER, ADMIN, MANAGER, MEMBER in any case) or given by the `_id` of one of
 * the company's user types (`GET /userTypeList/{companyId}`), with its stored permission set.
 * Anything else, another company's id included: 404.
 */
export async function resolveUserType(
  db: ReadDb,
  access: AccessContext,
  userTypeOrId: string,
): Promise<ResolvedUserType> {
  const named = userTypeOrId.trim().toUpperCase();
  const byName = (USER_TYPES as readonly string[]).includes(named);
  if (!byName && !UUID.test(userTypeOrId)) throw notFound('User type');
  const [row] = await db
    .select({ userType: userTypePermissions.userType, permissions: userTypePermissions.permissions })
    .from(userTypePermissions)
    .where(
      and(
        eq(userTypePermissions.companyId, access.companyId),
        byName
          ? eq(userTypePermissions.userType, named as UserType)
          : eq(userTypePermissions.id, userTypeOrId),
      ),
    )
    .limit(1);
  if (!row && !byName) throw notFound('User type');
  const userType = row?.userType ?? (named as UserType);
  return { userType, permissions: row?.permissions ?? DEFAULT_PERMISSIONS[userType] };
}

export type MenuRow = typeof companyMenus.$inferSelect;

export async function findMenuRow(
  db: ReadDb,
  companyId: string,
  userType: UserType,
): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(companyMenus)
    .where(and(eq(companyMenus.companyId, companyId), eq(companyMenus.userType, userType)))
    .limit(1);
  return row;
}

/**
 * The answered menu of a stored row (or the default one): items resolved, items whose entity,
 * view or template was deleted dropped, and, unless `canSee` is null, items hidden whose
 * permission `canSee` refuses.
 */
export async function toMenu(
  db: ReadDb,
  companyId: string,
  userType: UserType,
  row: MenuRow | undefined,
  canSee: ((slug: PermissionSlug) => boolean) | null,
): Promise<TMenu> {
  const stored = row ? (row.items as TMenuItemStored[]) : defaultMenuItems();
  const existing = await existingTargets(db, companyId, targetsNamed(stored));
  const items = resolveMenu(
    stored,
    (leaf) =>
      targetExists(existing, leaf) &&
      (canSee === null || leaf.permission === null || canSee(leaf.permission as PermissionSlug)),
    canSee === null,
  );
  return {
    _id: row?.id ?? null,
    user_type: userType,
    items,
    version: row?.version ?? 0,
    is_default: !row,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

function requireMenuManager(access: AccessContext): void {
  if (!hasPermission(access, 'menus:manage')) {
    throw new AppError('FORBIDDEN', { message: 'You do not have permission to do this (menus:manage)' });
  }
}

/**
 * `GET /menu/{userType}`, `GET /menu/v2/{userType}`: the company's menu of a user type (its stored
 * one, else the default), limited to what both that type and the caller may see: a user asking
 * for their own type gets their own menu, an administrator previewing MEMBER gets MEMBER's, and
 * asking for a higher type never reveals more than one's own. `edit`: every item, unfiltered, for
 * the menu editor (needs `menus:manage`).
 */
export async function getMenu(
  db: ReadDb,
  access: AccessContext,
  userTypeOrId: string,
  options: { edit?: boolean } = {},
): Promise<TMenu> {
  if (options.edit) requireMenuManager(access);
  const target = await resolveUserType(db, access, userTypeOrId);
  const row = await findMenuRow(db, access.companyId, target.userType);
  const targetCan = userTypeCan(access, target.userType, target.permissions);
  const canSee = options.edit
    ? null
    : (slug: PermissionSlug) => hasPermission(access, slug) && targetCan(slug);
  return toMenu(db, access.companyId, target.userType, row, canSee);
}

/** `POST /menu/v2/usertypes`: the menus of several user types at once (each as `getMenu`). */
export async function getMenus(
  db: ReadDb,
  access: AccessContext,
  userTypes: readonly string[],
  options: { edit?: boolean } = {},
): Promise<TMenu[]> {
  const menus: TMenu[] = [];
  const seen = new Set<UserType>();
  for (const ref of userTypes) {
    const menu = await getMenu(db, access, ref, options);
    if (seen.has(menu.user_type)) continue;
    seen.add(menu.user_type);
    menus.push(menu);
  }
  return menus;
}

/**
 * `GET /menu/v2/entity/{id}`: the user types whose stored menu shows the entity (at the top level
 * or in a group). The default menu shows no entity. Another company's entity: 404.
 */
export async function userTypesShowingEntity(
  db: ReadDb,
  companyId: string,
  entityId: string,
): Promise<{ entity_id: string; user_types: UserType[] }> {
  if (!UUID.test(entityId)) throw notFound('Entity');
  const [entity] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.companyId, companyId), eq(entities.id, entityId)))
    .limit(1);
  if (!entity) throw notFound('Entity');
  const top = JSON.stringify([{ kind: 'ENTITY', entity_id: entityId }]);
  const nested = JSON.stringify([{ children: [{ kind: 'ENTITY', entity_id: entityId }] }]);
  const rows = await db
    .select({ userType: companyMenus.userType })
    .from(companyMenus)
    .where(
      and(
        eq(companyMenus.companyId, companyId),
        inArray(companyMenus.userType, [...USER_TYPES]),
        sql`(${companyMenus.items} @> ${top}::jsonb or ${companyMenus.items} @> ${nested}::jsonb)`,
      ),
    );
  const found = new Set(rows.map((r) => r.userType));
  return { entity_id: entityId, user_types: USER_TYPES.filter((type) => found.has(type)) };
}
