import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { rowsOf, sqlKey, type Db } from '../../platform/db/database';
import { VersionedCache } from '../../platform/cache/versioned-cache';
import type { ContactContext } from '../application-users';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { actingAs, contactEntity } from './contact-records';
import { loadGridContext, loadRecordState, type RecordState } from './record-state';
import { recordWhere, type RecordWhereQuery } from './service';

/*
 * Stat cards and charts over a million records are full scans of their JSON values (a second
 * each on PostgreSQL); a dashboard asks the same ones again on every load. Their rows are kept
 * here per statement (its SQL text and parameters: the caller's filters, saved filter and global
 * filters are all in it), valid while the entity's records and definition are the version they
 * were read at (`entity_data_changes` moves with every committed change, as for the grid's
 * snapshots). Concurrent callers of the same stale statement share one read (10 dashboards opened
 * at once after a change scan the records once). A contact's OWN scope is never kept: records
 * linked to their account by a relationship can change without the entity's version moving, so
 * their numbers are read each time (within their scope, usually a few records through indexes).
 * At most 2,000 statements and 50,000 rows per process, least recently used out.
 */
const aggregates = new VersionedCache<unknown[]>(50_000, 2_000);

/** The records an aggregate reads: the entity, the condition on them, and whether rows may be kept. */
export type AggregateSource = {
  def: EntityDefinition;
  where: SQL;
  /** The entity's record state when the rows may be kept; none: read each time. */
  state: RecordState | undefined;
  /** No filter, saved or global filter, search or scope: all the entity's records (`state.total`). */
  unfiltered: boolean;
};

/** Whether a query narrows the entity's records at all (an empty filter group does not). */
const narrows = (query: RecordWhereQuery, globalRules: readonly unknown[]) =>
  (query.filters?.rules.length ?? 0) > 0 ||
  (query.base_filters?.rules.length ?? 0) > 0 ||
  !!query.filter_id ||
  !!query.search ||
  (query.apply_global_filters && globalRules.length > 0);

/**
 * Staff: the grid's filters, saved filter and global filters. The definition stamp, the record
 * state and the global filters come in one statement (`loadGridContext`), as the grid's.
 */
export async function staffSource(
  db: Db,
  access: AccessContext,
  entityId: string,
  query: RecordWhereQuery,
): Promise<AggregateSource> {
  const context = isUuid(entityId)
    ? await loadGridContext(db, access.companyId, access.userId, entityId)
    : undefined;
  const def = await loadEntityDefinition(db, access.companyId, entityId, context?.stamp);
  const where = await recordWhere(db, access, def, query, context?.globalRules);
  const unfiltered = !narrows(query, context?.globalRules ?? []);
  return { def, where, state: context?.state, unfiltered };
}

/**
 * A contact: their contact type's rule must give `read` (else 404), their scope is ANDed to their
 * own filters and search; saved and global filters are the staff's (ignored).
 */
export async function contactSource(
  db: Db,
  contact: ContactContext,
  entityId: string,
  query: Pick<RecordWhereQuery, 'filters' | 'search'>,
): Promise<AggregateSource> {
  const { def, scope } = await contactEntity(db, contact, entityId, 'read');
  const own = await recordWhere(db, actingAs(contact), def, {
    filters: query.filters,
    search: query.search,
    apply_global_filters: false,
  });
  if (scope) return { def, where: sql`${own} and ${scope}`, state: undefined, unfiltered: false };
  const unfiltered = !narrows({ ...query, apply_global_filters: false }, []);
  return { def, where: own, state: await loadRecordState(db, def.row.id), unfiltered };
}

/** The rows of an aggregate over the source's records, read again only after a change of the entity. */
export async function aggregateRows<T>(db: Db, source: AggregateSource, query: SQL): Promise<T[]> {
  const { def, state } = source;
  if (!state) return rowsOf<T>(db, query);
  const version = `${state.version}|${def.row.version}:${def.row.updatedAt.toISOString()}`;
  const rows = await aggregates.getOrLoad(
    `${def.row.id}\u0000${sqlKey(query)}`,
    version,
    () => rowsOf<T>(db, query),
    (value) => value.length + 1,
  );
  return rows as T[];
}
