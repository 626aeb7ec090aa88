import { sql, type SQL } from 'drizzle-orm';
import {
  FILTER_STATUS,
  searchTerms,
  type TDocumentListQuery,
  type TDocumentListSort,
} from '@esigns/contracts/document-lists';
import type { TDocumentListFilter } from '@esigns/contracts/documents';
import { isUuid } from '../documents/lookups';

/*
 * The SQL of the document lists, in pieces over `employee_documents ed`. Every piece keeps the
 * tenant scope (`company_id`) and is shaped for the indexes of migration 0012: the partial
 * `(company_id, status, updated_at, id) where archived_at is null` walks a status in list order,
 * and the GIN indexes on the words of names and recipients answer searches without a scan.
 */

/** Who is listing: the caller, their email (recipient rows match by user or email), their reach. */
export type ListScope = {
  companyId: string;
  userId: string;
  /** Lower-cased. */
  email: string;
  /** Sees every sent document of the company (`canSeeSentDocument` without being a party). */
  broad: boolean;
};

/**
 * The words of a name or of a recipient (email, first and last name) as a `tsvector`. The same
 * expressions are indexed (documents/schema.ts): change them together.
 */
export const nameWords = (column: SQL): SQL =>
  sql`to_tsvector('simple'::regconfig, translate(${column}, '@._-+/', '      '))`;
export const recipientWords = (email: SQL, firstName: SQL, lastName: SQL): SQL =>
  sql`to_tsvector('simple'::regconfig, translate(${email} || ' ' || ${firstName} || ' ' || ${lastName}, '@._-+/', '      '))`;

/** Ids of the sent documents where the caller is a recipient (user or email), `extra` narrowing it. */
function myRecipientDocs(scope: ListScope, extra: SQL): SQL {
  return sql`(select du.employee_document_id from document_users du
    where du.company_id = ${scope.companyId} and (du.user_id = ${scope.userId} or du.email = ${scope.email})
      and ${extra})`;
}

/** The caller is a recipient who must act now: notified and not done (a viewer is done once viewed). */
export function waitingForMe(scope: ListScope): SQL {
  return sql`ed.id in ${myRecipientDocs(
    scope,
    sql`du.user_type <> 'CC' and (du.status = 'SENT' or (du.status = 'VIEWED' and du.user_type <> 'VIEWER'))`,
  )}`;
}

/**
 * What the caller sees (`canSeeSentDocument` of the signing module, plus what they take part in):
 * their own drafts; sent documents they sent, that are shared with them, where they are a
 * recipient who is not CC, or all of them when their reach is broad.
 */
export function visibleTo(scope: ListScope): SQL {
  const draft = sql`(ed.status = 'DRAFT' and ed.sender_id = ${scope.userId})`;
  if (scope.broad) return sql`(ed.status <> 'DRAFT' or ${draft})`;
  return sql`(${draft} or (ed.status <> 'DRAFT' and (ed.sender_id = ${scope.userId}
    or ed.shared_with @> ${JSON.stringify([scope.userId])}::jsonb
    or ed.id in ${myRecipientDocs(scope, sql`du.user_type <> 'CC'`)})))`;
}

/** The condition of a list filter (DOMAIN-ESIGN): archived documents show under `archived` only. */
export function filterCondition(filter: TDocumentListFilter, scope: ListScope): SQL {
  const live = sql`ed.archived_at is null`;
  switch (filter) {
    case 'all-documents':
      return sql`${live} and ${visibleTo(scope)}`;
    case 'draft':
      return sql`${live} and ed.status = 'DRAFT' and ed.sender_id = ${scope.userId}`;
    case 'waiting-for-me':
      return sql`${live} and ed.status = 'WAITING' and ${waitingForMe(scope)}`;
    case 'waiting-for-others':
      return sql`${live} and ed.status = 'WAITING' and ${visibleTo(scope)} and not ${waitingForMe(scope)}`;
    case 'archived':
      return sql`ed.archived_at is not null and ${visibleTo(scope)}`;
    default:
      return sql`${live} and ed.status = ${FILTER_STATUS[filter]!} and ${visibleTo(scope)}`;
  }
}

/**
 * Every word of the search must start a word of the document's name or of one of its recipients
 * (sent documents: `document_users`; drafts: the recipients of their layout).
 */
