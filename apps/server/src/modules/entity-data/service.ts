import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  RECORD_COUNT_CAP,
  type TEntityRecord,
  type TRecordPage,
  type TRecordQuery,
} from '@esigns/contracts/entities';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFilterGroup, TFilterRule } from '@esigns/contracts/nocode-filters';
import { isUuid } from '@esigns/contracts/ids';
import { packIds, unpackIds, VersionedCache } from '../../platform/cache/versioned-cache';
import {
  buildQuery,
  escapeLike,
  rowsOf,
  rowsOfBuilt,
  rowsOfText,
  sqlKey,
  type BuiltQuery,
  type Db,
} from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { JsonText } from '../../platform/http/envelope';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { assertWithinPlan } from '../subscriptions';
import { fillGlobalVariables } from './computed-values';
import { checkFileRefs, type ForeignFileCheck } from './files-service';
import { fieldChanges, writeHistory } from './history/write-history';
import { fillAggregates, publishRecordEvents, readSavedFilter } from './hooks';
import { filterSql, orderSql } from './query';
import { loadRecordState, type GridContext, type RecordState } from './record-state';
import {
  checkEntityLinks,
  fillAutoIncrements,
  findDuplicate,
  lockDuplicateRules,
  parseRecordValues,
  recordValidationError,
  ruleLabel,
  ruleProbe,
  titleOf,
  type RecordValues,
} from './record-values';
import { entityData } from './schema';
import { stagedImports, visibleRecords } from './staged-imports';

/*
 * Records: create (one or many), read, change, delete, and the filtered, sorted pages of the
 * grid. Every write validates with the shared validator and completes the values server-side
 * (record-values.ts) inside one transaction.
 */

export type RecordRow = typeof entityData.$inferSelect;

/** A record row of a grid page: its times already ISO-8601 text (`RECORD_COLUMNS`). */
export type PageRow = Omit<RecordRow, 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

const isoText = (time: Date | string): string => (typeof time === 'string' ? time : time.toISOString());

export function toRecord(row: PageRow): TEntityRecord {
  return {
    _id: row.id,
    entity_id: row.entityId,
    title: row.title,
    values: row.values,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: isoText(row.createdAt),
    updated_at: isoText(row.updatedAt),
  };
}

/** Records with the values computed on read: global variables, then aggregates over related records. */
export async function withComputedValues<T extends Pick<RecordRow, 'id' | 'values'>>(
  db: Db,
  def: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  return fillAggregates(db, def, await fillGlobalVariables(db, def, rows));
}

/** A user as answers name them (`{ _id, name, email }`; the name falls back to the email), or null. */
export const personRef = (
  id: string | null,
  first: string | null,
  last: string | null,
  email: string | null,
): { _id: string; name: string; email: string } | null =>
  id ? { _id: id, name: `${first ?? ''} ${last ?? ''}`.trim() || (email ?? ''), email: email ?? '' } : null;

/** Adds the record ids an ENTITY value holds (one id or a list) to `into`. */
export function addLinkedIds(value: unknown, into: Set<string>): void {
  for (const id of Array.isArray(value) ? value : [value])
    if (typeof id === 'string' && isUuid(id)) into.add(id);
}

/** Titles of these records, this company's only, in one query (ids not found are left out). */
export async function titlesOf(db: Db, companyId: string, ids: Set<string>): Promise<Record<string, string>> {
  if (ids.size === 0) return {};
  const found = await db
    .select({ id: entityData.id, title: entityData.title })
    .from(entityData)
    .where(and(eq(entityData.companyId, companyId), inArray(entityData.id, [...ids])));
  return Object.fromEntries(found.map((r) => [r.id, r.title]));
}

/** Titles of the records that the ENTITY fields of `rows` link to, in one query. */
export async function linkedTitles(
  db: Db,
  def: EntityDefinition,
  rows: Pick<RecordRow, 'values'>[],
): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const template of def.templates) {
    for (const field of template.fields) {
      if (field.type !== 'ENTITY') continue;
      for (const row of rows) addLinkedIds(row.values[template.id]?.[field.key], ids);
    }
  }
  return titlesOf(db, def.row.companyId, ids);
}

