import { foldChangeRows } from '../../platform/db/change-rows';
import { rowsOfText, type Db } from '../../platform/db/database';

/*
 * What the data grid knows of an entity's records without reading them (README "Totals and
 * snapshots"): how many there are and a version that moves with every committed change. Both
 * come from `entity_data_changes` (migration 0019), written by statement triggers and folded by
 * `compactRecordChanges`.
 */

export type RecordState = { total: number; version: string };

export async function loadRecordState(db: Pick<Db, 'execute'>, entityId: string): Promise<RecordState> {
  const [row] = await rowsOfText<{ total: number | null; changes: number; last: string | null }>(
    db,
    `select sum(delta)::int as total, count(*)::int as changes, max(id)::text as last
      from entity_data_changes where entity_id = $1`,
    [entityId],
  );
  return { total: Number(row?.total ?? 0), version: `${row?.changes ?? 0}:${row?.last ?? 0}` };
}

/** Folds each entity's change rows (`foldChangeRows`) once it has `minRows` or more. */
export function compactRecordChanges(db: Pick<Db, 'execute'>, minRows = 20): Promise<number> {
  return foldChangeRows(
    db,
    { table: 'entity_data_changes', scope: 'entity_id', owners: 'entities', groups: [] },
    minRows,
  );
}
