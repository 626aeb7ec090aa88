import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from './lookups';
import { companyDocuments, configurableDocuments, employeeDocuments } from './schema';
import type { EmployeeRow } from './serializers';

/*
 * Deleting a document for good (document-actions' permanent delete): its rows here, in the
 * caller's transaction; what cascades from the document row (recipients, values, states, seal,
 * notes, log) goes with it.
 */

/**
 * Deletes the document's rows (a DRAFT takes its one-off layout too) and answers the stored files
 * of this module that nothing uses any more, for the caller to delete after commit: a sent
 * document's own PDF unless another document or layout points at it; never a draft's (files are
 * immutable and shared by reference with templates and copies).
 */
export async function deleteDocumentRows(tx: Tx, doc: EmployeeRow): Promise<string[]> {
  if (doc.status === 'DRAFT') {
    await deleteDraftRows(tx, doc);
    return [];
  }
  await tx.delete(employeeDocuments).where(eq(employeeDocuments.id, doc.id));
  return (await isFileShared(tx, doc.companyId, doc.file.file_ref_id, doc.id)) ? [] : [doc.file.file_ref_id];
}

/**
 * Removes a DRAFT and the one-off layout it belongs to (and the layout's company document when
 * nothing else uses it), in the caller's transaction. The layout's PDF stays in storage: files are
 * immutable and shared by reference with templates and copies made from it (documents README).
 */
async function deleteDraftRows(tx: Tx, draft: EmployeeRow): Promise<void> {
  await tx.delete(employeeDocuments).where(eq(employeeDocuments.id, draft.id));
  if (!draft.configurableDocumentId) return;
  const [layout] = await tx
    .select({
      id: configurableDocuments.id,
      isTemplate: configurableDocuments.isTemplate,
      companyDocumentId: configurableDocuments.companyDocumentId,
    })
    .from(configurableDocuments)
    .where(eq(configurableDocuments.id, draft.configurableDocumentId));
  if (!layout || layout.isTemplate) return;
  await tx.delete(configurableDocuments).where(eq(configurableDocuments.id, layout.id));
  const [others] = await tx
    .select({ n: count() })
    .from(configurableDocuments)
    .where(eq(configurableDocuments.companyDocumentId, layout.companyDocumentId));
  const [sent] = await tx
    .select({ n: count() })
    .from(employeeDocuments)
    .where(eq(employeeDocuments.companyDocumentId, layout.companyDocumentId));
  if (Number(others?.n ?? 0) === 0 && Number(sent?.n ?? 0) === 0) {
    await tx.delete(companyDocuments).where(eq(companyDocuments.id, layout.companyDocumentId));
  }
}

/** Whether another document or layout still points at a stored file. */
async function isFileShared(
  tx: Tx,
  companyId: string,
  key: string,
  exceptDocumentId: string,
): Promise<boolean> {
  const [doc] = await tx
    .select({ n: count() })
    .from(employeeDocuments)
    .where(
      and(
        eq(employeeDocuments.companyId, companyId),
        ne(employeeDocuments.id, exceptDocumentId),
        sql`${employeeDocuments.file}->>'file_ref_id' = ${key}`,
      ),
    );
  const [layout] = await tx
    .select({ n: count() })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, companyId),
        sql`${configurableDocuments.file}->>'file_ref_id' = ${key}`,
      ),
    );
  return Number(doc?.n ?? 0) + Number(layout?.n ?? 0) > 0;
}
