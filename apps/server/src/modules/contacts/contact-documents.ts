import { sql, type SQL } from 'drizzle-orm';
import type { TContactDocument } from '@esigns/contracts/contacts';
import type { TDocumentStatus, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { hasPermission } from '@esigns/contracts/permissions';
import { rowsOf, type Db } from '../../platform/db/database';
import type { AccessContext } from '../permissions';
import { getContact } from './service';

type Row = {
  id: string;
  name: string;
  status: TDocumentStatus;
  sent_at: Date | string | null;
  completed_at: Date | string | null;
  updated_at: Date | string;
  archived_at: Date | string | null;
  document_user_id: string;
  recipient_status: TRecipientStatus;
  recipient_type: TRecipientType;
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * `GET /documents/users/{contact_id}`: the documents sent to a contact, newest first. A recipient
 * is the contact when it links to it (`contact_id`) or has its email. Drafts are not "sent" and
 * are left out. Without `documents:view-all` the caller sees only documents they sent, were
 * shared or take part in (the rule of `documents:view`).
 */
export async function listContactDocuments(
  db: Pick<Db, 'select' | 'selectDistinct' | 'execute'>,
  access: AccessContext,
  contactId: string,
  query: { page: number; limit: number; status?: TDocumentStatus | undefined },
): Promise<{ rows: TContactDocument[]; total: number }> {
  const contact = await getContact(db, access, contactId);
  const visibility: SQL = hasPermission(access, 'documents:view-all')
    ? sql``
    : sql` and (ed.sender_id = ${access.userId}
        or ed.shared_with @> ${JSON.stringify([access.userId])}::jsonb
        or exists (select 1 from document_users me
          where me.employee_document_id = ed.id and me.user_id = ${access.userId}))`;
  const status = query.status ? sql` and ed.status = ${query.status}` : sql` and ed.status <> 'DRAFT'`;
  // One row per document even when the contact holds several of its roles: the first by order.
  const matches = sql`select distinct on (ed.id) ed.id, ed.name, ed.status, ed.sent_at, ed.completed_at,
      ed.updated_at, ed.archived_at, du.id as document_user_id, du.status as recipient_status,
      du.user_type as recipient_type
    from document_users du
    join employee_documents ed on ed.id = du.employee_document_id and ed.company_id = du.company_id
    where du.company_id = ${access.companyId}
      and (du.contact_id = ${contact._id} or lower(du.email) = ${contact.email})${status}${visibility}
    order by ed.id, du.signing_order, du.created_at`;
  const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${matches}) m`);
  const rows = await rowsOf<Row>(
    db,
    sql`select * from (${matches}) m
      order by coalesce(m.sent_at, m.updated_at) desc, m.id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      status: row.status,
      sent_at: iso(row.sent_at),
      completed_at: iso(row.completed_at),
      updated_at: new Date(row.updated_at).toISOString(),
      is_archived: row.archived_at !== null,
      document_user_id: row.document_user_id,
      recipient_status: row.recipient_status,
      recipient_type: row.recipient_type,
    })),
  };
}
