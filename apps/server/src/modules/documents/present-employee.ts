import { asc, eq } from 'drizzle-orm';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { findEmployeeDocument, personOf, type Reader } from './lookups';
import { documentUsers } from './schema';
import { toEmployeeDocument, type EmployeeRow } from './serializers';

/** `TEmployeeDocument` of a document of the company (404 for an unknown or foreign id). */
export async function presentEmployeeDocument(
  db: Reader,
  companyId: string,
  id: string,
  row?: EmployeeRow,
): Promise<TEmployeeDocument> {
  const doc = row ?? (await findEmployeeDocument(db, companyId, id));
  const users = await db
    .select()
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, doc.id))
    .orderBy(asc(documentUsers.signingOrder), asc(documentUsers.createdAt));
  return toEmployeeDocument(doc, { sender: await personOf(db, doc.senderId), users });
}
