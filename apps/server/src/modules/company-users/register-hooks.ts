import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { membershipDirectory } from '../company';
import { registerPendingInvitationCounter } from '../roles';
import { registerUsageCounter } from '../subscriptions';
import { companyInvitations } from './schema';

/** Pending invitations (not accepted, not withdrawn) of the company that would give the role. */
async function countPendingInvitations(
  db: Pick<Db, 'select'>,
  companyId: string,
  roleId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.roleId, roleId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.revokedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The plan's "users": active members plus pending invitations still valid (an accepted one then
 * takes no new seat). Counted by the `users` limit of the company's plan.
 */
export async function countSeats(db: Pick<Db, 'select'>, companyId: string): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(membershipDirectory)
    .where(and(eq(membershipDirectory.companyId, companyId), eq(membershipDirectory.status, 'ACTIVE')));
  const [invited] = await db
    .select({ n: count() })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.revokedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    );
  return Number(members?.n ?? 0) + Number(invited?.n ?? 0);
}

/** Plugs the company-users module into the modules before it; app.ts calls it at start-up. */
export function registerCompanyUserHooks(): void {
  // A role held by pending invitations cannot change user type or be deleted.
  registerPendingInvitationCounter(countPendingInvitations);
  registerUsageCounter('users', countSeats);
}
