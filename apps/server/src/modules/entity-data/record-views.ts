import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TRelatedRecordsQuery } from '@esigns/contracts/relationships';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { orderSql } from './query';
import { entityData } from './schema';
import { visibleRecordsAlways } from './staged-imports';
import { countWhere, linkedTitles, recordWhere, withComputedValues, type RecordRow } from './service';

/*
 * What other modules read of records without the table: a subquery their statements join
 * (PostgreSQL flattens it into their join: the plan of a direct join), records by id, and a page
 * of one entity's records narrowed by the caller's condition on the record id.
 */

/**
 * Every shown record's id, entity, company, title, values and creation time, as a subquery the
 * relationships module joins to its links (aggregates, cardinality checks, grandchildren).
 */
export const recordDirectory = queryBuilder
  .select({
    id: entityData.id,
    entityId: entityData.entityId,
    companyId: entityData.companyId,
    title: entityData.title,
    values: entityData.values,
    createdAt: entityData.createdAt,
  })
  .from(entityData)
  // Built at load, before the import strategy is known: the condition is always there (on
  // PostgreSQL every `import_id` is null, so it costs a null test per record).
  .where(visibleRecordsAlways())
  .as('record_directory');

/** The records among `ids` (unknown ones are absent), in one query. */
export async function recordsByIds(db: Db, ids: readonly string[]): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(entityData)
    .where(inArray(entityData.id, [...ids]));
}

/**
 * One page of `def`'s records with the grid's filters, sort and search, narrowed by the caller's
 * condition on the record id (`narrow`, e.g. "linked to this record"), and their total (capped
 * as the grid's). 422 for a bad filter or sort.
 */
export async function narrowedRecordsPage(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: TRelatedRecordsQuery,
  narrow: (recordId: AnyPgColumn) => SQL,
): Promise<{ rows: RecordRow[]; total: number; capped: boolean }> {
  const base = await recordWhere(db, access, def, {
    filters: query.filters,
    search: query.search,
    apply_global_filters: false,
  });
  const { order, errors } = orderSql(def, query.sort ?? [], 'sort');
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const where = sql`${base} and ${narrow(entityData.id)}`;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(entityData)
      .where(where)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countWhere(db, where),
  ]);
  return { rows, ...total };
}

/** Records of `def` (its company's) among `ids`. */
const amongRecordsOf = (def: EntityDefinition, ids: readonly string[]): SQL | undefined =>
  and(
    eq(entityData.entityId, def.row.id),
    eq(entityData.companyId, def.row.companyId),
    inArray(entityData.id, [...ids]),
  );

/**
 * The records of `def` among `ids` (this company's and entity's; others absent) with their values
 * computed on read, and the titles their ENTITY fields link to: what a mail about records prints.
 */
export async function recordsWithLinks(
  db: Db,
  def: EntityDefinition,
  ids: readonly string[],
): Promise<{ rows: RecordRow[]; linkedTitles: Record<string, string> }> {
  if (ids.length === 0) return { rows: [], linkedTitles: {} };
  const found = await db.select().from(entityData).where(amongRecordsOf(def, ids));
  const rows = await withComputedValues(db, def, found);
  return { rows, linkedTitles: await linkedTitles(db, def, rows) };
}

/**
 * The ids of `def`'s records the caller sees in the grid (their global filters, and a saved filter,
 * the grid's own and a view's filters and the title search when given), newest first, at most `limit`.
 */
export async function recordIdsMatching(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: Pick<Parameters<typeof recordWhere>[3], 'filter_id' | 'filters' | 'base_filters' | 'search'>,
  limit: number,
): Promise<string[]> {
  const where = await recordWhere(db, access, def, { ...query, apply_global_filters: true });
  const rows = await db
    .select({ id: entityData.id })
    .from(entityData)
    .where(where)
    .orderBy(sql`${entityData.createdAt} desc`, sql`${entityData.id} desc`)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The ids among `ids` that are records of `def` (this company's), in one query. */
export async function existingRecordIds(
  db: Db,
  def: EntityDefinition,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: entityData.id }).from(entityData).where(amongRecordsOf(def, ids));
  return new Set(rows.map((row) => row.id));
}
