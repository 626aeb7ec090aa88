import type { SQL } from 'drizzle-orm';
import { rowsOf, sqlKey, type Db } from '../../platform/db/database';
import { VersionedCache } from '../../platform/cache/versioned-cache';
import type { EntityDefinition } from '../entities';
import { loadRecordState } from './record-state';

/*
 * Stat cards and charts over a million records are full scans of their JSON values (a second
 * each on PostgreSQL); a dashboard asks the same ones again on every load. Their rows are kept
 * here per statement (its SQL text and parameters: the caller's filters, saved filter, global
 * filters and contact scope are all in it), valid while the entity's records and definition are
 * the version they were read at (`entity_data_changes` moves with every committed change, as for
 * the grid's snapshots). Concurrent callers of the same stale statement share one read. At most
 * 2,000 statements and 50,000 rows per process, least recently used out.
 */
const aggregates = new VersionedCache<unknown[]>(50_000, 2_000);

/** The rows of an aggregate over `def`'s records, read again only after a change of the entity. */
export async function cachedAggregate<T>(db: Db, def: EntityDefinition, query: SQL): Promise<T[]> {
  const state = await loadRecordState(db, def.row.id);
  const version = `${state.version}|${def.row.version}:${def.row.updatedAt.toISOString()}`;
  const rows = await aggregates.getOrLoad(
    `${def.row.id}\u0000${sqlKey(query)}`,
    version,
    () => rowsOf<T>(db, query),
    (value) => value.length + 1,
  );
  return rows as T[];
}
