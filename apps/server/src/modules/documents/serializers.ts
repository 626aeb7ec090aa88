import type {
  TConfigurableDocument,
  TDocumentSettings,
  TDocumentUser,
  TEmployeeDocument,
  TPublishSettings,
  TRecipient,
} from '@esigns/contracts/documents';
import type { TFileInfo } from '@esigns/contracts/files';
import type { configurableDocuments, documentUsers, employeeDocuments, TPublishState } from './schema';

export type ConfigurableRow = typeof configurableDocuments.$inferSelect;
export type EmployeeRow = typeof employeeDocuments.$inferSelect;
export type DocumentUserRow = typeof documentUsers.$inferSelect;
export type PersonRef = { _id: string; name: string; email: string };

/** The public address of a published template (the web app's landing page for visitors). */
export function publishedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/published-templates/${token}`;
}

export function toPublishSettings(publish: TPublishState, publicUrl: string): TPublishSettings {
  return {
    published: publish.published,
    secure_access: publish.secure_access,
    url: publish.published && publish.token ? publishedUrl(publicUrl, publish.token) : null,
  };
}

/** Recipients as clients see them: the representative password hash never leaves the server. */
export function publicRecipients(recipients: TRecipient[]): TRecipient[] {
  return recipients.map((recipient) => {
    const { representative_password: hash, ...rest } = recipient;
    return { ...rest, has_representative_password: Boolean(hash) };
  });
}

export function toConfigurableDocument(
  row: ConfigurableRow,
  extra: { owner: PersonRef; employeeDocumentId: string | null; publicUrl: string; file?: TFileInfo },
): TConfigurableDocument {
  return {
    _id: row.id,
    company_document_id: row.companyDocumentId,
    name: row.name,
    is_template: row.isTemplate,
    status: row.status,
    file: extra.file ?? row.file,
    pages: row.pages,
    fields: row.fields,
    document_users: publicRecipients(row.documentUsers),
    settings: row.settings,
    publish: toPublishSettings(row.publish, extra.publicUrl),
    owner: extra.owner,
    shared_with: row.sharedWith,
    employee_document_id: extra.employeeDocumentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A recipient of a sent document, without its link secret or password hash. */
export function toDocumentUser(row: DocumentUserRow): TDocumentUser {
  return {
    _id: row.id,
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
    has_representative_password: row.representativePasswordHash !== null,
    type: row.type,
    status: row.status,
    sent_at: iso(row.sentAt),
    viewed_at: iso(row.viewedAt),
    finished_at: iso(row.finishedAt),
  };
}

export function toEmployeeDocument(
  row: EmployeeRow,
  extra: { sender: PersonRef; users: DocumentUserRow[]; file?: TFileInfo },
): TEmployeeDocument {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    configurable_document_id: row.configurableDocumentId,
    company_document_id: row.companyDocumentId,
    file: extra.file ?? row.file,
    pages: row.pages,
    fields: row.fields,
    document_users: [...extra.users]
      .sort((a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime())
      .map(toDocumentUser),
    settings: row.settings as TDocumentSettings,
    sender: extra.sender,
    sent_at: iso(row.sentAt),
    expires_at: iso(row.expiresAt),
    completed_at: iso(row.completedAt),
    archived_at: iso(row.archivedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
