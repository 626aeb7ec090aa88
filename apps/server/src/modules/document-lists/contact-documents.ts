import { sql, type SQL } from 'drizzle-orm';
import type {
  TApplicationUserDocument,
  TApplicationUserDocumentFilter,
} from '@esigns/contracts/application-users';
import { searchTerms } from '@esigns/contracts/document-lists';
import type { TDocumentStatus, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { isUuid } from '@esigns/contracts/ids';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { ContactContext } from '../application-users';
import {
  findEmployeeDocument,
  ownRecipientSecret,
  peopleByIds,
  recipientsOf,
  signingLink,
} from '../documents';
import { downloadLink, dueUnderOrder, isDone, sealStatusOf } from '../signing';
import { progressOf } from './present-items';
import { isoOf, rowsOf } from './scope';

/*
 * The contact area's documents (`/ap/documents`): the company's sent documents (never a DRAFT)
 * with a recipient that is the signed-in contact (their contact id, or their email for rows made
 * before the contact existed). One recipient per document is "theirs": the one waiting for them
 * if any, else the first that is not CC in signing order.
 */

type MineRow = {
  id: string;
  name: string;
  status: TDocumentStatus;
  sender_id: string;
  sent_at: Date | string | null;
  expires_at: Date | string | null;
  completed_at: Date | string | null;
  recipient_id: string;
  user_type: TRecipientType;
  recipient_status: TRecipientStatus;
  total: number | string;
};

/** The contact's recipient must act now: notified and not done (a viewer is done once viewed). */
const WAITING = sql`(ed.status = 'WAITING' and du.user_type <> 'CC'
  and (du.status = 'SENT' or (du.status = 'VIEWED' and du.user_type <> 'VIEWER')))`;

/** One row per document of the contact, with their recipient, narrowed by `extra`. */
function mine(contact: ContactContext, extra: SQL): SQL {
  return sql`select distinct on (ed.id) ed.id, ed.name, ed.status, ed.sender_id, ed.sent_at, ed.expires_at,
      ed.completed_at, du.id as recipient_id, du.user_type, du.status as recipient_status, ${WAITING} as waiting
    from employee_documents ed
    join document_users du on du.employee_document_id = ed.id and du.company_id = ${contact.companyId}
    where ed.company_id = ${contact.companyId} and ed.status <> 'DRAFT'
      and (du.contact_id = ${contact.contactId} or lower(du.email) = ${contact.email.toLowerCase()})
      and ${extra}
    order by ed.id, ${WAITING} desc, (du.user_type = 'CC'), du.signing_order, du.created_at`;
}

const FILTERS: Record<TApplicationUserDocumentFilter, SQL> = {
  all: sql`true`,
  waiting: WAITING,
  completed: sql`ed.status = 'COMPLETED'`,
};

/** `GET /application-user/documents`: a page, waiting for the contact first, then the most recently sent. */
export async function listContactDocuments(
  platform: Platform,
  contact: ContactContext,
  query: { page: number; limit: number; search?: string | undefined; filter: TApplicationUserDocumentFilter },
): Promise<{ rows: TApplicationUserDocument[]; total: number }> {
  const db = platform.database.db;
  const words = searchTerms(query.search);
  const search =
    words.length === 0
      ? sql`true`
      : sql`ed.search_words @@ to_tsquery('simple'::regconfig, ${words.join(' & ')})`;
  const rows = await rowsOf<MineRow>(
    db,
    sql`with mine as (${mine(contact, sql`${FILTERS[query.filter]} and ${search}`)})
      select *, count(*) over () as total from mine
      order by waiting desc, sent_at desc nulls last, id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  if (rows.length === 0) {
    // Past the last page the window count is gone: count on its own.
    const [counted] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from (${mine(contact, sql`${FILTERS[query.filter]} and ${search}`)}) m`,
    );
    return { rows: [], total: Number(counted?.n ?? 0) };
  }
  const senders = await peopleByIds(db, [...new Set(rows.map((r) => r.sender_id))]);
  const out: TApplicationUserDocument[] = [];
  for (const row of rows) out.push(await present(platform, row, senders));
  return { rows: out, total: Number(rows[0]?.total ?? 0) };
}

async function present(
  platform: Platform,
  row: MineRow,
  senders: Map<string, { name: string; email: string }>,
): Promise<TApplicationUserDocument> {
  const db = platform.database.db;
  const recipients = await recipientsOf(db, row.id);
  const me = recipients.find((r) => r.id === row.recipient_id);
  const waiting =
    row.status === 'WAITING' &&
    me !== undefined &&
    me.userType !== 'CC' &&
    !isDone(me) &&
    dueUnderOrder(recipients).some((r) => r.id === me.id);
  // Like the mailed link, with the recipient's own stable secret: reading the list again adds no
  // link, so the mailed ones stay live.
  const signUrl = waiting
    ? signingLink(
        '',
        row.id,
        row.recipient_id,
        await db.transaction((tx) => ownRecipientSecret(platform, tx, row.recipient_id)),
      )
    : null;
  const sender = senders.get(row.sender_id);
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    sender: { name: sender?.name ?? '', email: sender?.email ?? '' },
    recipient: { _id: row.recipient_id, user_type: row.user_type, status: row.recipient_status },
    waiting_for_me: waiting,
    sign_url: signUrl,
    can_download: row.status === 'COMPLETED' && (await sealStatusOf(db, row.id)) === 'DONE',
    progress: progressOf(recipients),
    sent_at: isoOf(row.sent_at),
    expires_at: isoOf(row.expires_at),
    completed_at: isoOf(row.completed_at),
  };
}

const notFound = () => new AppError('NOT_FOUND', { message: 'Document not found' });

/**
 * `POST /application-user/documents/{id}/download`: a short-lived address of the sealed PDF
 * (the staff download's link), logged as a download by the contact's recipient. 404 unless the
 * document is one of the contact's; 409 while no sealed copy exists.
 */
export async function contactDownload(
  platform: Platform,
  contact: ContactContext,
  id: string,
  client: Parameters<typeof downloadLink>[3],
): Promise<{ Location: string }> {
  if (!isUuid(id)) throw notFound();
  const db = platform.database.db;
  const [row] = await rowsOf<MineRow>(db, mine(contact, sql`ed.id = ${id}`));
  if (!row) throw notFound();
  const document = await findEmployeeDocument(db, contact.companyId, id);
  if (document.status !== 'COMPLETED' || (await sealStatusOf(db, id)) !== 'DONE') {
    throw new AppError('CONFLICT', { message: 'The signed copy is not ready yet' });
  }
  const link = await downloadLink(
    platform,
    document,
    { kind: 'contact', userId: contact.userId, recipientId: row.recipient_id },
    client,
  );
  return { Location: link.Location };
}
