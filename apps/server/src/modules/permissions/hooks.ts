import type { UserType } from '@esigns/contracts/auth';
import type { TMenuItem } from '@esigns/contracts/menus';
import type { Db } from '../../platform/db/database';
import type { AccessContext } from './access';

/*
 * What the user type calls show from modules above permissions. Permissions come first (every
 * module checks access through them), so this module cannot read memberships (company) or menus:
 * those modules register here at start-up (app.ts, before any route runs).
 */

/** How many ACTIVE members of the company have each user type. */
export type UserTypeHeadcount = (db: Pick<Db, 'select'>, companyId: string) => Promise<Map<UserType, number>>;

/** The sidebar of each staff user type (its permission set given) as the caller may see it. */
export type UserTypeSidebars = (
  db: Pick<Db, 'select'>,
  access: AccessContext,
  types: readonly { userType: UserType; permissions: readonly string[] }[],
) => Promise<Map<UserType, TMenuItem[]>>;

let headcount: UserTypeHeadcount | null = null;
let sidebars: UserTypeSidebars | null = null;

/** The company module's member count per user type (`user_count` of the user type answers). */
export function registerUserTypeHeadcount(count: UserTypeHeadcount): void {
  headcount = count;
}

/** The menus module's sidebars (`GET /userTypeList/{companyId}?isMenu=true`). */
export function registerUserTypeSidebars(read: UserTypeSidebars): void {
  sidebars = read;
}

const missing = (what: string) => new Error(`No module registered ${what} with permissions (app.ts)`);

export function countMembersByUserType(db: Pick<Db, 'select'>, companyId: string) {
  if (!headcount) throw missing('the user type headcount');
  return headcount(db, companyId);
}

export function sidebarsOfUserTypes(...args: Parameters<UserTypeSidebars>) {
  if (!sidebars) throw missing('the user type sidebars');
  return sidebars(...args);
}
