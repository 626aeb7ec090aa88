import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  findConfigurable,
  findEmployeeDocument,
  findOneOffEmployeeDocument,
  type Tx,
  presentEmployeeDocument,
  type EmployeeRow,
} from '../documents';
import { companyDocuments, configurableDocuments, employeeDocuments } from '../documents/schema';
import type { AccessContext } from '../permissions';
import { completedFileKey } from '../signing';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { emitAction, logAction } from './events';

/**
 * `DELETE /documents/{id}/archive` (and its alias `archivedoc`): a flag (`archived_at`), not a
 * status. A document out for signature cannot be archived (void it first): recipients would keep
 * signing a document nobody sees.
 */
export async function archiveDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
): Promise<TEmployeeDocument> {
  return setArchived(platform, access, client, id, true);
}

/** `POST /documents/{id}/undoDocument`: back from the archive, in the status it had. */
export async function restoreDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
): Promise<TEmployeeDocument> {
  return setArchived(platform, access, client, id, false);
}

async function setArchived(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  archive: boolean,
): Promise<TEmployeeDocument> {
  const action = archive ? 'archive' : 'restore';
  const db = platform.database.db;
  await loadForAction(platform, access, id, action);
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed(action, locked);
    const now = new Date();
    const [row] = await tx
      .update(employeeDocuments)
      .set({ archivedAt: archive ? now : null, updatedAt: now })
      .where(eq(employeeDocuments.id, locked.id))
      .returning();
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: archive ? 'document.archived' : 'document.restored',
      details: { status: locked.status },
    });
    return row!;
  });
  emitAction(platform, access, archive ? 'archived' : 'restored', updated);
  return presentEmployeeDocument(db, access.companyId, id, updated);
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

/**
 * `POST /documents/{id}/parmanentdelete`: an archived document is deleted for good in one
 * transaction: the document with its recipients, field values, signer states, seal, notes and
 * log (all cascade from the document row); a draft also takes its one-off layout. After commit,
 * the sent document's own PDF and its sealed copy are deleted from storage (never a file another
 * document or layout still uses; a failed storage delete is logged, the rows are gone already).
 */
export async function permanentlyDeleteDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): Promise<{ _id: string }> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'permanent-delete');
  const { doc, files } = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('permanent-delete', locked);
    const keys: string[] = [];
    if (locked.status === 'DRAFT') {
      await deleteDraftRows(tx, locked);
    } else {
      await tx.delete(employeeDocuments).where(eq(employeeDocuments.id, locked.id));
      if (!(await isFileShared(tx, access.companyId, locked.file.file_ref_id, locked.id))) {
        keys.push(locked.file.file_ref_id);
      }
      keys.push(completedFileKey(locked.companyId, locked.id));
    }
    return { doc: locked, files: keys };
  });
  for (const key of files) {
    await platform.storage
      .delete(key)
      .catch((err: unknown) =>
        log.warn(
          { err, key, document_id: doc.id },
          'A deleted document file could not be removed from storage',
        ),
      );
  }
  // The document's own log is gone with it: the server log keeps who deleted what.
  log.info(
    {
      document_id: doc.id,
      company_id: doc.companyId,
      name: doc.name,
      status: doc.status,
      by: access.userId,
      ip: client.ip,
    },
    'document deleted permanently',
  );
  emitAction(platform, access, 'deleted', doc);
  return { _id: doc.id };
}

/**
 * `DELETE /documents/{configurable_document_id}/{company_document_id}/discard`: a draft (the
 * one-off layout named by both ids, and its DRAFT) is deleted. A sent document cannot be
 * discarded (409: void or archive it); a template or ids that do not belong together are 404.
 */
export async function discardDraft(
  platform: Platform,
  access: AccessContext,
  configurableId: string,
  companyDocumentId: string,
): Promise<{ _id: string }> {
  const db = platform.database.db;
  const layout = await findConfigurable(db, access.companyId, configurableId);
  if (layout.isTemplate || layout.companyDocumentId !== companyDocumentId) throw notFound('Draft');
  const draft = await findOneOffEmployeeDocument(db, access.companyId, layout.id);
  if (!draft) throw notFound('Draft');
  await loadForAction(platform, access, draft.id, 'discard');
  await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, draft.id, { forUpdate: true });
    assertActionAllowed('discard', locked);
    await deleteDraftRows(tx, locked);
  });
  emitAction(platform, access, 'discarded', draft, { configurable_document_id: layout.id });
  return { _id: draft.id };
}
