import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  deleteDocumentRows,
  findConfigurable,
  findEmployeeDocument,
  findOneOffEmployeeDocument,
  presentEmployeeDocument,
  updateEmployeeDocument,
} from '../documents';
import type { AccessContext } from '../permissions';
import { completedFileKey, sealedFileKeys } from '../signing';
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
    const row = await updateEmployeeDocument(tx, locked, { archivedAt: archive ? new Date() : null });
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: archive ? 'document.archived' : 'document.restored',
      details: { status: locked.status },
    });
    return row;
  });
  emitAction(platform, access, archive ? 'archived' : 'restored', updated);
  return presentEmployeeDocument(db, access.companyId, id, updated);
}

/**
 * `POST /documents/{id}/parmanentdelete`: an archived document is deleted for good in one
 * transaction: the document with its recipients, field values, signer states, seal, notes and
 * log (all cascade from the document row); a draft also takes its one-off layout. After commit,
 * the sent document's own PDF and its sealed copy (with the versions archival renewals kept) are
 * deleted from storage (never a file another document or layout still uses; a failed storage
 * delete is logged, the rows are gone already).
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
    // The sealed file's other versions (archival renewals) are read before the rows cascade.
    const sealed = locked.status !== 'DRAFT' ? await sealedFileKeys(tx, locked.id) : [];
    const keys = await deleteDocumentRows(tx, locked);
    if (locked.status !== 'DRAFT') keys.push(completedFileKey(locked.companyId, locked.id), ...sealed);
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
    await deleteDocumentRows(tx, locked);
  });
  emitAction(platform, access, 'discarded', draft, { configurable_document_id: layout.id });
  return { _id: draft.id };
}
