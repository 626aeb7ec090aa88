import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { refreshTokens } from '../auth/schema';
import { companies, companyUsers } from '../company/schema';
import type { AccessContext } from '../permissions';

/**
 * The caller leaves the current workspace (profile > remove workspace): their membership ends
 * and their sessions there are revoked. Refused (409) for a personal workspace, for the last
 * OWNER of a company (hand ownership over first), and for the caller's only workspace.
 */
export async function leaveWorkspace(platform: Platform, access: AccessContext): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ planType: companies.planType })
      .from(companies)
      .where(eq(companies.id, access.companyId))
      .limit(1);
    if (company?.planType === 'INDIVIDUAL') {
      throw new AppError('CONFLICT', { message: 'Your personal workspace cannot be removed' });
    }
    const active = and(eq(companyUsers.userId, access.userId), eq(companyUsers.status, 'ACTIVE'));
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(companyUsers)
      .where(and(active, ne(companyUsers.companyId, access.companyId)));
    if (!others || others.n === 0) {
      throw new AppError('CONFLICT', { message: 'This is your only workspace: it cannot be removed' });
    }
    if (access.userType === 'OWNER') {
      const [owners] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(companyUsers)
        .where(
          and(
            eq(companyUsers.companyId, access.companyId),
            eq(companyUsers.userType, 'OWNER'),
            eq(companyUsers.status, 'ACTIVE'),
          ),
        );
      if ((owners?.n ?? 0) <= 1) {
        throw new AppError('CONFLICT', {
          message: 'You are the only owner: make another member an owner before leaving',
        });
      }
    }
    await tx
      .update(companyUsers)
      .set({ status: 'DELETED', updatedAt: new Date() })
      .where(and(eq(companyUsers.companyId, access.companyId), eq(companyUsers.userId, access.userId)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, access.userId),
          eq(refreshTokens.companyId, access.companyId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  });
}
