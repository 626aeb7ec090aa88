import { sql, type SQL } from 'drizzle-orm';
import type {
  TDocumentListCounts,
  TDocumentListItem,
  TDocumentListQuery,
} from '@esigns/contracts/document-lists';
import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import type { Db } from '../../platform/db/database';
import type { AccessContext } from '../permissions/access';
import { filterCondition, narrowing, orderBy, visibleTo, waitingForMe, type ListScope } from './list-query';
import { presentListRows, type ListRow } from './present-items';
import { loadScope, rowsOf } from './scope';

type Reader = Pick<Db, 'select' | 'execute'>;

const LIST_COLUMNS = sql`ed.id, ed.name, ed.status, ed.archived_at, ed.configurable_document_id, ed.company_document_id, ed.sender_id,
  ed.shared_with, ed.sent_at, ed.expires_at, ed.completed_at, ed.created_at, ed.updated_at`;

/** Extra narrowing a caller adds to a list (the employee documents: addressed to the caller). */
export type ListExtra = (scope: ListScope) => SQL;

/**
 * One page of a document list: the filter's documents the caller sees, narrowed by the query,
 * in the query's order, with the total for the pager. One statement finds the page's ids and the
 * total together (`count(*) over ()`: a search's matches are read once, not once for the page and
 * once for the count) over the list index columns only, so that skipping to page 500 of a tab
 * walks the index, not the table; the page's rows are joined back by id ("late row lookup"). A
 * page past the end has no row to carry the total: it is counted on its own. The page's
 * recipients and senders are read after, for its rows only.
 */
export async function listDocuments(
  db: Reader,
  access: AccessContext,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  options: { offsetMinutes?: number; extra?: ListExtra } = {},
): Promise<{ rows: TDocumentListItem[]; total: number }> {
  const scope = await loadScope(db, access);
  const where = whereOf(scope, filter, query, options);
  const order = orderBy(query.sort);
  const rows = await rowsOf<ListRow & { total: number }>(
    db,
    sql`select ${LIST_COLUMNS}, p.total from (
        select ed.id, count(*) over () as total from employee_documents ed where ${where}
        order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}
      ) p join employee_documents ed on ed.id = p.id
      order by ${order}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from employee_documents ed where ${where}`,
    );
    total = Number(counted?.n ?? 0);
  }
  return { rows: await presentListRows(db, access, scope, rows), total };
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
 * one statement over the documents they see (narrowed like a list when the query says so).
 */
export async function countDocuments(
  db: Reader,
  access: AccessContext,
  query: TDocumentListQuery,
  options: { offsetMinutes?: number } = {},
): Promise<TDocumentListCounts> {
  const scope = await loadScope(db, access);
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
  return Object.fromEntries(
    DOCUMENT_LIST_FILTERS.map((f) => [f, Number(row?.[f] ?? 0)]),
  ) as TDocumentListCounts;
}
