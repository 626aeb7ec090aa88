import { foldChangeRows } from '../../platform/db/change-rows';
import { rowsOfText, type Db } from '../../platform/db/database';

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
   * compaction removes rows and adds fewer, numbered past the last id.
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
  const [row] = await rowsOfText<{
    email: string | null;
    changes: number;
    last: string | null;
    totals: [string, boolean, number][] | null;
  }>(
    db,
    `select (select lower(email) from users where id = $1) as email,
      (select count(*)::int from document_list_changes where company_id = $2) as changes,
      (select max(id)::text from document_list_changes where company_id = $2) as last,
      (select json_agg(json_build_array(status, archived, n)) from (
        select status, archived, sum(delta)::int as n from document_list_changes
        where company_id = $2 and status is not null group by status, archived) t) as totals`,
    [userId, companyId],
  );
  return {
    email: row?.email ?? '',
    totals: new Map((row?.totals ?? []).map(([status, archived, n]) => [totalKey(status, archived), n])),
    version: `${row?.changes ?? 0}:${row?.last ?? 0}`,
  };
}

/** Folds each company's change rows (`foldChangeRows`) once it has `minRows` or more. */
export function compactListChanges(db: Pick<Db, 'execute'>, minRows = 20): Promise<number> {
  return foldChangeRows(
    db,
    {
      table: 'document_list_changes',
      scope: 'company_id',
      owners: 'companies',
      groups: ['status', 'archived'],
    },
    minRows,
  );
}
