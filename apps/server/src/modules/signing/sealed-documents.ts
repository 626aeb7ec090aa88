import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { documentSeals } from './schema';

/**
 * A page of the company's sealed documents (seal DONE), by document id after `afterId`: the
 * SharePoint module's "copy every sealed document" walks them in chunks.
 */
export async function sealedDocumentIds(
  db: Pick<Db, 'select'>,
  companyId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: documentSeals.employeeDocumentId })
    .from(documentSeals)
    .where(
      and(
        eq(documentSeals.companyId, companyId),
        eq(documentSeals.status, 'DONE'),
        afterId ? gt(documentSeals.employeeDocumentId, afterId) : undefined,
      ),
    )
    .orderBy(asc(documentSeals.employeeDocumentId))
    .limit(limit);
  return rows.map((r) => r.id);
}
