import type { Db } from '../../platform/db/database';

/*
 * What the modules above roles keep about a role. Roles come before company-users (which gives
 * roles to members and invitations), so this module cannot read invitations: company-users
 * registers here at start-up (app.ts, before any route runs).
 */

/** Pending invitations (not accepted, not withdrawn) that would give the role. */
export type PendingInvitationCounter = (
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
) => Promise<number>;

let pendingInvitations: PendingInvitationCounter | null = null;

/** company-users registers its count (a role held by pending invitations cannot change type or go). */
export function registerPendingInvitationCounter(count: PendingInvitationCounter): void {
  pendingInvitations = count;
}

export function countPendingInvitations(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
): Promise<number> {
  if (!pendingInvitations)
    throw new Error('No module registered the pending invitation count with roles (app.ts)');
  return pendingInvitations(db, companyId, roleId);
}