/** The record of this entity (and company), or 404. */
export async function findRecord(db: Db, def: EntityDefinition, id: string): Promise<RecordRow> {
  if (!isUuid(id)) throw notFound('Record');
  const [row] = await db
    .select()
    .from(entityData)
    .where(
      and(
        eq(entityData.id, id),
        eq(entityData.entityId, def.row.id),
        eq(entityData.companyId, def.row.companyId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Record');
  return row;
}

/** The company's record whatever its entity (its entity id comes with it), or 404. */
export async function findCompanyRecord(db: Db, companyId: string, id: string): Promise<RecordRow> {
  if (!isUuid(id)) throw notFound('Record');
  const [row] = await db
    .select()
    .from(entityData)
    .where(and(eq(entityData.id, id), eq(entityData.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Record');
  return row;
}

async function refuseDuplicates(db: Db, def: EntityDefinition, values: RecordValues, selfId: string | null) {
  const duplicate = await findDuplicate(db, def, values, selfId, 'BLOCK');
  if (duplicate) {
    throw new AppError('CONFLICT', {
      message: `Another record of ${def.row.name} has the same ${ruleLabel(def, duplicate.rule)}`,
      errorCode: 'DUPLICATE_RECORD',
    });
  }
}

/**
 * BLOCK rules of a batch against the stored records: per rule, one statement for up to 500
 * records (`values @> probe OR ...`, each probe answered by the GIN index) instead of one per
 * record. Records missing a value of the rule's fields are not checked by it (`findDuplicate`).
 */
async function refuseStoredDuplicates(
  db: Db,
  def: EntityDefinition,
  records: RecordValues[],
  importId: string | undefined,
): Promise<void> {
  for (const rule of def.row.duplicateRules) {
    if (rule.mode !== 'BLOCK') continue;
    const probes = records.flatMap((values) => {
      const probe = ruleProbe(rule, values);
      return probe ? [JSON.stringify(probe)] : [];
    });
    for (let i = 0; i < probes.length; i += 500) {
      const any = sql.join(
        probes.slice(i, i + 500).map((probe) => sql`${entityData.values} @> ${probe}::jsonb`),
        sql` or `,
      );
      const [hit] = await db
        .select({ id: entityData.id })
        .from(entityData)
        .where(and(eq(entityData.entityId, def.row.id), sql`(${any})`, visibleRecords(importId)))
        .limit(1);
      if (hit) {
        throw new AppError('CONFLICT', {
          message: `Another record of ${def.row.name} has the same ${ruleLabel(def, rule)}`,
          errorCode: 'DUPLICATE_RECORD',
        });
      }
    }
  }
}

/**
 * BLOCK rules between the records of one batch (the stored ones are `refuseStoredDuplicates`): a record
 * breaks a rule when an earlier one of the batch holds its values of the rule's fields as the
 * database would match them (`jsonContains`, like the `@>` of `findDuplicate`).
 */
function refuseDuplicatesWithin(def: EntityDefinition, records: RecordValues[]): void {
  for (const rule of def.row.duplicateRules) {
    if (rule.mode !== 'BLOCK') continue;
    for (let j = 1; j < records.length; j++) {
      const probe = ruleProbe(rule, records[j]!);
      if (probe && records.slice(0, j).some((earlier) => jsonContains(earlier, probe))) {
        throw new AppError('CONFLICT', {
          message: `Two of these records have the same ${ruleLabel(def, rule)}`,
          errorCode: 'DUPLICATE_RECORD',
        });
      }
    }
  }
}

/** PostgreSQL's `@>` between JSON values below the top level: lists contain their elements' matches. */
export function jsonContains(container: unknown, value: unknown): boolean {
  if (Array.isArray(value))
    return Array.isArray(container) && value.every((v) => container.some((c) => jsonContains(c, v)));
  if (value !== null && typeof value === 'object') {
    if (container === null || typeof container !== 'object' || Array.isArray(container)) return false;
    return Object.entries(value).every(([key, v]) =>
      jsonContains((container as Record<string, unknown>)[key], v),
    );
  }
  return container === value;
}

/**
 * Creates records from raw values (each checked in full). One invalid record refuses the batch,
 * with details keyed `<prefix>.<index>...` for batches. Inserted in chunks of multi-row INSERTs.
 * `options.importId`: the records belong to that staged import (hidden until it is shown).
 */
export async function createRecords(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  inputs: unknown[],
  keyPrefix: (index: number) => (string | number)[],
  options: RecordWriteOptions = {},
): Promise<RecordRow[]> {
  const parsed = inputs.map((input, index) =>
    parseRecordValues(def, input, { partial: false, prefix: keyPrefix(index).map(String) }),
  );
  const errors = parsed.flatMap((p) => p.errors);
  if (errors.length > 0) throw recordValidationError(def, errors.slice(0, 200));
  const records = parsed.map((p) => p.values);
  await refuseBadReferences(db, def, records, keyPrefix, options);
  return db.transaction(async (tx) => {
    // The plan's records (402 past it); an import checked its whole row count when it started.
    if (!options.importId) await assertWithinPlan(tx, def.row.companyId, 'records', records.length);
    const rows = await completeNewRecords(tx, access, def, records, options.importId);
    const inserted: RecordRow[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      inserted.push(
        ...(await tx
          .insert(entityData)
          .values(rows.slice(i, i + 500))
          .returning()),
      );
    }
    if (!options.importId) await publishRecordEvents(tx, inserted.map(createdEvent));
    // Ids were chosen before the INSERT, so the answer is in the order of `inputs` whatever order
    // its RETURNING uses (callers pair record i with input i: duplicates copy their line items so).
    const byId = new Map(inserted.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id)!);
  });
}

type EventRecord = Pick<RecordRow, 'id' | 'companyId' | 'entityId' | 'values'>;

const createdEvent = (row: EventRecord) => ({
  companyId: row.companyId,
  type: 'record.created' as const,
  subjectId: row.id,
  data: { entity_id: row.entityId, record_id: row.id, values: row.values },
});

/**
 * `createRecords` for values the record validator already gave (`parseRecordValues` with
 * `partial: false`: an import's rows, validated once while they were converted): the same links,
 * files, BLOCK duplicate rules, AUTO_INCREMENT numbers and titles, then one multi-row INSERT per
 * `IMPORT_INSERT_ROWS` records built as one JSON parameter (no per-row SQL building, nothing read
 * back). In the caller's transaction (`tx`: the duplicate lock is held until it ends), without a
 * savepoint of its own: a refusal (422, 409) is thrown before anything is written. Answers the
 * new records' ids in the order of `records`.
 */
export async function createValidatedRecords(
  tx: Db,
  access: AccessContext,
  def: EntityDefinition,
  records: RecordValues[],
  keyPrefix: (index: number) => (string | number)[],
  options: RecordWriteOptions = {},
): Promise<string[]> {
  await refuseBadReferences(tx, def, records, keyPrefix, options);
  const rows = await completeNewRecords(tx, access, def, records, options.importId);
  for (let i = 0; i < rows.length; i += IMPORT_INSERT_ROWS) {
    const chunk = rows.slice(i, i + IMPORT_INSERT_ROWS);
    const json = JSON.stringify(chunk.map((row) => ({ id: row.id, values: row.values, title: row.title })));
    await tx.execute(sql`insert into ${entityData}
      (id, company_id, entity_id, values, title, created_by, updated_by, import_id)
      select r.id, ${access.companyId}, ${def.row.id}, r.values, r.title, ${access.userId || null},
        ${access.userId || null}, ${options.importId ?? null}
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, values jsonb, title text)`);
  }
  return rows.map((row) => row.id);
}

/** Records per INSERT statement of `createValidatedRecords`. */
const IMPORT_INSERT_ROWS = 1000;

const REFERENCE_TYPES: ReadonlySet<string> = new Set(['ENTITY', 'FILE', 'IMAGE']);

/** Whether the entity's records can hold links to records or files (data table columns too). */
const holdsReferences = (def: EntityDefinition): boolean =>
  def.templates.some((template) =>
    template.fields.some(
      (field) =>
        REFERENCE_TYPES.has(field.type) ||
        (field.type === 'DATA_TABLE' && field.columns.some((column) => REFERENCE_TYPES.has(column.type))),
    ),
  );

/** Links to records that are not there, files not issued here: 422 naming the records' keys. */
async function refuseBadReferences(
  db: Db,
  def: EntityDefinition,
  records: RecordValues[],
  keyPrefix: (index: number) => (string | number)[],
  options: RecordWriteOptions,
): Promise<void> {
  // An entity without link or file fields has nothing to look up (imports: no per-record work).
  if (!holdsReferences(def)) return;
  const located = records.map((values, index) => ({ values, prefix: keyPrefix(index) }));
  const linkErrors = [
    ...(await checkEntityLinks(db, def, located)),
    ...(await checkFileRefs(db, def, located, options.acceptFile)),
  ];
  if (linkErrors.length > 0) throw validationError(linkErrors.slice(0, 200), linkErrors[0]!.message);
}

/**
 * In the creating transaction: the BLOCK duplicate rules (409), AUTO_INCREMENT numbers, then
 * the rows to insert with their ids chosen here and their titles.
 */
async function completeNewRecords(
  tx: Db,
  access: AccessContext,
  def: EntityDefinition,
  records: RecordValues[],
  importId: string | undefined,
) {
  await lockDuplicateRules(tx, def);
  if (def.row.duplicateRules.length > 0) {
    refuseDuplicatesWithin(def, records);
    await refuseStoredDuplicates(tx, def, records, importId);
  }
  await fillAutoIncrements(tx, def, records);
  return records.map((values) => ({
    id: randomUUID(),
    companyId: access.companyId,
    entityId: def.row.id,
    values,
    title: titleOf(def, values),
    createdBy: access.userId,
    updatedBy: access.userId,
    ...(importId ? { importId } : {}),
  }));
}

/**
 * What a caller of `createRecords` / `updateRecord` may add to the records' checks.
 * `acceptFile`: a file value this module did not issue that the caller vouches for (form-submissions
 * accepts the files a form's filler uploaded for that step and field); every other file must be a
 * record upload, as always.
 */
export type RecordWriteOptions = {
  acceptFile?: ForeignFileCheck;
  /** The staged import the new records belong to (staged-imports.ts): hidden until it shows them. */
  importId?: string;
};

/**
 * Changes the templates sent (only their fields sent: partial), merged over the stored values.
 * Formulas are recomputed on the merged template values. The fields whose values changed are
 * written to the record's history (`action`) in the same transaction; nothing when none did.
 */
export async function updateRecord(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  id: string,
  input: unknown,
  keyPrefix: string[],
  action: 'UPDATED' | 'BULK_UPDATED' = 'UPDATED',
  options: RecordWriteOptions = {},
): Promise<RecordRow> {
  const current = await findRecord(db, def, id);
  const { values: changes, errors } = parseRecordValues(def, input, { partial: true, prefix: keyPrefix });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  // Re-check every changed template whole, so required fields and formulas hold on the result.
  const merged: RecordValues = { ...current.values };
  for (const [templateId, fields] of Object.entries(changes)) {
    merged[templateId] = { ...(current.values[templateId] ?? {}), ...fields };
  }
  const full = parseRecordValues(
    def,
    Object.fromEntries(
      Object.keys(changes).map((templateId) => [
        templateId,
        stripComputed(def, templateId, merged[templateId]!),
      ]),
    ),
    { partial: false, prefix: keyPrefix },
  );
  if (full.errors.length > 0) throw validationError(full.errors, full.errors[0]!.message);
  const next: RecordValues = { ...current.values, ...preserveAutoNumbers(def, current.values, full.values) };
  const located = [{ values: full.values, prefix: keyPrefix }];
  const linkErrors = [
    ...(await checkEntityLinks(db, def, located)),
    ...(await checkFileRefs(db, def, located, options.acceptFile)),
  ];
  if (linkErrors.length > 0) throw validationError(linkErrors, linkErrors[0]!.message);
  const changed = Object.keys(full.values).flatMap((templateId) =>
    fieldChanges(def.byId.get(templateId), templateId, current.values[templateId], next[templateId]),
  );
  return db.transaction(async (tx) => {
    await lockDuplicateRules(tx, def);
    await refuseDuplicates(tx, def, next, id);
    await writeHistory(
      tx,
      changed.length === 0
        ? []
        : [
            {
              companyId: current.companyId,
              entityId: current.entityId,
              entityDataId: id,
              userId: access.userId,
              action,
              changes: { fields: changed },
            },
          ],
    );
    const [row] = await tx
      .update(entityData)
      .set({ values: next, title: titleOf(def, next), updatedBy: access.userId, updatedAt: new Date() })
      .where(eq(entityData.id, id))
      .returning();
    if (changed.length > 0) {
      await publishRecordEvents(tx, [
        {
          companyId: row!.companyId,
          type: 'record.updated',
          subjectId: id,
          data: {
            entity_id: row!.entityId,
            record_id: id,
            values: row!.values,
            changed: [...new Set(changed.map((c) => c.key))],
          },
        },
      ]);
    }
    return row!;
  });
}

/** Values of computed fields are the server's: drop them before re-validating. */
function stripComputed(def: EntityDefinition, templateId: string, values: Record<string, unknown>) {
  const template = def.byId.get(templateId);
  const computed = new Set(
    template?.fields
      .filter((f) => ['FORMULA', 'AUTO_INCREMENT', 'AGGREGATE', 'GLOBAL_VARIABLE'].includes(f.type))
      .map((f) => f.key),
  );
  return Object.fromEntries(Object.entries(values).filter(([key]) => !computed.has(key)));
}

/** AUTO_INCREMENT numbers are given once, at creation: an update keeps them. */
function preserveAutoNumbers(def: EntityDefinition, before: RecordValues, after: RecordValues): RecordValues {
  for (const [templateId, fields] of Object.entries(after)) {
    for (const field of def.byId.get(templateId)?.fields ?? []) {
      if (field.type === 'AUTO_INCREMENT' && before[templateId]?.[field.key] !== undefined) {
        fields[field.key] = before[templateId][field.key];
      }
    }
  }
  return after;
}

/** Deletes records of the entity by id; unknown ids are ignored. Returns how many went. */
export async function deleteRecords(db: Db, def: EntityDefinition, ids: readonly string[]): Promise<number> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(entityData)
      .where(
        and(
          eq(entityData.entityId, def.row.id),
          eq(entityData.companyId, def.row.companyId),
          inArray(entityData.id, valid),
        ),
      )
      .returning({ id: entityData.id });
    await publishRecordEvents(
      tx,
      rows.map((row) => ({
        companyId: def.row.companyId,
        type: 'record.deleted' as const,
        subjectId: row.id,
        data: { entity_id: def.row.id, record_id: row.id },
      })),
    );
    return rows.length;
  });
}

/** The saved filter and global filters a query asks for, as filter groups ANDed to its own. */
async function extraFilters(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: TRecordQuery,
  /** The caller's global filter rules when already read (`loadGridContext`). */
  knownGlobalRules?: TFilterRule[],
): Promise<TFilterGroup[]> {
  const groups: TFilterGroup[] = [];
  if (query.filter_id) {
    const saved = await readSavedFilter(db, access, def.row.id, query.filter_id);
    if (!saved)
      throw validationError([
        { key: 'filter_id', path: ['filter_id'], message: 'No such saved filter of this entity' },
      ]);
    groups.push(saved);
  }
  if (query.apply_global_filters && knownGlobalRules) {
    if (knownGlobalRules.length > 0) groups.push({ match: 'ALL', rules: knownGlobalRules });
  } else if (query.apply_global_filters) {
    const rows = await rowsOfText<{ rule: TFilterRule }>(
      db,
      `select rule from global_filters
        where company_id = $1 and user_id = $2 and is_active and template_id = any($3::uuid[])`,
      [access.companyId, access.userId, def.templates.map((t) => t.id)],
    );
    if (rows.length > 0) groups.push({ match: 'ALL', rules: rows.map((r) => r.rule) });
  }
  return groups;
}

/** The WHERE of a record query: entity, company, filters (own, saved, global) and search. */
export async function recordWhere(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: RecordWhereQuery,
  /** The caller's global filter rules when already read (`loadGridContext`). */
  knownGlobalRules?: TFilterRule[],
): Promise<SQL> {
  return sql.join(await recordConditions(db, access, def, query, knownGlobalRules), sql` and `);
}

export type RecordWhereQuery = Pick<
  TRecordQuery,
  'filters' | 'filter_id' | 'apply_global_filters' | 'search'
> & {
  base_filters?: TRecordQuery['base_filters'];
};

/** The conditions `recordWhere` joins: the entity's first, then any filter or search. */
async function recordConditions(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: RecordWhereQuery,
  knownGlobalRules?: TFilterRule[],
  /** What the caller may reach at all (a contact's scope): one more condition, never widened. */
  scope?: SQL,
): Promise<SQL[]> {
  // The entity was found in the caller's company, and its records are always in that company: the
  // entity alone scopes them (and lets the (entity, created_at, id) index answer without the table).
  const parts: SQL[] = [sql`${entityData.entityId} = ${def.row.id}`];
  if (scope) parts.push(scope);
  // Records of an import in progress are hidden (staged-imports.ts; nothing added on PostgreSQL).
  const visible = visibleRecords();
  if (visible) parts.push(visible);
  const errors: TValidationDetail[] = [];
  for (const [group, key] of [
    [query.filters, 'filters'],
    [query.base_filters, 'base_filters'],
  ] as const) {
    const own = filterSql(def, group, key);
    errors.push(...own.errors);
    if (own.where) parts.push(own.where);
  }
  for (const group of await extraFilters(db, access, def, query as TRecordQuery, knownGlobalRules)) {
    const extra = filterSql(def, group, 'filter_id');
    if (extra.where) parts.push(extra.where);
  }
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  if (query.search) parts.push(sql`${entityData.title} ilike ${`%${escapeLike(query.search)}%`}`);
  return parts;
}

/** Matches counted exactly up to `cap` (a count never holds the first page back for long). */
export async function countWhere(
  db: Db,
  where: SQL,
  cap = RECORD_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${entityData} where ${where} limit ${cap + 1}) c`,
  );
  const n = Number(rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}

/** An unfiltered grid in a system order reads pages before this offset straight from the index. */
const DIRECT_OFFSET = 1_000;
/** How many ids of a grid query a snapshot holds (page 2,500 of 20): deeper pages read the database. */
const SNAPSHOT_IDS = 50_000;
/** A grid's total is exact up to this many matches (`total_capped` beyond). */
const GRID_COUNT_CAP = Math.max(RECORD_COUNT_CAP, SNAPSHOT_IDS * 2);
/** Snapshots of one process: at most 2,000,000 ids (32 MB packed) and 500 queries. */
type GridSnapshot = { ids: Buffer; total: number; capped: boolean };
const snapshots = new VersionedCache<GridSnapshot>(2_000_000, 500);

/**
 * `POST /entities-data/entity/data`: one page of records, filtered and sorted (README "Totals and
 * snapshots").
 * - No filter, search or saved/global filter, sorted by a system column: the total is the stored
 *   one and its first 1,000 records an index walk.
 * - Anything else, and deeper pages of those: the ordered ids of the first 50,000 matches and the total are kept in this
 *   process while the entity's version stays the same (any committed change of its records moves
 *   it), so paging, re-sorting back and forth and refreshing read the query once. Deeper pages read
 *   the database each time.
 */
export async function queryRecords(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: TRecordQuery,
  /** The record state and global filters when the caller read them (`loadGridContext`). */
  context?: Pick<GridContext, 'state' | 'globalRules'>,
  /**
   * Records' values as `JsonText` where nothing in them is computed on read, for an answer
   * printed by `plainJson`: PostgreSQL's text goes into the answer without being parsed and
   * printed again (a tenth of a grid call's CPU).
   */
  options: {
    valuesAsText?: boolean;
    /**
     * A condition every record must meet besides the query's (a contact's scope,
     * contact-records.ts): it is ANDed, so no filter of the query can widen it.
     */
    scope?: SQL | undefined;
  } = {},
): Promise<TRecordPage> {
  const [plan, state] = await Promise.all([
    gridPlan(db, access, def, query, context?.globalRules, options.scope),
    context?.state ?? loadRecordState(db, def.row.id),
  ]);
  const offset = (query.page - 1) * query.limit;
  const asText = options.valuesAsText === true && valuesAsStored(def);
  let rows: PageRow[];
  let count: { total: number; capped: boolean };
  if (plan.unfiltered && plan.bySystem && offset < DIRECT_OFFSET) {
    rows = await rowsOfBuilt<PageRow>(db, plan.page(false, asText), { limit: query.limit, offset });
    count = { total: state.total, capped: false };
  } else if (options.scope) {
    // A scope can change without the entity's version moving (a relationship link removed): no
    // snapshot, the page and the count (capped as any grid's) read the database each time.
    [rows, count] = await Promise.all([
      rowsOfBuilt<PageRow>(db, plan.page(plan.bySystem, asText), { limit: query.limit, offset }),
      countWhere(db, plan.where, GRID_COUNT_CAP),
    ]);
  } else {
    // Concurrent callers missing the same snapshot share one read (a dashboard opened by many at once).
    const snapshot = await snapshots.getOrLoad(
      plan.key,
      state.version,
      () => readSnapshot(db, plan, state),
      (s) => s.ids.length / 16 + 1,
    );
    const held = snapshot.ids.length / 16;
    rows =
      offset < held || held === snapshot.total
        ? await rowsByIds(db, unpackIds(snapshot.ids, offset, offset + query.limit), asText)
        : await rowsOfBuilt<PageRow>(db, plan.page(plan.bySystem, asText), { limit: query.limit, offset });
    count = { total: snapshot.total, capped: snapshot.capped };
  }
  return {
    data: asText
      ? rows.map((row) => toRecord({ ...row, values: valuesText(row.values) }))
      : (await withComputedValues(db, def, rows)).map(toRecord),
    linked_titles: asText ? {} : await linkedTitles(db, def, rows),
    total: count.total,
    total_capped: count.capped,
    page: query.page,
    total_pages: Math.ceil(count.total / query.limit),
  };
}

/** The ordered ids of a grid query's first `SNAPSHOT_IDS` matches, and its total. */
async function readSnapshot(db: Db, plan: GridPlan, state: RecordState): Promise<GridSnapshot> {
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${entityData} where ${plan.where} order by ${plan.order} limit ${SNAPSHOT_IDS}`,
  );
  const counted =
    found.length < SNAPSHOT_IDS
      ? { total: found.length, capped: false }
      : plan.unfiltered
        ? { total: state.total, capped: false }
        : await countWhere(db, plan.where, GRID_COUNT_CAP);
  return { ids: packIds(found.map((r) => r.id)), ...counted };
}

