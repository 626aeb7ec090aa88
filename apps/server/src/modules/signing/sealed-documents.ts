import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { documentSeals, documentSealVersions } from './schema';

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

/**
 * The storage keys of a document's sealed files besides the fixed `completed.pdf`: the current
 * one's when an archival renewal moved it to a version key, and every earlier version's. Read
 * before a permanent delete (the rows cascade with the document), so its files go too.
 */
export async function sealedFileKeys(db: Pick<Db, 'select'>, documentId: string): Promise<string[]> {
  const [seal] = await db
    .select({ key: documentSeals.fileKey })
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, documentId));
  const versions = await db
    .select({ key: documentSealVersions.fileKey })
    .from(documentSealVersions)
    .where(eq(documentSealVersions.employeeDocumentId, documentId));
  const keys = [...(seal?.key ? [seal.key] : []), ...versions.map((v) => v.key)];
  return [...new Set(keys)];
}
