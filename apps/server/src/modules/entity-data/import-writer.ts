import { sql, and, eq, gte } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { fieldOf, type EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { lockDuplicateRules, ruleLabel, ruleProbe, type RecordValues } from './record-values';
import { entityData } from './schema';
import { createValidatedRecords, jsonContains } from './service';
import {
  beginStagedImport,
  discardStagedImport,
  publishStagedImport,
  visibleRecords,
} from './staged-imports';

/*
 * The writing half of `POST /import-excel-data` (excel-import-service.ts reads and converts the
 * sheet): duplicate rules over the whole file, then the records, all or nothing, by one of two
 * strategies (README "Imports on PGlite"):
 * - one transaction (PostgreSQL): the checks under the entity's duplicate lock and every record,
 *   1,000 per `createValidatedRecords` call, in one transaction; other requests use other connections.
 * - staged (PGlite, whose one connection a long transaction would hold): the records are written
 *   in short transactions of about `STAGED_BATCH_MS`, hidden (staged-imports.ts), the database given way to
 *   waiting requests between two; then one short transaction checks the records shown meanwhile
 *   against the file's (`lateDuplicates`) and shows them all. A failure deletes what was written.
 */

/** Records per `createValidatedRecords` call in one transaction. */
const BATCH = 1000;
/**
 * The PGlite time a staged short transaction aims at: each batch is sized from the pace of the one
 * before (rows per millisecond), between `STAGED_MIN` and `STAGED_MAX` records, so that a request
 * arriving mid-batch waits about this long, however loaded the machine.
 */
export const STAGED_BATCH_MS = 50;
const STAGED_FIRST = 100;
const STAGED_MIN = 50;
const STAGED_MAX = 1000;

/** A row converted and validated (`parseRecordValues`): its values are written as they are. */
export type Prepared = { row: number; values: RecordValues };

/** A row's problems, in the order they were found. */
export class Problems {
  readonly byRow = new Map<number, TValidationDetail[]>();
  add(row: number, details: TValidationDetail[]): void {
    if (details.length === 0) return;
    this.byRow.set(row, [...(this.byRow.get(row) ?? []), ...details]);
  }
  has(row: number): boolean {
    return this.byRow.has(row);
  }
  /** Every detail, by row number. */
  all(): TValidationDetail[] {
    return [...this.byRow.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, details]) => details);
  }
}

export const rowDetail = (row: number, ref: string | null, message: string): TValidationDetail => {
  const parts = ref ? splitFieldRef(ref) : null;
  const path = parts ? ['rows', String(row), parts.templateId, parts.key] : ['rows', String(row)];
  return { key: path.join('.'), message, path };
};

/** The row number of a detail keyed `rows.<n>...`. */
const rowOf = (detail: TValidationDetail): number | null => {
  const n = Number(detail.path[1]);
  return detail.path[0] === 'rows' && Number.isInteger(n) ? n : null;
};

/** BLOCK duplicate rules: the text that two records breaking a rule share (null: a field is empty). */
function ruleKey(values: RecordValues, fields: string[]): string | null {
  const parts: unknown[] = [];
  for (const ref of fields) {
    const at = splitFieldRef(ref);
    const value = at ? values[at.templateId]?.[at.key] : undefined;
    if (value === null || value === undefined || value === '') return null;
    parts.push(value);
  }
  return JSON.stringify(parts);
}

/** Rules over a list field (multi-select, several linked records) match by containment, not equality. */
function isListRule(def: EntityDefinition, fields: string[]): boolean {
  return fields.some((ref) => {
    const field = fieldOf(def, ref);
    return field?.type === 'MULTI_SELECT' || (field?.type === 'ENTITY' && field.allow_multiple);
  });
}

