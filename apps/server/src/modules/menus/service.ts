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
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { findContactTypes } from '../contacts';
import type { TDashboardViewer } from '../custom-dashboards';
import { entitySummaries } from '../entities';
import { findUserTypePermissions, type AccessContext } from '../permissions';
import { companyMenus } from './schema';
import {
  dashboardShown,
  existingTargets,
  mergeTargets,
  targetExists,
  targetsNamed,
  type ExistingTargets,
} from './targets';

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

/**
 * Whose menu: a staff user type (with its stored permission set), or a contact type of the
 * company (its application users' sidebar in /ap). `key` is what `company_menus.user_type` holds
 * and the answer's `user_type`: the type's name, or the contact type's id.
 */
export type MenuOwner =
  | { area: 'STAFF'; key: UserType; userType: UserType; permissions: readonly string[] }
  | { area: 'APPLICATION'; key: string; contactType: { _id: string; name: string } };

/**
 * A user type named (OWNER, ADMIN, MANAGER, MEMBER in any case) or given by the `_id` of one of
 * the company's user types (`GET /userTypeList/{companyId}`) or of one of its contact types
 * (`GET /contact-types`). Anything else, another company's ids included: 404 when named in a
 * path, 422 on `user_type` when named in a body (`from: 'body'`).
 */
export async function resolveMenuOwner(
  db: ReadDb,
  access: AccessContext,
  ref: string,
  from: 'path' | 'body' = 'path',
): Promise<MenuOwner> {
  const unknown = () =>
    from === 'body'
      ? validationError([{ key: 'user_type', message: UNKNOWN_OWNER, path: ['user_type'] }], UNKNOWN_OWNER)
      : notFound('User type');
  const named = ref.trim().toUpperCase();
  const byName = (USER_TYPES as readonly string[]).includes(named);
  if (!byName && !isUuid(ref)) throw unknown();
  const row = await findUserTypePermissions(
    db,
    access.companyId,
    byName ? { userType: named as UserType } : { id: ref },
  );
  if (row || byName) {
    const userType = row?.userType ?? (named as UserType);
    const permissions = row?.permissions ?? DEFAULT_PERMISSIONS[userType];
    return { area: 'STAFF', key: userType, userType, permissions };
  }
  const [contactType] = await findContactTypes(db, access.companyId, [ref]);
  if (!contactType) throw unknown();
  return {
    area: 'APPLICATION',
    key: contactType.id,
    contactType: { _id: contactType.id, name: contactType.name },
  };
}

const UNKNOWN_OWNER = `Choose one of ${USER_TYPES.join(', ')}, a user type id or a contact type id of this company`;

export type MenuRow = typeof companyMenus.$inferSelect;

export async function findMenuRow(db: ReadDb, companyId: string, key: string): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(companyMenus)
    .where(and(eq(companyMenus.companyId, companyId), eq(companyMenus.userType, key)))
    .limit(1);
  return row;
}

const storedItems = (owner: MenuOwner, row: MenuRow | undefined): TMenuItemStored[] =>
  row ? (row.items as TMenuItemStored[]) : defaultMenuItems(owner.area);

/**
 * Whom a menu is read for: what they may open (`can`, by the leaf's permission) and who must be
 * shown a dashboard for its item to show (the menu's type, and a staff caller). Null: the editor,
 * every item.
 */
export type MenuReader = {
  can: (slug: PermissionSlug) => boolean;
  dashboardViewers: readonly TDashboardViewer[];
} | null;

