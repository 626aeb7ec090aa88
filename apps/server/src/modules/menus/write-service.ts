import { and, eq, sql } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import type { TMenu, TMenuItemParsed } from '@esigns/contracts/menus';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth/signup-service';
import type { AccessContext } from '../permissions/access';
import { checkMenuItems } from './check-items';
import { companyMenus } from './schema';
import { findMenuRow, resolveUserType, toMenu } from './service';

/*
 * Saving and resetting a user type's menu (`POST/PUT menu`, `POST/PUT menu/v2`,
 * `DELETE menu/v2/{id}`). Every write needs `menus:manage` (checked by the route). The answer is
 * the saved menu as the editor shows it (every item, unfiltered).
 */

const editView = (db: Db, companyId: string, userType: UserType, row: Parameters<typeof toMenu>[3]) =>
  toMenu(db, companyId, userType, row, null);

const staleMessage = (userType: UserType) =>
  `The ${userType} menu was changed by someone else meanwhile: reload it and make your changes again`;

/** `POST menu`: the first stored menu of a user type (409 when one exists: change it with PUT). */
export async function createMenu(
  db: Db,
  access: AccessContext,
  body: { user_type: string; items: TMenuItemParsed[] },
): Promise<TMenu> {
  const { userType } = await resolveUserType(db, access, body.user_type);
  const items = await checkMenuItems(db, access.companyId, body.items);
  if (await findMenuRow(db, access.companyId, userType)) {
    throw new AppError('CONFLICT', {
      message: `The ${userType} menu has already been saved: reload it and change it instead`,
    });
  }
  try {
    const [row] = await db
      .insert(companyMenus)
      .values({ companyId: access.companyId, userType, items, updatedBy: access.userId })
      .returning();
    return editView(db, access.companyId, userType, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', { message: staleMessage(userType) });
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
  const { userType } = await resolveUserType(db, access, body.user_type);
  const items = await checkMenuItems(db, access.companyId, body.items);
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
        eq(companyMenus.userType, userType),
        eq(companyMenus.version, body.version),
      ),
    )
    .returning();
  if (!row) throw new AppError('CONFLICT', { message: staleMessage(userType) });
  return editView(db, access.companyId, userType, row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `DELETE menu/v2/{id}`: back to the default menu. `id` is a stored menu's `_id`, a user type
 * name or a user type `_id`; a user type without a stored menu is already at the default (200).
 * Unknown or another company's ids: 404.
 */
export async function resetMenu(db: Db, access: AccessContext, id: string): Promise<TMenu> {
  const [stored] = UUID.test(id)
    ? await db
        .select({ userType: companyMenus.userType })
        .from(companyMenus)
        .where(and(eq(companyMenus.companyId, access.companyId), eq(companyMenus.id, id)))
        .limit(1)
    : [];
  const userType = stored ? (stored.userType as UserType) : (await resolveUserType(db, access, id)).userType;
  await db
    .delete(companyMenus)
    .where(and(eq(companyMenus.companyId, access.companyId), eq(companyMenus.userType, userType)));
  return editView(db, access.companyId, userType, undefined);
}
