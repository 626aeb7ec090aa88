import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type ListScope, visibleTo, waitingForMe, loadScope } from '../document-lists';
import type { AccessContext } from '../permissions';

/**
 * The caller as the dashboard queries need them: their access and the documents lists' scope
 * (login email, whether they see every sent document). The dashboard uses the lists' own rules,
 * so that a card's number is the count of the list tab it opens.
 */
export type Viewer = { access: AccessContext; email: string; scope: ListScope };

export async function loadViewer(db: Pick<Db, 'select'>, access: AccessContext): Promise<Viewer> {
  const scope = await loadScope(db, access);
  return { access, email: scope.email, scope };
}

/** SQL: the document `ed` is out for signature and waits for the viewer to act now. */
export function isWaitingForViewer(viewer: Viewer): SQL {
  return sql`(ed.status = 'WAITING' and ${waitingForMe(viewer.scope)})`;
}

/**
 * SQL: the viewer sees the document aliased `ed` (`visibleTo` of the documents lists): their own
 * drafts; sent documents they sent, that are shared with them or that they take part in as a
 * recipient other than CC; every sent document for an OWNER or with `documents:view-all` /
 * `documents:manage-all` in a BUSINESS workspace (`canSeeSentDocument`).
 */
export function seesDocument(viewer: Viewer): SQL {
  return sql`(ed.company_id = ${viewer.access.companyId} and ${visibleTo(viewer.scope)})`;
}

/** Rows of a raw query (the PGlite and node-postgres drivers both answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp column of a raw row (a Date with node-postgres, a Date or string with PGlite). */
export const isoOf = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
