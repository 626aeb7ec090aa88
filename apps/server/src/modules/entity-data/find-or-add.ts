import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { parseRecordValues, recordValidationError, type RecordValues } from './record-values';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';
import { createRecords, type RecordRow } from './service';

/**
 * The record `match` finds among the entity's records, else a new one from `input` (checked in
 * full like any new record; details keyed `values...`). Finding and adding run under a lock per
 * entity, so two calls for the same company or person at once add it once.
 * `match` receives the normalised values; null: nothing identifies the record, always add.
 */
export async function findOrAddRecord(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  input: RecordValues,
  match: (values: RecordValues) => SQL | null,
): Promise<{ created: boolean; row: RecordRow }> {
  const parsed = parseRecordValues(def, input, { partial: false, prefix: ['values'] });
  if (parsed.errors.length > 0) throw recordValidationError(def, parsed.errors);
  const where = match(parsed.values);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`entity-find:${def.row.id}`}))`);
    if (where) {
      const [found] = await tx
        .select()
        .from(entityData)
        .where(and(eq(entityData.entityId, def.row.id), where, visibleRecords()))
        .orderBy(entityData.createdAt)
        .limit(1);
      if (found) return { created: false, row: found };
    }
    const [row] = await createRecords(tx, access, def, [input], () => ['values']);
    return { created: true, row: row! };
  });
}