/**
 * A grid query made SQL: its WHERE and ORDER BY, its snapshot key, and its page statements built
 * on first use (limit and offset as placeholders).
 */
type GridPlan = {
  where: SQL;
  order: SQL;
  /** No filter, search, saved or global filter: the entity's records only. */
  unfiltered: boolean;
  /** Sorted by system columns only (no field of a template). */
  bySystem: boolean;
  key: string;
  /**
   * The page statement; `idsFirst` reads the page's ids from the index before its rows, `asText`
   * reads values as text (`RECORD_COLUMNS_VALUES_AS_TEXT`).
   */
  page: (idsFirst: boolean, asText: boolean) => BuiltQuery;
};

/** Field types whose values a read computes or completes (`withComputedValues`, `linkedTitles`). */
const COMPUTED_ON_READ = new Set(['GLOBAL_VARIABLE', 'AGGREGATE', 'ENTITY']);

/** Whether this entity's records are answered with their values as stored. */
function valuesAsStored(def: EntityDefinition): boolean {
  return def.templates.every((t) => t.fields.every((f) => !COMPUTED_ON_READ.has(f.type)));
}

/** A row's values read as text (`RECORD_COLUMNS_VALUES_AS_TEXT`), for `plainJson` to splice. */
const valuesText = (values: unknown): RecordRow['values'] =>
  new JsonText(values as string) as unknown as RecordRow['values'];

