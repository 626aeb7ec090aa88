import { eq } from 'drizzle-orm';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { findEmployeeDocument, forbidden, personOf, type Reader } from './lookups';
import { documentUsers } from './schema';
import type { EmployeeRow } from './serializers';

/*
 * Who sees a document, row by row. The document lists hold the same rule in SQL (`visibleTo` of
 * document-lists/list-query.ts): a change here is a change there.
 */

/**
 * Sees every sent document of the workspace without being a party: an OWNER or a holder of
 * `documents:view-all` / `documents:manage-all`, in a BUSINESS workspace.
 */
export function hasBroadReach(access: AccessContext): boolean {
  return (
    access.planType !== 'INDIVIDUAL' &&
    (access.userType === 'OWNER' ||
      hasPermission(access, 'documents:view-all') ||
      hasPermission(access, 'documents:manage-all'))
  );
}

/**
 * Whether a staff user sees a sent document: its sender, someone it is shared with, or (in a
 * BUSINESS workspace) an OWNER or a holder of `documents:view-all` / `documents:manage-all`.
 */
export function canSeeSentDocument(access: AccessContext, document: EmployeeRow): boolean {
  if (document.companyId !== access.companyId) return false;
  if (document.senderId === access.userId || document.sharedWith.includes(access.userId)) return true;
  return hasBroadReach(access);
}

/**
 * A document of the caller's company that shows in their lists (`visibleTo`): their own draft,
 * or a sent document they see (`canSeeSentDocument`) or are a recipient of (not CC). Anything
 * else is 404, never telling which; 403 when they see it but lack `slug`. `sentOnly`: a draft is
 * 404 too (calls about a sent document: its timeline, its preview as a recipient).
 */
export async function findListedDocument(
  db: Reader,
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

async function isListedFor(db: Reader, access: AccessContext, document: EmployeeRow): Promise<boolean> {
  if (document.status === 'DRAFT') return document.senderId === access.userId;
  if (canSeeSentDocument(access, document)) return true;
  // Recipient rows match by user or by (lower-cased) email.
  const email = (await personOf(db, access.userId)).email.toLowerCase();
  const mine = await db
    .select({ userId: documentUsers.userId, email: documentUsers.email, userType: documentUsers.userType })
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, document.id));
  return mine.some((r) => r.userType !== 'CC' && (r.userId === access.userId || r.email === email));
}
