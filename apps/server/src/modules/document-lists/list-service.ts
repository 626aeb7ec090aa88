import { sql, type SQL } from 'drizzle-orm';
import type {
  TDocumentListCounts,
  TDocumentListItem,
  TDocumentListQuery,
} from '@esigns/contracts/document-lists';
import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import { isUuid } from '@esigns/contracts/ids';
import { rowsOfQuery, rowsOfText, sqlKey, type Db } from '../../platform/db/database';
import type { AccessContext } from '../permissions';
import { filterCondition, narrowing, orderBy, visibleTo, waitingForMe, type ListScope } from './list-query';
import {
  LOADED_LIST_COLUMNS,
  LOADED_LIST_COLUMNS_TEXT,
  presentLoadedRows,
  type LoadedListRow,
} from './present-items';
import { FILTER_STATUS } from '@esigns/contracts/document-lists';
import { VersionedCache } from '../../platform/cache/versioned-cache';
import { loadListState, totalKey, type ListState } from './list-state';
import { rowsOf } from './scope';
import { hasBroadReach } from '../documents';

type Reader = Pick<Db, 'select' | 'execute'>;

/** Extra narrowing a caller adds to a list (the employee documents: addressed to the caller). */
export type ListExtra = (scope: ListScope) => SQL;

/** A stored-total tab reads pages before this offset straight from the list index. */
const DIRECT_OFFSET = 1_000;
/** How many ids of a list a snapshot holds: deeper pages read the database each time. */
const SNAPSHOT_IDS = 10_000;
/** Snapshots of one process: at most this many ids in all, and entries. */
const snapshots = new VersionedCache<{ ids: string[]; total: number }>(400_000, 500);

/** Counts of one process, like the list snapshots: valid for one list version. */
const countsCache = new VersionedCache<TDocumentListCounts>(2_000, 2_000);

/** Drops this process's list snapshots (tests that write the database behind the triggers' back). */
export const clearListSnapshots = (): void => {
  snapshots.clear();
  countsCache.clear();
};

/**
 * One page of a document list: the filter's documents the caller sees, narrowed by the query,
 * in the query's order, with the exact total for the pager (README "Totals and search snapshots").
 * - A status tab of a caller who sees every sent document, not narrowed: the total is the stored
 *   one, and its first 1,000 documents are a walk of the list index.
 * - Any other list, or deeper pages of such a tab: the ordered ids of its first 10,000 documents
 *   and its total are kept in this process for as long as the company's list version stays the
 *   same (any committed change of its documents, recipients or draft layouts moves it), so paging
 *   through a search reads the search once and page 500 is 10 ids away. Deeper pages read the
 *   database each time.
 * - Lists narrowed by a caller's extra condition, or by a contact (whose email may change), are
 *   read from the database each time (page ids and total in one statement).
 * The page's rows are read by id, then their recipients and senders.
 */
export async function listDocuments(
  db: Reader,
  access: AccessContext,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  options: { offsetMinutes?: number; extra?: ListExtra } = {},
): Promise<{ rows: TDocumentListItem[]; total: number }> {
  const state = await loadListState(db, access.companyId, access.userId);
  const scope = scopeOf(access, state.email);
  const where = whereOf(scope, filter, query, options);
  const order = orderBy(query.sort);
  const offset = (query.page - 1) * query.limit;
  const present = (rows: LoadedListRow[]) => presentLoadedRows(access, scope, rows);

  const stored = storedTotal(scope, filter, query, options, state);
  if (stored !== null && offset < DIRECT_OFFSET) {
    return { rows: present(await pageRows(db, where, order, query.limit, offset)), total: stored };
  }
  if (options.extra || (query.recipient && isUuid(query.recipient))) {
    const rows = await pageRows(db, where, order, query.limit, offset, true);
    const total = rows.length > 0 ? Number(rows[0]!.total) : query.page > 1 ? await countOf(db, where) : 0;
    return { rows: present(rows), total };
  }
  // Keyed by the list's SQL: the caller's visibility, filter, narrowing and order are all in it.
  const key = `${access.companyId}|${sqlKey(sql`${where} order by ${order}`)}`;
  const snapshot = await snapshots.getOrLoad(
    key,
    state.version,
    async () => {
      const ids = await idsOf(db, where, order, SNAPSHOT_IDS, 0);
      const total = ids.length < SNAPSHOT_IDS ? ids.length : (stored ?? (await countOf(db, where)));
      return { ids, total };
    },
    (loaded) => loaded.ids.length + 1,
  );
  const rows =
    offset < snapshot.ids.length || snapshot.ids.length === snapshot.total
      ? await rowsByIds(db, snapshot.ids.slice(offset, offset + query.limit))
      : await pageRows(db, where, order, query.limit, offset);
  return { rows: present(rows), total: snapshot.total };
}

/** The stored total of a list, when it is one: a status tab of a broad caller, not narrowed. */
function storedTotal(
  scope: ListScope,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  options: { extra?: ListExtra },
  state: ListState,
): number | null {
  const status = FILTER_STATUS[filter];
  if (!scope.broad || !status || status === 'DRAFT' || options.extra) return null;
  if (query.search?.trim() || query.from || query.to || query.recipient || query.owner) return null;
  return state.totals.get(totalKey(status, false)) ?? 0;
}

