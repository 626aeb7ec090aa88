import { and, eq, inArray } from 'drizzle-orm';
import type { TFileInfo } from '@esigns/contracts/files';
import type { Reader } from './lookups';
import { documentRequests } from './schema';

/** What a document request holds for a reader outside this module (workflows' packet download). */
export type DocumentRequestFile = {
  id: string;
  cardType: string;
  status: (typeof documentRequests.$inferSelect)['status'];
  /** The handed-in file, converted to PDF (null before an upload). */
  file: TFileInfo | null;
};

/** The company's document requests among `ids` with their files, by id (others' ids are left out). */
export async function documentRequestFiles(
  db: Reader,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, DocumentRequestFile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: documentRequests.id,
      cardType: documentRequests.cardType,
      status: documentRequests.status,
      file: documentRequests.file,
    })
    .from(documentRequests)
    .where(and(eq(documentRequests.companyId, companyId), inArray(documentRequests.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}
