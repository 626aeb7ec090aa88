import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { unlessAppError, validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { findDuplicate, parseRecordValues, ruleLabel, type RecordValues } from './record-values';
import { copyEntries } from './repeatable-service';
import { entityData } from './schema';
import { createRecords, findRecord, updateRecord, type RecordRow } from './service';

/*
 * Operations on many records: bulk update, duplicates and duplicate-rule checks (chart data:
 * chart-data.ts).
 */

export const MAX_BULK_IDS = 1000;

/** Values of a record to copy: everything but what the server computes (numbers are new). */
function copyable(def: EntityDefinition, values: RecordValues): RecordValues {
  const copy: RecordValues = {};
  for (const template of def.templates) {
    if (template.isRepeatable || !values[template.id]) continue;
    const skip = new Set(
      template.fields
        .filter((f) => ['AUTO_INCREMENT', 'FORMULA', 'AGGREGATE', 'GLOBAL_VARIABLE'].includes(f.type))
        .map((f) => f.key),
    );
    copy[template.id] = Object.fromEntries(
      Object.entries(values[template.id]!).filter(([key]) => !skip.has(key)),
    );
  }
  return copy;
}

/**
 * `POST /entities-data/duplicate` and `selected-data-duplicate`: copies, with new AUTO_INCREMENT
 * numbers, each with copies of its original's repeatable entries (line items), all in one
 * transaction. Ids that are not records of this entity and company refuse the whole call (422 `ids`).
 */
export async function duplicateRecords(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  ids: readonly string[],
): Promise<RecordRow[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  const rows =
    valid.length === 0
      ? []
      : await db
          .select()
          .from(entityData)
          .where(
            and(
              eq(entityData.entityId, def.row.id),
              eq(entityData.companyId, access.companyId),
              inArray(entityData.id, valid),
            ),
          );
  if (rows.length !== new Set(ids).size) {
    throw validationError([
      { key: 'ids', path: ['ids'], message: 'Some records are not records of this entity' },
    ]);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inputs = valid.map((id) => copyable(def, byId.get(id)!.values));
  const keyOf = (index: number) => ['ids', index];
  if (!def.templates.some((t) => t.isRepeatable)) return createRecords(db, access, def, inputs, keyOf);
  return db.transaction(async (tx) => {
    // `createRecords` answers in the order of its inputs: copy i is of valid[i].
    const copies = await createRecords(tx, access, def, inputs, keyOf);
    await copyEntries(
      tx,
      access,
      def,
      valid.map((from, index) => ({ from, to: copies[index]!.id })),
    );
    return copies;
  });
}

/** `POST /entities-data/bulk-update`: the same field values set on many records. */
export async function bulkUpdate(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  ids: readonly string[],
  values: unknown,
): Promise<number> {
  const check = parseRecordValues(def, values, { partial: true, prefix: ['values'] });
  if (check.errors.length > 0) throw validationError(check.errors, check.errors[0]!.message);
  if (Object.keys(check.values).length === 0) {
    throw validationError([
      { key: 'values', path: ['values'], message: 'Give at least one field to change' },
    ]);
  }
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const id of [...new Set(ids)]) {
      if (!(await unlessAppError(findRecord(tx, def, id)))) {
        throw validationError([
          { key: 'ids', path: ['ids'], message: 'Some records are not records of this entity' },
        ]);
      }
      await updateRecord(tx, access, def, id, values, ['values'], 'BULK_UPDATED');
      updated += 1;
    }
  });
  return updated;
}

/** `POST /templates-data/check-duplicate-rules`: the records these values would duplicate, by rule. */
export async function checkDuplicateRules(
  db: Db,
  def: EntityDefinition,
  values: unknown,
  selfId: string | null,
) {
  const parsed = parseRecordValues(def, values, { partial: true, prefix: ['values'] });
  if (parsed.errors.length > 0) throw validationError(parsed.errors, parsed.errors[0]!.message);
  const found: { fields: string[]; label: string; mode: 'BLOCK' | 'WARN'; record_id: string }[] = [];
  for (const rule of def.row.duplicateRules) {
    const hit = await findDuplicate(
      db,
      { ...def, row: { ...def.row, duplicateRules: [rule] } },
      parsed.values,
      selfId,
      'ANY',
    );
    if (hit)
      found.push({
        fields: rule.fields,
        label: ruleLabel(def, rule),
        mode: rule.mode,
        record_id: hit.recordId,
      });
  }
  return { duplicate: found.length > 0, blocked: found.some((f) => f.mode === 'BLOCK'), rules: found };
}
