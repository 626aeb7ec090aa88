import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database';

/*
 * What the data grid knows of an entity's records without reading them (README "Totals and
 * snapshots"): how many there are and a version that moves with every committed change. Both
 * come from `entity_data_changes` (migration 0019), written by statement triggers and folded by
 * `compactRecordChanges`.
 */

export type RecordState = { total: number; version: string };

export async function loadRecordState(db: Pick<Db, 'execute'>, entityId: string): Promise<RecordState> {
  const [row] = await rowsOf<{ total: number | null; changes: number; last: string | null }>(
    db,
    sql`select sum(delta)::int as total, count(*)::int as changes, max(id)::text as last
      from entity_data_changes where entity_id = ${entityId}`,
  );
  return { total: Number(row?.total ?? 0), version: `${row?.changes ?? 0}:${row?.last ?? 0}` };
}

/**
 * Folds each entity's rows (entities with at least `minRows`) into one, plus nothing else: the
 * folded row is numbered past every row it replaces, so the version moves. Rows of entities that
 * are gone are dropped. Rows of transactions still open are not seen, so not folded.
 */
export async function compactRecordChanges(db: Pick<Db, 'execute'>, minRows = 20): Promise<number> {
  const [result] = await rowsOf<{ folded: number }>(
    db,
    sql`with busy as (
        select entity_id from entity_data_changes group by entity_id having count(*) >= ${minRows}
        union
        select distinct entity_id from entity_data_changes c
        where not exists (select 1 from entities e where e.id = c.entity_id)
      ), gone as (
        delete from entity_data_changes c using busy b where c.entity_id = b.entity_id
        returning c.entity_id, c.delta
      ), kept as (
        insert into entity_data_changes (entity_id, delta)
        select entity_id, sum(delta)::int from gone g
        where exists (select 1 from entities e where e.id = g.entity_id)
        group by entity_id
        returning 1
      )
      select (select count(*)::int from gone) - (select count(*)::int from kept) as folded`,
  );
  return result?.folded ?? 0;
}