/**
 * BLOCK duplicate rules, for the whole file at once: a row repeating an earlier row of the file
 * (the same values), or a record already there. For rules over single values (a containment is
 * then an equality) the rule's values of the entity's records are read in one query and compared
 * here, so the cost grows with the records and the rows, not their product; the import then
 * creates records without the per-record check (`withoutCheckedRules`). Rules over lists are left
 * to `createValidatedRecords`. In one transaction: called under the entity's duplicate lock, held until the
 * import commits; staged: before the writes, and records shown meanwhile are `lateDuplicates`.
 */
async function findDuplicates(
  db: Db,
  def: EntityDefinition,
  rows: Prepared[],
  problems: Problems,
  earlier: SeenKeys = new Map(),
): Promise<void> {
  for (const [ruleIndex, rule] of def.row.duplicateRules.entries()) {
    if (rule.mode !== 'BLOCK') continue;
    const label = ruleLabel(def, rule);
    const firstRef = rule.fields[0] ?? null;
    const seenBefore = earlier.get(ruleIndex) ?? new Map<string, number>();
    earlier.set(ruleIndex, seenBefore);
    const seen = new Map<string, number>();
    for (const row of rows) {
      if (problems.has(row.row)) continue;
      const key = ruleKey(row.values, rule.fields);
      if (key === null) continue;
      const first = seenBefore.get(key) ?? seen.get(key);
      if (first === undefined) seen.set(key, row.row);
      else problems.add(row.row, [rowDetail(row.row, firstRef, `Same ${label} as row ${first}`)]);
    }
    for (const [key, row] of seen) seenBefore.set(key, row);
    if (seen.size === 0 || isListRule(def, rule.fields)) continue;
    const paths = rule.fields.map((ref) => {
      const at = splitFieldRef(ref)!;
      return sql`${entityData.values} #> ${`{${at.templateId},${at.key}}`}::text[]`;
    });
    const stored = await db
      .select({ key: sql<unknown[]>`jsonb_build_array(${sql.join(paths, sql`, `)})` })
      .from(entityData)
      .where(
        and(
          eq(entityData.entityId, def.row.id),
          visibleRecords(),
          ...paths.map((path) => sql`${path} is not null`),
        ),
      );
    for (const { key } of stored) {
      const row = seen.get(JSON.stringify(key));
      if (row !== undefined && !problems.has(row)) {
        problems.add(row, [
          rowDetail(row, firstRef, `Another record of ${def.row.name} has the same ${label}`),
        ]);
      }
    }
  }
}

/** Per BLOCK rule (by index), the keys of rows met in earlier batches and the row of each. */
export type SeenKeys = Map<number, Map<string, number>>;

/** The definition `createValidatedRecords` gets: the rules `findDuplicates` applied are not checked again. */
function withoutCheckedRules(def: EntityDefinition): EntityDefinition {
  const rules = def.row.duplicateRules.filter(
    (rule) => rule.mode === 'BLOCK' && isListRule(def, rule.fields),
  );
  return { ...def, row: { ...def.row, duplicateRules: rules } };
}

export type ImportWrite = {
  def: EntityDefinition;
  access: AccessContext;
  prepared: Prepared[];
  problems: Problems;
  skipInvalid: boolean;
  /** Throws the 422 "nothing was imported" with the problems found. */
  refuseAll: () => never;
};

export type ImportPacing = {
  /** Staged (hidden records in short transactions) or one transaction. */
  staged: boolean;
  /** Lets waiting requests go before the next write (`Database.giveWay`). */
  giveWay: () => Promise<void>;
};

