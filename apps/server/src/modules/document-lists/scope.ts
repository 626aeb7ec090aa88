import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { notFound } from '../../platform/http/app-error';
import { users } from '../auth/schema';
import { findEmployeeDocument, forbidden, type EmployeeRow } from '../documents';
import { documentUsers } from '../documents/schema';
import type { AccessContext } from '../permissions';
import { canSeeSentDocument } from '../signing';
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
  const [me] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, access.userId))
    .limit(1);
  return {
    companyId: access.companyId,
    userId: access.userId,
    email: (me?.email ?? '').toLowerCase(),
    broad: hasBroadReach(access),
  };
}

/** Sees every sent document of the workspace (`canSeeSentDocument` without being a party). */
export function hasBroadReach(access: AccessContext): boolean {
  return (
    access.planType !== 'INDIVIDUAL' &&
    (access.userType === 'OWNER' ||
      hasPermission(access, 'documents:view-all') ||
      hasPermission(access, 'documents:manage-all'))
  );
}

/**
 * A document of the caller's company that shows in their lists (`visibleTo`): their own draft,
 * or a sent document they see (`canSeeSentDocument`) or are a recipient of (not CC). Anything
 * else is 404, never telling which; 403 when they see it but lack `slug`. `sentOnly`: a draft is
 * 404 too (calls about a sent document: its timeline, its preview as a recipient).
 */
export async function findListedDocument(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
  slug: PermissionSlug,
  options: { sentOnly?: boolean } = {},
): Promise<EmployeeRow> {
  const document = await findEmployeeDocument(db, access.companyId, id);
  if (options.sentOnly && document.status === 'DRAFT') throw notFound('Document');
  if (!(await isListedFor(db, access, document))) throw notFound('Document');
  if (!hasPermission(access, slug)) throw forbidden(slug);
  return document;
}

async function isListedFor(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  document: EmployeeRow,
): Promise<boolean> {
  if (document.status === 'DRAFT') return document.senderId === access.userId;
  if (canSeeSentDocument(access, document)) return true;
  const scope = await loadScope(db, access);
  const mine = await db
    .select({ userId: documentUsers.userId, email: documentUsers.email, userType: documentUsers.userType })
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, document.id));
  return mine.some((r) => r.userType !== 'CC' && (r.userId === access.userId || r.email === scope.email));
}
