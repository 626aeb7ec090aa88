import type { TDocumentRecipient, TDocumentRecipients } from '@esigns/contracts/document-lists';
import type { Db } from '../../platform/db/database';
import { findConfigurable, type EmployeeRow, findListedDocument, recipientsOf } from '../documents';
import type { AccessContext } from '../permissions';
import { isDone, sealFailureOf } from '../signing';
import { presentListRows, type ListRow } from './present-items';
import { isoOf, loadScope } from './scope';
import { unlessAppError } from '../../platform/http/app-error';

/**
 * `GET /documents/{document_id}/recipients`: the document as its list row (with the caller's
 * actions) and who it goes to, in signing order, with their status and times; never a link secret
 * or a representative password (only whether one is set). A draft answers the recipients of its
 * layout, all PENDING.
 */
export async function listRecipients(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TDocumentRecipients> {
  const doc = await findListedDocument(db, access, id, 'documents:view');
  const [document] = await presentListRows(db, access, await loadScope(db, access), [listRowOf(doc)]);
  const base = {
    document: document!,
    signing_order: doc.settings.signing_order ?? false,
    sealing: await sealFailureOf(db, doc),
  };
  if (doc.status === 'DRAFT') {
    const layout = doc.configurableDocumentId
      ? await unlessAppError(findConfigurable(db, access.companyId, doc.configurableDocumentId))
      : null;
    return {
      ...base,
      recipients: (layout?.documentUsers ?? []).map((r): TDocumentRecipient => ({
        _id: r.key,
        key: r.key,
        name: `${r.first_name} ${r.last_name}`.trim() || r.email || r.role_name,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        role_name: r.role_name,
        contact_id: r.contact_id,
        user_type: r.user_type,
        status: 'PENDING',
        signing_order: r.signing_order,
        color: r.color,
        email_verification: r.email_verification,
        has_representative_password: Boolean(r.representative_password),
        is_due: false,
        sent_at: null,
        viewed_at: null,
        finished_at: null,
        reminders_sent: 0,
        last_reminded_at: null,
      })),
    };
  }
  const rows = await recipientsOf(db, doc.id);
  return {
    ...base,
    recipients: rows.map((r) => ({
      _id: r.id,
      key: r.key,
      name: `${r.firstName} ${r.lastName}`.trim() || r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      role_name: r.roleName,
      contact_id: r.contactId,
      user_type: r.userType,
      status: r.status,
      signing_order: r.signingOrder,
      color: r.color,
      email_verification: r.emailVerification,
      has_representative_password: r.representativePasswordHash !== null,
      is_due:
        doc.status === 'WAITING' &&
        r.userType !== 'CC' &&
        (r.status === 'SENT' || r.status === 'VIEWED') &&
        !isDone(r),
      sent_at: isoOf(r.sentAt),
      viewed_at: isoOf(r.viewedAt),
      finished_at: isoOf(r.finishedAt),
      reminders_sent: r.remindersSent,
      last_reminded_at: isoOf(r.lastRemindedAt),
    })),
  };
}

/** An employee document row in the shape the list presenter reads. */
function listRowOf(doc: EmployeeRow): ListRow {
  return {
    id: doc.id,
    name: doc.name,
    status: doc.status,
    archived_at: doc.archivedAt,
    configurable_document_id: doc.configurableDocumentId,
    company_document_id: doc.companyDocumentId,
    sender_id: doc.senderId,
    shared_with: doc.sharedWith,
    sent_at: doc.sentAt,
    expires_at: doc.expiresAt,
    completed_at: doc.completedAt,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
  };
}