/** Creates the rows; a refused batch is narrowed down to the rows the refusal is about. */
async function insertRows(
  tx: Db,
  work: Pick<ImportWrite, 'access' | 'problems'>,
  writeDef: EntityDefinition,
  batch: Prepared[],
  ids: Map<number, string> | undefined,
  importId: string | undefined,
): Promise<number> {
  const { problems } = work;
  try {
    const created = await createValidatedRecords(
      tx,
      work.access,
      writeDef,
      batch.map((row) => row.values),
      (index) => ['rows', batch[index]!.row],
      { importId },
    );
    if (ids) batch.forEach((row, index) => ids.set(row.row, created[index]!));
    return batch.length;
  } catch (err) {
    if (!(err instanceof AppError) || (err.status !== 422 && err.status !== 409)) throw err;
    // A 422 names its rows (links to records that are not there): leave them out, try the rest.
    const named = new Set((err.details ?? []).map(rowOf).filter((n): n is number => n !== null));
    const rest = batch.filter((row) => !named.has(row.row));
    if (rest.length < batch.length) {
      for (const detail of err.details ?? []) {
        const row = rowOf(detail);
        if (row !== null) problems.add(row, [detail]);
      }
      return rest.length > 0 ? insertRows(tx, work, writeDef, rest, ids, importId) : 0;
    }
    // A 409 (duplicate rule) does not: halve the batch until the row is found.
    if (batch.length === 1) {
      problems.add(batch[0]!.row, [rowDetail(batch[0]!.row, null, err.message)]);
      return 0;
    }
    const half = Math.ceil(batch.length / 2);
    return (
      (await insertRows(tx, work, writeDef, batch.slice(0, half), ids, importId)) +
      (await insertRows(tx, work, writeDef, batch.slice(half), ids, importId))
    );
  }
}

/** Checks the file's duplicates and writes its valid rows, all or nothing: how many were added. */
export async function writeImport(db: Db, work: ImportWrite, pacing: ImportPacing): Promise<number> {
  return pacing.staged ? writeStaged(db, work, pacing.giveWay) : writeInOneTransaction(db, work);
}

async function writeInOneTransaction(db: Db, work: ImportWrite): Promise<number> {
  const { def, prepared, problems } = work;
  return db.transaction(async (tx) => {
    await lockDuplicateRules(tx, def);
    await findDuplicates(tx, def, prepared, problems);
    if (!work.skipInvalid && problems.byRow.size > 0) work.refuseAll();
    const valid = prepared.filter((row) => !problems.has(row.row));
    // `createValidatedRecords` would check each record again with one query per record and rule.
    const writeDef = withoutCheckedRules(def);
    let count = 0;
    for (let i = 0; i < valid.length; i += BATCH) {
      count += await insertRows(tx, work, writeDef, valid.slice(i, i + BATCH), undefined, undefined);
    }
    if (!work.skipInvalid && problems.byRow.size > 0) work.refuseAll();
    return count;
  });
}

async function writeStaged(db: Db, work: ImportWrite, giveWay: () => Promise<void>): Promise<number> {
  const { def, prepared, problems } = work;
  await findDuplicates(db, def, prepared, problems);
  if (!work.skipInvalid && problems.byRow.size > 0) work.refuseAll();
  const valid = prepared.filter((row) => !problems.has(row.row));
  const writeDef = withoutCheckedRules(def);
  const { id: importId, createdAt: began } = await beginStagedImport(db, def);
  const ids = new Map<number, string>();
  try {
    let count = 0;
    let size = STAGED_FIRST;
    for (let i = 0; i < valid.length;) {
      await giveWay();
      const batch = valid.slice(i, i + size);
      i += batch.length;
      const started = performance.now();
      count += await db.transaction((tx) => insertRows(tx, work, writeDef, batch, ids, importId));
      const took = performance.now() - started;
      size = Math.round((batch.length * STAGED_BATCH_MS) / Math.max(took, 1));
      size = Math.min(STAGED_MAX, Math.max(STAGED_MIN, size));
    }
    if (!work.skipInvalid && problems.byRow.size > 0) work.refuseAll();
    await giveWay();
    return await db.transaction(async (tx) => {
      await lockDuplicateRules(tx, def);
      const late = await lateDuplicates(tx, def, importId, began, valid, problems);
      if (late.length > 0 && !work.skipInvalid) work.refuseAll();
      const dropped = late.flatMap((row) => ids.get(row) ?? []);
      for (let i = 0; i < dropped.length; i += BATCH) {
        await tx.delete(entityData).where(inIds(dropped.slice(i, i + BATCH)));
      }
      await publishStagedImport(tx, importId, def.row.id, count - dropped.length);
      return count - dropped.length;
    });
  } catch (err) {
    await discardStagedImport(db, importId, giveWay);
    throw err;
  }
}