/**
 * Plans by entity definition (a new definition, after any change of the entity or its templates,
 * starts afresh) and by the query's filters, search, sort and the caller's global filters. A grid
 * call of a known query then builds no SQL: building it cost as much CPU as the rest of the call.
 */
const plans = new WeakMap<EntityDefinition, Map<string, GridPlan>>();
const PLANS_PER_ENTITY = 200;

async function gridPlan(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: TRecordQuery,
  globalRules: TFilterRule[] | undefined,
  scope: SQL | undefined,
): Promise<GridPlan> {
  // A saved filter is read each time (it can change without the entity changing): not memoized;
  // nor a scoped query (its key would have to name the caller).
  const memo =
    globalRules && !query.filter_id && !scope
      ? JSON.stringify([
          query.filters,
          query.base_filters,
          query.search,
          query.sort,
          query.apply_global_filters ? globalRules : null,
        ])
      : undefined;
  let byQuery = plans.get(def);
  const known = memo === undefined ? undefined : byQuery?.get(memo);
  if (known) return known;

  const conditions = await recordConditions(db, access, def, query, globalRules, scope);
  const where = sql.join(conditions, sql` and `);
  const { order, errors } = orderSql(def, query.sort, 'sort');
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  const pages = new Map<string, BuiltQuery>();
  const plan: GridPlan = {
    where,
    order,
    unfiltered: conditions.length === (stagedImports() ? 2 : 1),
    bySystem: query.sort.every((s) => !s.field.includes('#')),
    key: `${def.row.id}|${sqlKey(sql`${where} order by ${order}`)}`,
    page: (idsFirst, asText) => {
      const variant = `${idsFirst}|${asText}`;
      let built = pages.get(variant);
      if (!built) pages.set(variant, (built = buildQuery(pageQuery(where, order, idsFirst, asText))));
      return built;
    },
  };
  if (memo !== undefined) {
    if (!byQuery) plans.set(def, (byQuery = new Map()));
    if (byQuery.size >= PLANS_PER_ENTITY) byQuery.clear();
    byQuery.set(memo, plan);
  }
  return plan;
}

