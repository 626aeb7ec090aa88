import { randomUUID } from 'node:crypto';
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import { entityData, entityDataChanges, entityDataImports } from './schema';

/*
 * Staged imports (README "Imports on PGlite"). PGlite has one connection: an import that wrote its
 * 20,000 records in one transaction held it for seconds and every request waited. On PGlite an
 * import instead writes its records in short transactions, each record tagged with the import's
 * id (`entity_data.import_id`), and the records stay hidden while the import has a row in
 * `entity_data_imports`: every read of a set of records adds `visibleRecords()`. Showing them is
 * one statement (the import's row deleted, its change row written for the totals); an import that
 * fails deletes its records, and one a stopped server left is removed by `removeAbandonedImports`.
 * Records read by id need no filter: a hidden record's id is known to no one but its import.
 * PostgreSQL keeps the one transaction (its other connections go on meanwhile): reads add nothing.
 */

let staged = false;

/** Whether imports are staged (PGlite) or written in one transaction (PostgreSQL): set once at start. */
export function useStagedImports(on: boolean): void {
  staged = on;
}

export const stagedImports = (): boolean => staged;

/**
 * The condition a read of a set of records adds: records of imports in progress are left out
 * (`own`: except this import's, for its own checks). Undefined (nothing to add) when imports are
 * not staged; `and()` drops it.
 */
export function visibleRecords(own?: string): SQL | undefined {
  return staged ? visibleCondition(own) : undefined;
}

/** `visibleRecords()` whatever the strategy, for statements built before it is set. */
export const visibleRecordsAlways = (): SQL => visibleCondition();

function visibleCondition(own?: string): SQL {
  const pending = sql`${entityData.importId} not in (select ${entityDataImports.id} from ${entityDataImports})`;
  return own
    ? sql`(${entityData.importId} is null or ${entityData.importId} = ${own} or ${pending})`
    : sql`(${entityData.importId} is null or ${pending})`;
}

/** `visibleRecords()` for a statement that names `entity_data` by an alias: `and ...`, or nothing. */
export function visibleRecordsOf(alias: string): SQL {
  if (!staged) return sql``;
  const column = sql.raw(`${alias}.import_id`);
  return sql`and (${column} is null or ${column} not in (select ${entityDataImports.id} from ${entityDataImports}))`;
}

/**
 * Opens a staged import of `def`'s records: its id, which the records it writes carry, and when
 * it began (the database's clock).
 */
export async function beginStagedImport(
  db: Db,
  def: EntityDefinition,
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(entityDataImports)
    .values({ id: randomUUID(), companyId: def.row.companyId, entityId: def.row.id })
    .returning({ id: entityDataImports.id, createdAt: entityDataImports.createdAt });
  return row!;
}

/** Shows the import's `count` records, in the caller's transaction: one row deleted, one written. */
export async function publishStagedImport(
  tx: Db,
  id: string,
  entityId: string,
  count: number,
): Promise<void> {
  const [gone] = await tx
    .delete(entityDataImports)
    .where(eq(entityDataImports.id, id))
    .returning({ id: entityDataImports.id });
  // Removed meanwhile (its entity was deleted): its records went with it.
  if (!gone) throw notFound('Entity');
  if (count > 0) await tx.insert(entityDataChanges).values({ entityId, delta: count });
}

/** Records deleted per statement when an import is discarded (each statement a short turn). */
const DISCARD_BATCH = 1000;

/**
 * Deletes a staged import's records, `DISCARD_BATCH` at a time with `giveWay` between statements,
 * then the import itself. Its records were never shown, so the totals do not move.
 */
export async function discardStagedImport(
  db: Db,
  id: string,
  giveWay: () => Promise<void> = async () => undefined,
): Promise<void> {
  for (;;) {
    const removed = await db
      .delete(entityData)
      .where(
        sql`${entityData.id} in (select ${entityData.id} from ${entityData} where ${entityData.importId} = ${id} limit ${DISCARD_BATCH})`,
      )
      .returning({ id: entityData.id });
    if (removed.length < DISCARD_BATCH) break;
    await giveWay();
  }
  await db.delete(entityDataImports).where(eq(entityDataImports.id, id));
}

/**
 * Imports opened before `startedBefore` (the start of this server: on PGlite only this process
 * writes, so an older one was cut short by a stop) and their hidden records: deleted. Answers how
 * many imports were removed.
 */
export async function removeAbandonedImports(
  db: Db,
  startedBefore: Date,
  giveWay?: () => Promise<void>,
): Promise<number> {
  const abandoned = await db
    .select({ id: entityDataImports.id })
    .from(entityDataImports)
    .where(lt(entityDataImports.createdAt, startedBefore));
  for (const { id } of abandoned) await discardStagedImport(db, id, giveWay);
  return abandoned.length;
}
