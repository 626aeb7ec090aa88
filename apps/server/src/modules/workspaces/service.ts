import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { revokeCompanySessions } from '../auth';
import {
  countActiveMembersByUserType,
  countOtherMemberships,
  endMembership,
  findCompanyById,
} from '../company';
import type { AccessContext } from '../permissions';

/**
 * The caller leaves the current workspace (profile > remove workspace): their membership ends
 * and their sessions there are revoked. Refused (409) for a personal workspace, for the last
 * OWNER of a company (hand ownership over first), and for the caller's only workspace.
 */
export async function leaveWorkspace(platform: Platform, access: AccessContext): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const company = await findCompanyById(tx, access.companyId);
    if (company?.planType === 'INDIVIDUAL') {
      throw new AppError('CONFLICT', { message: 'Your personal workspace cannot be removed' });
    }
    if ((await countOtherMemberships(tx, access.userId, access.companyId)) === 0) {
      throw new AppError('CONFLICT', { message: 'This is your only workspace: it cannot be removed' });
    }
    if (access.userType === 'OWNER') {
      const owners = (await countActiveMembersByUserType(tx, access.companyId)).get('OWNER') ?? 0;
      if (owners <= 1) {
        throw new AppError('CONFLICT', {
          message: 'You are the only owner: make another member an owner before leaving',
        });
      }
    }
    await endMembership(tx, access.companyId, access.userId);
    await revokeCompanySessions(tx, access.userId, access.companyId);
  });
}
