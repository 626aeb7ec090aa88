import { sql, type SQL } from 'drizzle-orm';
import {
  FILTER_STATUS,
  searchTerms,
  type TDocumentListQuery,
  type TDocumentListSort,
} from '@esigns/contracts/document-lists';
import type { TDocumentListFilter } from '@esigns/contracts/documents';
import { isUuid } from '@esigns/contracts/ids';

/*
 * The SQL of the document lists, in pieces over `employee_documents ed`. Every piece keeps the
 * tenant scope (`company_id`) and is shaped for the indexes of migrations 0012 and 0014: the
 * partial `(company_id, status, updated_at, id) where archived_at is null` walks a status in list
 * order, and the GIN index on `search_words` answers searches without a scan.
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
 * The words of a draft's name and layout recipients (email, first and last name) as a
 * `tsvector`, split like the `search_words` column of sent documents (migration 0014).
 */
function draftWords(): SQL {
  return sql`to_tsvector('simple'::regconfig, translate(ed.name || ' ' || coalesce((
      select string_agg(coalesce(r->>'email', '') || ' ' || coalesce(r->>'first_name', '') || ' '
        || coalesce(r->>'last_name', ''), ' ')
      from configurable_documents cd cross join jsonb_array_elements(cd.document_users) r
      where cd.id = ed.configurable_document_id), ''), '@._-+/', '      '))`;
}

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
 * What the caller sees (`canSeeSentDocument` of the documents module, plus what they take part in):
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

/**
 * The condition of a list filter (DOMAIN-ESIGN): archived documents show under `archived` only.
 * With a broad reach a status filter needs no visibility test, which keeps the count of a tab an
 * index-only walk of the list index.
 */
export function filterCondition(filter: TDocumentListFilter, scope: ListScope): SQL {
  const live = sql`ed.archived_at is null`;
  const visible = (of: SQL) => (scope.broad ? of : sql`${of} and ${visibleTo(scope)}`);
  switch (filter) {
    case 'all-documents':
      return sql`${live} and ${visibleTo(scope)}`;
    case 'draft':
      return sql`${live} and ed.status = 'DRAFT' and ed.sender_id = ${scope.userId}`;
    case 'waiting-for-me':
      return sql`${live} and ed.status = 'WAITING' and ${waitingForMe(scope)}`;
    case 'waiting-for-others':
      return sql`${visible(sql`${live} and ed.status = 'WAITING'`)} and not ${waitingForMe(scope)}`;
    case 'archived':
      return sql`ed.archived_at is not null and ${visibleTo(scope)}`;
    default:
      return visible(sql`${live} and ed.status = ${FILTER_STATUS[filter]!}`);
  }
}

/**
 * Every word of the search must start a word of the document's name or of one of its recipients:
 * sent documents through `search_words` (kept by triggers, GIN-indexed), the caller's drafts
 * through their layout's recipients. Filters without drafts leave the draft branch out, so the
 * planner can combine the GIN index with the list index.
 */
export function searchCondition(
  search: string | undefined,
  scope: ListScope,
  filter: TDocumentListFilter | null,
): SQL | null {
  const words = searchTerms(search);
  if (words.length === 0) return null;
  const query = sql`to_tsquery('simple'::regconfig, ${words.join(' & ')})`;
  const sent = sql`ed.search_words @@ ${query}`;
  if (filter !== null && !MAY_HOLD_DRAFTS.has(filter)) return sent;
  return sql`(${sent} or (ed.status = 'DRAFT' and ed.sender_id = ${scope.userId} and ${draftWords()} @@ ${query}))`;
}

/** Filters whose documents may be drafts (`null`: the counts, which span every filter). */
const MAY_HOLD_DRAFTS: ReadonlySet<TDocumentListFilter> = new Set(['all-documents', 'draft', 'archived']);

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
export function narrowing(
  query: TDocumentListQuery,
  scope: ListScope,
  offsetMinutes: number,
  filter: TDocumentListFilter | null,
): SQL[] {
  const parts: SQL[] = [];
  const search = searchCondition(query.search, scope, filter);
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