export function searchCondition(search: string | undefined, scope: ListScope): SQL | null {
  const words = searchTerms(search);
  if (words.length === 0) return null;
  return sql.join(
    words.map((word) => {
      const q = sql`to_tsquery('simple'::regconfig, ${word})`;
      return sql`ed.id in (
        select e2.id from employee_documents e2
          where e2.company_id = ${scope.companyId} and ${nameWords(sql`e2.name`)} @@ ${q}
        union all
        select du.employee_document_id from document_users du
          where du.company_id = ${scope.companyId}
            and ${recipientWords(sql`du.email`, sql`du.first_name`, sql`du.last_name`)} @@ ${q}
        union all
        select e3.id from employee_documents e3
          join configurable_documents cd on cd.id = e3.configurable_document_id
          cross join jsonb_array_elements(cd.document_users) r
          where e3.company_id = ${scope.companyId} and e3.status = 'DRAFT' and e3.sender_id = ${scope.userId}
            and ${recipientWords(
              sql`coalesce(r->>'email', '')`,
              sql`coalesce(r->>'first_name', '')`,
              sql`coalesce(r->>'last_name', '')`,
            )} @@ ${q})`;
    }),
    sql` and `,
  );
}

/** `YYYY-MM-DD` is a local day of the caller (`offsetMinutes` as `Date.getTimezoneOffset()`). */
export function dateBound(
  value: string,
  offsetMinutes: number,
  end: boolean,
): { at: Date; exclusive: boolean } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00Z`) + offsetMinutes * 60_000;
    return end
      ? { at: new Date(midnight + 86_400_000), exclusive: true }
      : { at: new Date(midnight), exclusive: false };
  }
  return { at: new Date(value), exclusive: false };
}

/** The optional narrowing of a list: search, date range, recipient, owner. */
export function narrowing(query: TDocumentListQuery, scope: ListScope, offsetMinutes: number): SQL[] {
  const parts: SQL[] = [];
  const search = searchCondition(query.search, scope);
  if (search) parts.push(search);
  const column = query.date_field === 'sent_at' ? sql`ed.sent_at` : sql`ed.created_at`;
  if (query.from) parts.push(sql`${column} >= ${dateBound(query.from, offsetMinutes, false).at}`);
  if (query.to) {
    const to = dateBound(query.to, offsetMinutes, true);
    parts.push(to.exclusive ? sql`${column} < ${to.at}` : sql`${column} <= ${to.at}`);
  }
  if (query.recipient) parts.push(recipientCondition(query.recipient, scope));
  if (query.owner) {
    // An id that is no user's matches nothing (rather than a 422 for a stale link).
    parts.push(isUuid(query.owner) ? sql`ed.sender_id = ${query.owner}` : sql`false`);
  }
  return parts;
}

/** Documents with a recipient who is that contact (by link or email) or has that email. */
function recipientCondition(value: string, scope: ListScope): SQL {
  if (isUuid(value)) {
    return sql`(ed.id in (select du.employee_document_id from document_users du
        where du.company_id = ${scope.companyId} and (du.contact_id = ${value} or du.email = (
          select c.email from contacts c where c.id = ${value} and c.company_id = ${scope.companyId})))
      or (ed.status = 'DRAFT' and exists (select 1 from configurable_documents cd
        where cd.id = ed.configurable_document_id and cd.document_users @> ${JSON.stringify([{ contact_id: value }])}::jsonb)))`;
  }
  const email = value.toLowerCase();
  return sql`(ed.id in (select du.employee_document_id from document_users du
      where du.company_id = ${scope.companyId} and du.email = ${email})
    or (ed.status = 'DRAFT' and exists (select 1 from configurable_documents cd, jsonb_array_elements(cd.document_users) r
      where cd.id = ed.configurable_document_id and lower(r->>'email') = ${email})))`;
}

/** Sort columns; `nullable` ones put empty dates last either way. */
const SORT_COLUMNS: Record<string, { column: SQL; nullable: boolean }> = {
  updated_at: { column: sql`ed.updated_at`, nullable: false },
  created_at: { column: sql`ed.created_at`, nullable: false },
  sent_at: { column: sql`ed.sent_at`, nullable: true },
  expires_at: { column: sql`ed.expires_at`, nullable: true },
  name: { column: sql`lower(ed.name)`, nullable: false },
};

/**
 * `order by` of a sort; the id breaks ties so pages never overlap. Columns that cannot be empty
 * get no `nulls` clause, so the default order is a backward walk of the list index.
 */
export function orderBy(sort: TDocumentListSort | undefined): SQL {
  const key = sort ?? '-updated_at';
  const desc = key.startsWith('-');
  const { column, nullable } = SORT_COLUMNS[desc ? key.slice(1) : key]!;
  const nulls = nullable ? sql` nulls last` : sql``;
  return desc ? sql`${column} desc${nulls}, ed.id desc` : sql`${column} asc${nulls}, ed.id asc`;
}