function scopeOf(access: AccessContext, email: string): ListScope {
  return { companyId: access.companyId, userId: access.userId, email, broad: hasBroadReach(access) };
}

/** Ids of a page of a list, in its order (an index walk for a list index order). */
async function idsOf(db: Reader, where: SQL, order: SQL, limit: number, offset: number): Promise<string[]> {
  const rows = await rowsOfQuery<{ id: string }>(
    db,
    sql`select ed.id from employee_documents ed where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

async function countOf(db: Reader, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from employee_documents ed where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** The loaded rows of these ids, in their order (ids no longer there are left out). */
async function rowsByIds(db: Reader, ids: string[]): Promise<LoadedListRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOfText<LoadedListRow>(
    db,
    `select ${LOADED_LIST_COLUMNS_TEXT} from employee_documents ed where ed.id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of a list as loaded rows, in one statement: the page's ids are found over the list
 * index columns only (skipping to page 500 walks the index, not the table) and their rows joined
 * back ("late row lookup"). `withTotal` adds the list's total to each row (`count(*) over ()`:
 * the matches are read once, not once for the page and once for the count).
 */
async function pageRows(
  db: Reader,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  withTotal = false,
): Promise<(LoadedListRow & { total?: number })[]> {
  const total = withTotal ? sql`, count(*) over () as total` : sql``;
  const totalColumn = withTotal ? sql`, p.total` : sql``;
  return rowsOfQuery<LoadedListRow & { total?: number }>(
    db,
    sql`select ${LOADED_LIST_COLUMNS}${totalColumn} from (
        select ed.id${total} from employee_documents ed where ${where}
        order by ${order} limit ${limit} offset ${offset}
      ) p join employee_documents ed on ed.id = p.id
      order by ${order}`,
  );
}

/** The `where` of a list: the tenant, the filter, the query's narrowing and the caller's extra. */
export function whereOf(
  scope: ListScope,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  options: { offsetMinutes?: number; extra?: ListExtra } = {},
): SQL {
  const parts = [
    sql`ed.company_id = ${scope.companyId}`,
    filterCondition(filter, scope),
    ...narrowing(query, scope, options.offsetMinutes ?? 0, filter),
  ];
  if (options.extra) parts.push(options.extra(scope));
  return sql.join(parts, sql` and `);
}

/**
 * `GET /employee-documents-counts`: how many documents each list filter holds for the caller, in
 * one statement over the documents they see (narrowed like a list when the query says so), kept
 * in this process while the company's list version stays the same (as list snapshots are).
 */
export async function countDocuments(
  db: Reader,
  access: AccessContext,
  query: TDocumentListQuery,
  options: { offsetMinutes?: number } = {},
): Promise<TDocumentListCounts> {
  const state = await loadListState(db, access.companyId, access.userId);
  const scope = scopeOf(access, state.email);
  const recipientContact = query.recipient !== undefined && isUuid(query.recipient);
  const key = JSON.stringify([
    access.companyId,
    scope.userId,
    scope.broad,
    query.search ?? '',
    query.date_field ?? '',
    query.from ?? '',
    query.to ?? '',
    query.recipient ?? '',
    query.owner ?? '',
    options.offsetMinutes ?? 0,
  ]);
  const cached = recipientContact ? undefined : countsCache.get(key, state.version);
  if (cached) return cached;
  const live = sql`ed.archived_at is null`;
  const status = (value: string) => sql`${live} and ed.status = ${value}`;
  const conditions: Record<TDocumentListFilter, SQL> = {
    'all-documents': live,
    draft: sql`${status('DRAFT')} and ed.sender_id = ${scope.userId}`,
    'waiting-for-me': sql`${status('WAITING')} and ${waitingForMe(scope)}`,
    'waiting-for-others': sql`${status('WAITING')} and not ${waitingForMe(scope)}`,
    completed: status('COMPLETED'),
    declined: status('DECLINED'),
    rejected: status('REJECTED'),
    voided: status('VOIDED'),
    expired: status('EXPIRED'),
    archived: sql`ed.archived_at is not null`,
  };
  const columns = sql.join(
    DOCUMENT_LIST_FILTERS.map(
      (f) => sql`count(*) filter (where ${conditions[f]})::int as ${sql.identifier(f)}`,
    ),
    sql`, `,
  );
  const where = sql.join(
    [
      sql`ed.company_id = ${scope.companyId}`,
      visibleTo(scope),
      ...narrowing(query, scope, options.offsetMinutes ?? 0, null),
    ],
    sql` and `,
  );
  const [row] = await rowsOf<TDocumentListCounts>(
    db,
    sql`select ${columns} from employee_documents ed where ${where}`,
  );
  const counts = Object.fromEntries(
    DOCUMENT_LIST_FILTERS.map((f) => [f, Number(row?.[f] ?? 0)]),
  ) as TDocumentListCounts;
  if (!recipientContact) countsCache.set(key, state.version, counts);
  return counts;
}
