import { eq, sql, type SQL } from 'drizzle-orm';
import { hasPermission } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { users } from '../auth/schema';
import type { AccessContext } from '../permissions/access';

/** The caller as the dashboard queries need them: their access and login email. */
export type Viewer = { access: AccessContext; email: string };

export async function loadViewer(db: Pick<Db, 'select'>, access: AccessContext): Promise<Viewer> {
  const [me] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, access.userId))
    .limit(1);
  return { access, email: (me?.email ?? '').toLowerCase() };
}

/**
 * Whether the viewer sees every sent document of the workspace: an OWNER or a holder of
 * `documents:view-all` / `documents:manage-all`, in a BUSINESS workspace (`canSeeSentDocument`).
 */
export function seesAllDocuments(access: AccessContext): boolean {
  if (access.planType === 'INDIVIDUAL') return false;
  return (
    access.userType === 'OWNER' ||
    hasPermission(access, 'documents:view-all') ||
    hasPermission(access, 'documents:manage-all')
  );
}

/** SQL: the viewer is a recipient of the document aliased `ed` (by login or by email). */
export function isRecipient(viewer: Viewer, extra: SQL = sql``): SQL {
  return sql`exists (select 1 from document_users du
    where du.employee_document_id = ed.id
      and (du.user_id = ${viewer.access.userId} or du.email = ${viewer.email})${extra})`;
}

/** SQL: the document `ed` is out for signature and waits for the viewer to act now. */
export function isWaitingForViewer(viewer: Viewer): SQL {
  return sql`(ed.status = 'WAITING' and ${isRecipient(
    viewer,
    sql` and du.status in ('SENT', 'VIEWED') and du.user_type <> 'CC'`,
  )})`;
}

/**
 * SQL: the viewer sees the document aliased `ed` (of their workspace). Sent documents: those of
 * `canSeeSentDocument` (sender, shared with, or everything for OWNER / view-all / manage-all)
 * and those the viewer takes part in as a recipient (`documents:view`: "documents one created or
 * takes part in"). Drafts: only the viewer's own.
 */
export function seesDocument(viewer: Viewer): SQL {
  const { access } = viewer;
  const own = sql`ed.sender_id = ${access.userId}`;
  const sent = seesAllDocuments(access)
    ? sql`true`
    : sql`(${own} or ed.shared_with @> ${JSON.stringify([access.userId])}::jsonb or ${isRecipient(viewer)})`;
  return sql`(ed.company_id = ${access.companyId}
    and ((ed.status = 'DRAFT' and ${own}) or (ed.status <> 'DRAFT' and ${sent})))`;
}

/** Rows of a raw query (the PGlite and node-postgres drivers both answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp column of a raw row (a Date with node-postgres, a Date or string with PGlite). */
export const isoOf = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