/** The answered menu, given which of its targets exist (see `toMenu`). */
function assembleMenu(
  owner: MenuOwner,
  row: MenuRow | undefined,
  existing: ExistingTargets,
  reader: MenuReader,
): TMenu {
  const items = resolveMenu(
    storedItems(owner, row),
    (leaf) =>
      targetExists(existing, leaf) &&
      (reader === null ||
        ((leaf.permission === null || reader.can(leaf.permission as PermissionSlug)) &&
          dashboardShown(existing, leaf, reader.dashboardViewers))),
    reader === null,
    owner.area,
  );
  return {
    _id: row?.id ?? null,
    user_type: owner.key,
    contact_type: owner.area === 'APPLICATION' ? owner.contactType : null,
    items,
    version: row?.version ?? 0,
    is_default: !row,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * The answered menu of a stored row (or the area's default one): items resolved, items whose
 * entity, view, template or dashboard was deleted dropped, and, unless `reader` is null, items
 * hidden that the reader may not open.
 */
export async function toMenu(
  db: ReadDb,
  companyId: string,
  owner: MenuOwner,
  row: MenuRow | undefined,
  reader: MenuReader,
): Promise<TMenu> {
  const existing = await existingTargets(db, companyId, targetsNamed(storedItems(owner, row)));
  return assembleMenu(owner, row, existing, reader);
}

/**
 * What the caller sees of a staff type's menu: what both that type and the caller may open
 * (permissions, and dashboards shown to both).
 */
function staffReader(access: AccessContext, owner: Extract<MenuOwner, { area: 'STAFF' }>): MenuReader {
  const targetCan = userTypeCan(access, owner.userType, owner.permissions);
  const callerCan = (slug: PermissionSlug) => hasPermission(access, slug);
  return {
    can: (slug) => callerCan(slug) && targetCan(slug),
    dashboardViewers: [
      { userType: owner.userType, can: targetCan },
      { userType: access.userType, can: callerCan },
    ],
  };
}

/** An application users' menu as its contacts see it: dashboards assigned to the contact type. */
const contactReader = (contactTypeId: string): MenuReader => ({
  can: () => true,
  dashboardViewers: [{ contactTypeId }],
});

/**
 * `GET /userTypeList/{companyId}?isMenu=true`: the sidebar of each of the given staff user types,
 * their stored menu or else the default, as `GET /menu/{userType}` answers it to the caller.
 * One read of the stored menus and one of the rows they point at, whatever the number of types.
 */
export async function sidebarsOfUserTypes(
  db: ReadDb,
  access: AccessContext,
  types: readonly { userType: UserType; permissions: readonly string[] }[],
): Promise<Map<UserType, TMenuItem[]>> {
  const sidebars = new Map<UserType, TMenuItem[]>();
  if (types.length === 0) return sidebars;
  const rows = await db
    .select()
    .from(companyMenus)
    .where(
      and(
        eq(companyMenus.companyId, access.companyId),
        inArray(
          companyMenus.userType,
          types.map((t) => t.userType),
        ),
      ),
    );
  const owners = types.map((t): Extract<MenuOwner, { area: 'STAFF' }> => ({
    area: 'STAFF',
    key: t.userType,
    ...t,
  }));
  const rowOf = (owner: MenuOwner) => rows.find((r) => r.userType === owner.key);
  const named = owners.map((owner) => targetsNamed(storedItems(owner, rowOf(owner))));
  const existing = await existingTargets(db, access.companyId, mergeTargets(named));
  for (const owner of owners) {
    const menu = assembleMenu(owner, rowOf(owner), existing, staffReader(access, owner));
    sidebars.set(owner.userType, menu.items);
  }
  return sidebars;
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
 * the menu editor (needs `menus:manage`). A contact type's menu (application users) is read by
 * staff with `menus:manage` only: its items need no staff permission, so no filter applies.
 */
export async function getMenu(
  db: ReadDb,
  access: AccessContext,
  userTypeOrId: string,
  options: { edit?: boolean } = {},
): Promise<TMenu> {
  if (options.edit) requireMenuManager(access);
  const owner = await resolveMenuOwner(db, access, userTypeOrId);
  if (owner.area === 'APPLICATION') requireMenuManager(access);
  const row = await findMenuRow(db, access.companyId, owner.key);
  // Application leaves need no permission (null): only dashboards of other types and empty groups go.
  const reader = options.edit
    ? null
    : owner.area === 'APPLICATION'
      ? contactReader(owner.key)
      : staffReader(access, owner);
  return toMenu(db, access.companyId, owner, row, reader);
}

/**
 * `GET /menu/{id}` (and v2) for a signed-in contact: only their own contact type's stored menu (the
 * contact area's navigation); another type's id, a staff user type or a contact with no type:
 * 404; the editor's view (`edit=true`): 403.
 */
export async function getContactMenu(
  db: ReadDb,
  contact: { companyId: string; contactTypeId: string | null },
  ref: string,
  options: { edit?: boolean } = {},
): Promise<TMenu> {
  if (options.edit) throw new AppError('FORBIDDEN', { message: 'Only staff edit menus' });
  if (!contact.contactTypeId || ref !== contact.contactTypeId) throw notFound('User type');
  const [contactType] = await findContactTypes(db, contact.companyId, [ref]);
  if (!contactType) throw notFound('User type');
  const owner: MenuOwner = {
    area: 'APPLICATION',
    key: contactType.id,
    contactType: { _id: contactType.id, name: contactType.name },
  };
  const row = await findMenuRow(db, contact.companyId, owner.key);
  return toMenu(db, contact.companyId, owner, row, contactReader(owner.key));
}

/** `POST /menu/v2/usertypes`: the menus of several user types at once (each as `getMenu`). */
export async function getMenus(
  db: ReadDb,
  access: AccessContext,
  userTypes: readonly string[],
  options: { edit?: boolean } = {},
): Promise<TMenu[]> {
  const menus: TMenu[] = [];
  const seen = new Set<string>();
  for (const ref of userTypes) {
    const menu = await getMenu(db, access, ref, options);
    if (seen.has(menu.user_type)) continue;
    seen.add(menu.user_type);
    menus.push(menu);
  }
  return menus;
}

/**
 * `GET /menu/v2/entity/{id}`: the staff user types and the contact types whose stored menu shows
 * the entity (at the top level or in a group). The default menus show no entity. Another
 * company's entity: 404.
 */
export async function userTypesShowingEntity(
  db: ReadDb,
  companyId: string,
  entityId: string,
): Promise<{ entity_id: string; user_types: UserType[]; contact_types: { _id: string; name: string }[] }> {
  if (!isUuid(entityId)) throw notFound('Entity');
  if (!(await entitySummaries(db, companyId, [entityId])).has(entityId)) throw notFound('Entity');
  const top = JSON.stringify([{ kind: 'ENTITY', entity_id: entityId }]);
  const nested = JSON.stringify([{ children: [{ kind: 'ENTITY', entity_id: entityId }] }]);
  const rows = await db
    .select({ userType: companyMenus.userType })
    .from(companyMenus)
    .where(
      and(
        eq(companyMenus.companyId, companyId),
        sql`(${companyMenus.items} @> ${top}::jsonb or ${companyMenus.items} @> ${nested}::jsonb)`,
      ),
    );
  const found = new Set(rows.map((r) => r.userType));
  // Contact types' menus are keyed by the type's id.
  const contactTypesShowing = (await findContactTypes(db, companyId, [...found]))
    .filter((type) => found.has(type.id))
    .map((type) => ({ _id: type.id, name: type.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    entity_id: entityId,
    user_types: USER_TYPES.filter((type) => found.has(type)),
    contact_types: contactTypesShowing,
  };
}
