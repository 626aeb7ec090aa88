import { foldChangeRows } from '../../platform/db/change-rows';
import type { TFilterRule } from '@esigns/contracts/nocode-filters';
import { rowsOfText, type Db } from '../../platform/db/database';
import { DEFINITION_STAMP_SQL } from '../entities';

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

/** What a grid call reads before its page: the definition stamp, the record state, global filters. */
export type GridContext = {
  /** `DEFINITION_STAMP_SQL` of the entity; null when the company has no such entity. */
  stamp: string | null;
  state: RecordState;
  /** The caller's active global filter rules on the entity's templates. */
  globalRules: TFilterRule[];
};

/**
 * `GridContext` in one statement: a grid call is then three statements (access, context, page)
 * instead of five. `entityId` must be a UUID.
 */
export async function loadGridContext(
  db: Pick<Db, 'execute'>,
  companyId: string,
  userId: string,
  entityId: string,
): Promise<GridContext> {
  const [row] = await rowsOfText<{
    stamp: string | null;
    total: number | null;
    changes: number;
    last: string | null;
    rules: TFilterRule[] | null;
  }>(
    db,
    `select (select ${DEFINITION_STAMP_SQL} from entities e where e.id = $1 and e.company_id = $2) as stamp,
      s.total, s.changes, s.last,
      (select json_agg(gf.rule order by gf.created_at, gf.id) from global_filters gf
        where gf.company_id = $2 and gf.user_id = $3 and gf.is_active
          and gf.template_id in (select (t->>'template_id')::uuid from entities e, jsonb_array_elements(e.templates) t
            where e.id = $1 and e.company_id = $2)) as rules
    from (select sum(delta)::int as total, count(*)::int as changes, max(id)::text as last
      from entity_data_changes where entity_id = $1) s`,
    [entityId, companyId, userId],
  );
  return {
    stamp: row?.stamp ?? null,
    state: { total: Number(row?.total ?? 0), version: `${row?.changes ?? 0}:${row?.last ?? 0}` },
    globalRules: row?.rules ?? [],
  };
}

/** Folds each entity's change rows (`foldChangeRows`) once it has `minRows` or more. */
export function compactRecordChanges(db: Pick<Db, 'execute'>, minRows = 20): Promise<number> {
  return foldChangeRows(
    db,
    { table: 'entity_data_changes', scope: 'entity_id', owners: 'entities', groups: [] },
    minRows,
  );
}
