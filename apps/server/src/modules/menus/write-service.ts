import { and, eq, sql } from 'drizzle-orm';
import type { TMenu, TMenuItemParsed } from '@esigns/contracts/menus';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { checkMenuItems } from './check-items';
import { companyMenus } from './schema';
import { findMenuRow, resolveMenuOwner, toMenu, type MenuOwner } from './service';

/*
 * Saving and resetting the menu of a user type or a contact type (`POST/PUT menu`,
 * `POST/PUT menu/v2`, `DELETE menu/v2/{id}`). Every write needs `menus:manage` (checked by the
 * route). The answer is the saved menu as the editor shows it (every item, unfiltered).
 */

const editView = (db: Db, companyId: string, owner: MenuOwner, row: Parameters<typeof toMenu>[3]) =>
  toMenu(db, companyId, owner, row, null);

/** "MANAGER" or "Buyer (contact type)", for messages. */
const nameOf = (owner: MenuOwner): string =>
  owner.area === 'STAFF' ? owner.userType : `${owner.contactType.name} (contact type)`;

const staleMessage = (owner: MenuOwner) =>
  `The ${nameOf(owner)} menu was changed by someone else meanwhile: reload it and make your changes again`;

/** `POST menu`: the first stored menu of a user type (409 when one exists: change it with PUT). */
export async function createMenu(
  db: Db,
  access: AccessContext,
  body: { user_type: string; items: TMenuItemParsed[] },
): Promise<TMenu> {
  const owner = await resolveMenuOwner(db, access, body.user_type, 'body');
  const items = await checkMenuItems(db, access.companyId, body.items, owner.area);
  if (await findMenuRow(db, access.companyId, owner.key)) {
    throw new AppError('CONFLICT', {
      message: `The ${nameOf(owner)} menu has already been saved: reload it and change it instead`,
    });
  }
  try {
    const [row] = await db
      .insert(companyMenus)
      .values({ companyId: access.companyId, userType: owner.key, items, updatedBy: access.userId })
      .returning();
    return editView(db, access.companyId, owner, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', { message: staleMessage(owner) });
    throw err;
  }
}

/**
 * `PUT menu`: replaces the stored menu of a user type; `version` must be the one read (409
 * otherwise, also when the menu was reset to the default meanwhile).
 */
export async function updateMenu(
  db: Db,
  access: AccessContext,
  body: { user_type: string; items: TMenuItemParsed[]; version: number },
): Promise<TMenu> {
  const owner = await resolveMenuOwner(db, access, body.user_type, 'body');
  const items = await checkMenuItems(db, access.companyId, body.items, owner.area);
  const [row] = await db
    .update(companyMenus)
    .set({
      items,
      version: sql`${companyMenus.version} + 1`,
      updatedBy: access.userId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(companyMenus.companyId, access.companyId),
        eq(companyMenus.userType, owner.key),
        eq(companyMenus.version, body.version),
      ),
    )
    .returning();
  if (!row) throw new AppError('CONFLICT', { message: staleMessage(owner) });
  return editView(db, access.companyId, owner, row);
}

/**
 * `DELETE menu/v2/{id}`: back to the default menu. `id` is a stored menu's `_id`, a user type
 * name, a user type `_id` or a contact type `_id`; one without a stored menu is already at the
 * default (200). Unknown or another company's ids: 404.
 */
export async function resetMenu(db: Db, access: AccessContext, id: string): Promise<TMenu> {
  const [stored] = isUuid(id)
    ? await db
        .select({ key: companyMenus.userType })
        .from(companyMenus)
        .where(and(eq(companyMenus.companyId, access.companyId), eq(companyMenus.id, id)))
        .limit(1)
    : [];
  const owner = await resolveMenuOwner(db, access, stored?.key ?? id);
  await deleteStoredMenu(db, access.companyId, owner.key);
  return editView(db, access.companyId, owner, undefined);
}

/**
 * Removes the stored menu of a user type or contact type, if any. Also run when a contact type is
 * deleted (registered with contacts in `register-hooks.ts`: its key is the type's id, no foreign key can say so).
 */
export async function deleteStoredMenu(
  db: Pick<Db, 'delete'>,
  companyId: string,
  key: string,
): Promise<void> {
  await db
    .delete(companyMenus)
    .where(and(eq(companyMenus.companyId, companyId), eq(companyMenus.userType, key)));
}
