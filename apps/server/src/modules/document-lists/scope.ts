import type { Db } from '../../platform/db/database';
import { hasBroadReach, personOf } from '../documents';
import type { AccessContext } from '../permissions';
import type { ListScope } from './list-query';

/** Rows of a raw query: the database module's helper, re-exported for the lists' callers. */
export { rowsOf } from '../../platform/db/database';

/** A timestamp of a raw row (a Date with node-postgres, a Date or a string with PGlite). */
export const isoOf = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The caller as the lists need them: their login email (recipient rows match by user or email)
 * and whether they see every sent document of the workspace (`canSeeSentDocument`: an OWNER or a
 * holder of `documents:view-all` / `documents:manage-all`, in a BUSINESS workspace).
 */
export async function loadScope(db: Pick<Db, 'select'>, access: AccessContext): Promise<ListScope> {
  const me = await personOf(db, access.userId);
  return {
    companyId: access.companyId,
    userId: access.userId,
    email: me.email.toLowerCase(),
    broad: hasBroadReach(access),
  };
}
