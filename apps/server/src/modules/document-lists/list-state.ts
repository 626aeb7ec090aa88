import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { rowsOf } from './scope';

/*
 * What the lists know of a company's documents without reading them (README "Totals and search
 * snapshots"): the stored totals per status and archived flag, and a version that changes with
 * every committed change of its documents, recipients or draft layouts. Both come from
 * `document_list_changes` (migration 0018), written by statement triggers and folded by
 * `compactListChanges`.
 */

export type ListState = {
  /** Lower-cased login email of the caller (recipient rows match by user or email). */
  email: string;
  /** Documents per `status|archived` (`archived` as `t`/`f`). */
  totals: ReadonlyMap<string, number>;
  /**
   * Changes whenever anything committed: rows are only added (count and last id grow), and a
   * compaction removes rows and adds a marker past the last id.
   */
  version: string;
};

export const totalKey = (status: string, archived: boolean): string => `${status}|${archived ? 't' : 'f'}`;

/** The caller's email and the company's list state, in one statement. */
export async function loadListState(
  db: Pick<Db, 'execute'>,
  companyId: string,
  userId: string,
): Promise<ListState> {
  const [row] = await rowsOf<{
    email: string | null;
    changes: number;
    last: string | null;
    totals: [string, boolean, number][] | null;
  }>(
    db,
    sql`select (select lower(email) from users where id = ${userId}) as email,
      (select count(*)::int from document_list_changes where company_id = ${companyId}) as changes,
      (select max(id)::text from document_list_changes where company_id = ${companyId}) as last,
      (select json_agg(json_build_array(status, archived, n)) from (
        select status, archived, sum(delta)::int as n from document_list_changes
        where company_id = ${companyId} and status is not null group by status, archived) t) as totals`,
  );
  return {
    email: row?.email ?? '',
    totals: new Map((row?.totals ?? []).map(([status, archived, n]) => [totalKey(status, archived), n])),
    version: `${row?.changes ?? 0}:${row?.last ?? 0}`,
  };
}

/**
 * Folds each company's change rows into one per status and archived flag (dropping zeros), plus
 * a marker so the version moves, and drops the rows of companies that are gone. Rows written by
 * transactions still open are not seen, so not deleted: they count when they commit. Companies
 * with fewer than `minRows` rows are left alone.
 */
export async function compactListChanges(db: Pick<Db, 'execute'>, minRows = 20): Promise<number> {
  const [result] = await rowsOf<{ folded: number }>(
    db,
    sql`with busy as (
        select company_id from document_list_changes group by company_id having count(*) >= ${minRows}
        union
        select distinct company_id from document_list_changes c
        where not exists (select 1 from companies co where co.id = c.company_id)
      ), gone as (
        delete from document_list_changes c using busy b where c.company_id = b.company_id
        returning c.company_id, c.status, c.archived, c.delta
      ), kept as (
        insert into document_list_changes (company_id, status, archived, delta)
        select g.company_id, g.status, g.archived, g.delta from (
          select company_id, status, archived, sum(delta)::int as delta from gone
          where status is not null group by company_id, status, archived having sum(delta) <> 0
          union all
          select distinct company_id, null::text, null::boolean, 0 from gone
        ) g where exists (select 1 from companies co where co.id = g.company_id)
        returning 1
      )
      select (select count(*)::int from gone) - (select count(*)::int from kept) as folded`,
  );
  return result?.folded ?? 0;
}
