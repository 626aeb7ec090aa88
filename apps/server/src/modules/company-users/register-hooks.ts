import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { registerPendingInvitationCounter } from '../roles';
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

/** Plugs the company-users module into the modules before it; app.ts calls it at start-up. */
export function registerCompanyUserHooks(): void {
  // A role held by pending invitations cannot change user type or be deleted.
  registerPendingInvitationCounter(countPendingInvitations);
}