const inIds = (ids: string[]) => sql`${entityData.id} = any(${ids}::uuid[])`;

/**
 * BLOCK duplicate rules between the file's rows and the records shown or changed while its
 * records were hidden (their own checks could not see them): the rows that break one, each added
 * to `problems`. Records changed since a minute before the import began are read (a transaction
 * takes its time when it starts); for a rule over single values a row and a record break it when
 * their values are equal, for one over lists when either holds the other's.
 */
async function lateDuplicates(
  tx: Db,
  def: EntityDefinition,
  importId: string,
  began: Date,
  rows: Prepared[],
  problems: Problems,
): Promise<number[]> {
  const rules = def.row.duplicateRules.filter((rule) => rule.mode === 'BLOCK');
  if (rules.length === 0) return [];
  const late = await tx
    .select({ values: entityData.values })
    .from(entityData)
    .where(
      and(
        eq(entityData.entityId, def.row.id),
        gte(entityData.updatedAt, new Date(began.getTime() - 60_000)),
        sql`${entityData.importId} is distinct from ${importId}`,
        visibleRecords(),
      ),
    );
  if (late.length === 0) return [];
  const broken: number[] = [];
  for (const rule of rules) {
    const label = ruleLabel(def, rule);
    const firstRef = rule.fields[0] ?? null;
    const message = `Another record of ${def.row.name} has the same ${label}`;
    const list = isListRule(def, rule.fields);
    const keys = new Set(late.flatMap((record) => ruleKey(record.values, rule.fields) ?? []));
    const probes = late.flatMap((record) => ruleProbe(rule, record.values) ?? []);
    for (const row of rows) {
      if (problems.has(row.row)) continue;
      const key = ruleKey(row.values, rule.fields);
      if (key === null) continue;
      const hit = list
        ? late.some((record) => jsonContains(record.values, ruleProbe(rule, row.values))) ||
          probes.some((probe) => jsonContains(row.values, probe))
        : keys.has(key);
      if (hit) {
        problems.add(row.row, [rowDetail(row.row, firstRef, message)]);
        broken.push(row.row);
      }
    }
  }
  return broken;
}

/**
 * One batch of a job-run import (modules/entity-imports), in the caller's transaction: the
 * entity's duplicate lock, the BLOCK rules over the batch (rows of earlier batches by `earlier`,
 * which this call extends, and the records there, which include the batches already written),
 * then the valid rows created with `importId` on each record (so that an all-or-nothing import
 * that fails later can remove them). Rows refused are added to `problems`; answers the records
 * created by row number.
 */
export async function writeImportBatch(
  tx: Db,
  batch: { def: EntityDefinition; access: AccessContext; rows: Prepared[]; problems: Problems },
  earlier: SeenKeys,
  importId: string,
): Promise<Map<number, string>> {
  const { def, problems } = batch;
  await lockDuplicateRules(tx, def);
  await findDuplicates(tx, def, batch.rows, problems, earlier);
  const valid = batch.rows.filter((row) => !problems.has(row.row));
  const ids = new Map<number, string>();
  if (valid.length === 0) return ids;
  const work = { access: batch.access, problems };
  await insertRows(tx, work, withoutCheckedRules(def), valid, ids, importId);
  return ids;
}

/**
 * The BLOCK duplicate rules over rows of a file before anything is written (an all-or-nothing
 * job checks the whole file first): rows repeating earlier rows (`earlier`, extended) and records
 * there. The rows that break one are added to `problems`.
 */
export async function checkImportDuplicates(
  db: Db,
  def: EntityDefinition,
  rows: Prepared[],
  problems: Problems,
  earlier: SeenKeys,
): Promise<void> {
  await findDuplicates(db, def, rows, problems, earlier);
}
