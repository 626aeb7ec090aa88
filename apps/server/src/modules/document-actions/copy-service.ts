import type { TDocumentAction } from '@esigns/contracts/document-actions';
import type { TEmployeeDocument, TRecipient } from '@esigns/contracts/documents';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  insertConfigurable,
  copyPdf,
  findConfigurable,
  findEmployeeDocument,
  findOneOffEmployeeDocument,
  presentEmployeeDocument,
  type ConfigurableRow,
  type DocumentUserRow,
  type EmployeeRow,
  recipientsOf,
} from '../documents';
import type { AccessContext } from '../permissions';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { emitAction, logAction } from './events';

/** A sent recipient as a layout recipient again (its representative password hash kept). */
export function layoutRecipientOf(row: DocumentUserRow): TRecipient {
  return {
    key: row.key,
    role_name: row.roleName,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    contact_id: row.contactId,
    user_type: row.userType,
    signing_order: row.signingOrder,
    color: row.color,
    email_verification: row.emailVerification,
    ...(row.representativePasswordHash ? { representative_password: row.representativePasswordHash } : {}),
  };
}

/** What a copy is made of: a draft's layout as edited, or a sent document as it was sent. */
async function sourceOf(
  platform: Platform,
  doc: EmployeeRow,
): Promise<Pick<ConfigurableRow, 'file' | 'pages' | 'fields' | 'documentUsers' | 'settings'>> {
  const db = platform.database.db;
  if (doc.status === 'DRAFT' && doc.configurableDocumentId) {
    const layout = await findConfigurable(db, doc.companyId, doc.configurableDocumentId, {
      includeDeleted: true,
    });
    return {
      file: layout.file,
      pages: layout.pages,
      fields: layout.fields,
      documentUsers: layout.documentUsers,
      settings: layout.settings,
    };
  }
  const rows = await recipientsOf(db, doc.id);
  return {
    file: doc.file,
    pages: doc.pages,
    fields: doc.fields,
    documentUsers: rows.map(layoutRecipientOf),
    settings: doc.settings,
  };
}

/**
 * A new DRAFT made from a document: its own copy of the PDF (so deleting either never breaks the
 * other), the fields without any recipient's values, the recipients (people, roles, order,
 * verification, representative password) and the settings; owned by the caller. The source's log
 * records the copy.
 */
async function copyToDraft(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  action: Extract<TDocumentAction, 'duplicate' | 'clone-void'>,
  name: string | undefined,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  const doc = await loadForAction(platform, access, id, action);
  const source = await sourceOf(platform, doc);
  const file = await copyPdf(platform, access.companyId, source.file);
  try {
    const draftId = await db.transaction(async (tx) => {
      const locked = await findEmployeeDocument(tx, access.companyId, doc.id, { forUpdate: true });
      assertActionAllowed(action, locked);
      const layout = await insertConfigurable(tx, access, {
        name: name ?? locked.name,
        isTemplate: false,
        file,
        pages: source.pages,
        fields: source.fields,
        documentUsers: source.documentUsers,
        settings: source.settings,
      });
      const draft = await findOneOffEmployeeDocument(tx, access.companyId, layout.id);
      if (!draft) throw new AppError('INTERNAL_ERROR', { message: 'The draft could not be created' });
      await logAction(tx, access, client, {
        documentId: locked.id,
        action: action === 'duplicate' ? 'document.duplicated' : 'document.cloned',
        details: { copy_id: draft.id, copy_name: draft.name },
      });
      return draft.id;
    });
    const copy = await presentEmployeeDocument(db, access.companyId, draftId);
    emitAction(platform, access, action === 'duplicate' ? 'duplicated' : 'cloned', doc, { copy_id: draftId });
    return copy;
  } catch (err) {
    await platform.storage.delete(file.file_ref_id).catch(() => undefined);
    throw err;
  }
}

/** `POST /documents/{id}/duplicate {name}`: a new DRAFT copy of any document. */
export function duplicateDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  name: string,
): Promise<TEmployeeDocument> {
  return copyToDraft(platform, access, client, id, 'duplicate', name);
}

/** `POST /documents/{id}/cloneVoidDoc`: a VOIDED document as a new DRAFT under the same name, to fix and send again. */
export function cloneVoidedDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
): Promise<TEmployeeDocument> {
  return copyToDraft(platform, access, client, id, 'clone-void', undefined);
}