/**
 * `PageRow`'s columns under its property names, for statements that skip Drizzle's mapping; times
 * as the ISO-8601 text the answer carries (parsing 40 dates a page only to print them again cost
 * a grid call 6 % of its CPU).
 */
const recordColumns = (values: string) => `id, company_id as "companyId", entity_id as "entityId", ${values},
  title, created_by as "createdBy", updated_by as "updatedBy",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;
const RECORD_COLUMNS = recordColumns('values');

/** `RECORD_COLUMNS` with the values as their JSON text, for `JsonText`. */
const RECORD_COLUMNS_VALUES_AS_TEXT = recordColumns('values::text as "values"');

/**
 * The statement of a page by offset (`limit` and `offset` placeholders). `idsFirst` (orders by
 * system columns): the ids come from the index alone, then only the page's rows are read; a plain
 * OFFSET would read every skipped row from the table.
 */
function pageQuery(where: SQL, order: SQL, idsFirst: boolean, asText: boolean): SQL {
  const columns = sql.raw(asText ? RECORD_COLUMNS_VALUES_AS_TEXT : RECORD_COLUMNS);
  const [limit, offset] = [sql.placeholder('limit'), sql.placeholder('offset')];
  return idsFirst
    ? sql`select ${columns} from ${entityData} where ${entityData.id} in (
          select ${entityData.id} from ${entityData} where ${where} order by ${order} limit ${limit} offset ${offset})
        order by ${order}`
    : sql`select ${columns} from ${entityData} where ${where} order by ${order} limit ${limit} offset ${offset}`;
}

/** The records of these ids, in their order (ids no longer there are left out). */
async function rowsByIds(db: Db, ids: string[], asText: boolean): Promise<PageRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOfText<PageRow>(
    db,
    `select ${asText ? RECORD_COLUMNS_VALUES_AS_TEXT : RECORD_COLUMNS} from entity_data where id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
