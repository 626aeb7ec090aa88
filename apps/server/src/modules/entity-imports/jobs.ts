import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  ENTITY_IMPORT_MAX_ERRORS,
  IMPORT_JOB_BATCH_ROWS,
  IMPORT_PROGRESS_EVENT,
  IMPORT_UPLOAD_KEEP_DAYS,
  type TImportProblem,
} from '@esigns/contracts/entity-import';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { cellToText, type SheetRow } from '../../platform/storage/spreadsheet-rows';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import {
  checkImportDuplicates,
  importProblems,
  mappingColumns,
  prepareRows,
  Problems,
  removeImportedRecords,
  writeImportBatch,
  type ImportColumn,
  type Prepared,
  type SeenKeys,
} from '../entity-data';
import type { AccessContext } from '../permissions';
import { registerSweepStep } from '../reminders';
import { assertWithinPlan } from '../subscriptions';
import { saveMapping } from './mappings';
import { toImportJob, type JobRow } from './presenters';
import { importJobBatches, importJobs, importRejectedRows, importUploads } from './schema';
import {
  chosenSheet,
  headerAndSample,
  removeExpiredUploads,
  sheetError,
  uploadRows,
  type UploadRow,
} from './uploads';

/*
 * An import job (README "Import jobs"): one pg-boss job per import reads the stored file once, as
 * a stream, and writes its rows in batches of IMPORT_JOB_BATCH_ROWS, each row validated once and
 * each batch one transaction that also inserts the batch's row of `import_job_batches` ((import,
 * batch) is the key: a rerun after a crash finds it and skips the batch, so no row is written
 * twice), the rows it left out with their problems and the job's counts. All or nothing: the
 * first row with a problem stops the writes, the rest of the file is checked, and what was
 * written is removed.
 */

export const IMPORT_JOB = 'entity-imports.run';
export type TImportRunJob = { import_id: string };
const RETRY_LIMIT = 3;

/** What tests (and the handler) pass to a run: the hand-back signal, a hook after each batch. */
export type RunHooks = { signal?: AbortSignal; afterBatch?: (batch: number) => void | Promise<void> };

/** The importer as the record services need them (the job runs without a request). */
const actingAs = (job: JobRow): AccessContext => ({
  userId: job.userId ?? '',
  companyId: job.companyId,
  userType: 'MEMBER',
  planType: 'BUSINESS',
  roleId: null,
  permissions: new Set(),
});

export type StartInput = {
  sheet?: string | undefined;
  mapping: Record<string, string | null>;
  skip_invalid: boolean;
  save_mapping_as?: string | undefined;
};

/** `POST /map-entities-data`: checks the sheet and the mapping, then queues the job (202). */
export async function startImport(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  upload: UploadRow,
  input: StartInput,
  offsetMinutes: number,
): Promise<JobRow> {
  const sheet = chosenSheet(upload, input.sheet);
  if (sheet.row_count === 0) throw sheetError(`${sheet.name} has no rows below its header row`);
  const { headers } = await headerAndSample(platform, upload, sheet.name);
  mappingColumns(def, headers, input.mapping);
  const db = platform.database.db;
  return db.transaction(async (tx) => {
    // The plan's records, checked once for the whole sheet (402: nothing is queued).
    await assertWithinPlan(tx, def.row.companyId, 'records', sheet.row_count);
    if (input.save_mapping_as) {
      await saveMapping(tx, access, def, { name: input.save_mapping_as, mapping: input.mapping });
    }
    const [row] = await tx
      .insert(importJobs)
      .values({
        companyId: def.row.companyId,
        entityId: def.row.id,
        uploadId: upload.id,
        sheet: sheet.name,
        headers,
        mapping: input.mapping,
        skipInvalid: input.skip_invalid,
        offsetMinutes,
        userId: access.userId,
        total: sheet.row_count,
      })
      .returning();
    await platform.jobs.send<TImportRunJob>(IMPORT_JOB, { import_id: row!.id }, { tx });
    return row!;
  });
}

/** An import job of the company: 404 otherwise. */
export async function loadJob(db: Db, companyId: string, id: string): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.companyId, companyId)));
  if (!row) throw notFound('Import');
  return row;
}

// ---------------------------------------------------------------------------------------------
// The run

/** The rows of the sheet below its header, in batches. */
async function* batchesOf(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow[]> {
  let header = true;
  let batch: SheetRow[] = [];
  for await (const row of rows) {
    if (header) {
      header = false;
      continue;
    }
    batch.push(row);
    if (batch.length >= IMPORT_JOB_BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

const rejectedOf = (rows: SheetRow[], problems: Problems, width: number) =>
  rows
    .filter((row) => problems.has(row.row))
    .map((row) => ({
      row: row.row,
      cells: Array.from({ length: width }, (_, index) => cellToText(row.cells[index] ?? null)),
      problems: problems.byRow
        .get(row.row)!
        .map((detail) => detail.message)
        .join('; '),
    }));

type RunContext = {
  platform: Platform;
  job: JobRow;
  def: EntityDefinition;
  columns: ImportColumn[];
  upload: UploadRow;
  hooks: RunHooks;
};

/** Ends the job (once): FAILED with a message (and problems), or DONE. */
async function finish(
  platform: Platform,
  id: string,
  outcome: { status: 'DONE' | 'FAILED'; message?: string | null },
): Promise<void> {
  const [row] = await platform.database.db
    .update(importJobs)
    .set({ status: outcome.status, message: outcome.message ?? null, finishedAt: sql`now()` })
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, ['QUEUED', 'RUNNING'])))
    .returning();
  if (row) emitProgress(platform, row);
}

function emitProgress(platform: Platform, row: JobRow): void {
  if (row.userId) platform.realtime.emitToUser(row.userId, IMPORT_PROGRESS_EVENT, toImportJob(row));
}

/** Problems of a batch added to the job's first problems and counts, in the caller's transaction. */
function problemCounts(job: JobRow, problems: Problems, columns: ImportColumn[]) {
  const details = problems.all();
  const room = Math.max(0, ENTITY_IMPORT_MAX_ERRORS - job.errors.length);
  const errors: TImportProblem[] = [...job.errors, ...importProblems(details.slice(0, room), columns)];
  return { errors, errorsTotal: job.errorsTotal + details.length };
}

const lockJob = async (tx: Db, id: string): Promise<JobRow | undefined> =>
  (await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update'))[0];

/**
 * All or nothing, once a row has a problem: nothing more is written, the rest of the file is
 * still checked (for the count, the first problems and the rejected rows' file), then what the
 * import wrote is removed and the job ends FAILED.
 */
class Refusal {
  bad = 0;
  errors: TImportProblem[] = [];
  errorsTotal = 0;

  get refused(): boolean {
    return this.bad > 0;
  }

  /** A batch's problems counted and its rejected rows kept (a rerun finds them there: no twice). */
  async add(context: RunContext, rows: SheetRow[], problems: Problems): Promise<void> {
    if (problems.byRow.size === 0) return;
    const { job, columns } = context;
    this.bad += problems.byRow.size;
    const counts = problemCounts(
      { ...job, errors: this.errors, errorsTotal: this.errorsTotal },
      problems,
      columns,
    );
    this.errors = counts.errors;
    this.errorsTotal = counts.errorsTotal;
    await context.platform.database.db
      .insert(importRejectedRows)
      .values(rejectedOf(rows, problems, job.headers.length).map((r) => ({ ...r, importId: job.id })))
      .onConflictDoNothing();
  }
}

/** A batch refused in its transaction (all or nothing): its rows undone by the transaction. */
class BatchRefused extends Error {
  constructor() {
    super('batch refused');
  }
}

/**
 * A batch converted and validated, ready to write. Its writer lets go of the rows and values
 * once they are written (`settleRows`), before the transaction's last round trips: the next
 * batch is read meanwhile, and what a batch holds longer is promoted to V8's old generation
 * (README "Memory").
 */
type ReadyBatch = { index: number; rows: SheetRow[]; prepared: Prepared[]; problems: Problems };

/** What a written batch keeps: its counts and key, and only the rows left out (for their file). */
function settleRows(batch: ReadyBatch, inserted: number, width: number) {
  const { rows, problems } = batch;
  const kept = {
    counts: { rows: rows.length, inserted, skipped: rows.length - inserted },
    firstRow: rows[0]!.row,
    lastRow: rows.at(-1)!.row,
    rejected: rejectedOf(rows, problems, width),
  };
  batch.rows = rows.filter((row) => problems.has(row.row));
  batch.prepared = [];
  return kept;
}

/** A batch another runner wrote meanwhile, or a job that ended meanwhile: this transaction undone. */
class BatchTaken extends Error {
  constructor() {
    super('batch taken');
  }
}

/**
 * One batch in one transaction with its key: its converted rows (`prepared`, validated once by
 * `prepareRows`) checked against the BLOCK duplicate rules and written, its rejected rows, then
 * its key with its counts (a batch another runner wrote meanwhile: the key is there, this
 * transaction is undone) and the job's counts (a job no longer RUNNING: undone too). Few round
 * trips: the records are one statement, the key and the counts two. False when undone so.
 */
async function writeBatch(context: RunContext, batch: ReadyBatch, seen: SeenKeys): Promise<boolean> {
  const { platform, def, job } = context;
  const { problems } = batch;
  let row: JobRow;
  try {
    row = await platform.database.db.transaction(async (tx) => {
      const access = actingAs(job);
      const ids = await writeImportBatch(tx, { def, access, rows: batch.prepared, problems }, seen, job.id);
      const { counts, firstRow, lastRow, rejected } = settleRows(batch, ids.size, job.headers.length);
      if (!job.skipInvalid && problems.byRow.size > 0) throw new BatchRefused();
      if (rejected.length > 0) {
        await tx.insert(importRejectedRows).values(rejected.map((r) => ({ ...r, importId: job.id })));
      }
      const claimed = await tx
        .insert(importJobBatches)
        .values({
          importId: job.id,
          batch: batch.index,
          firstRow,
          lastRow,
          inserted: counts.inserted,
          skipped: counts.skipped,
        })
        .onConflictDoNothing()
        .returning({ batch: importJobBatches.batch });
      if (claimed.length === 0) throw new BatchTaken();
      const updated = await addCounts(tx, context, counts, problems);
      if (!updated) throw new BatchTaken();
      return updated;
    });
  } catch (err) {
    if (err instanceof BatchTaken) return false;
    throw err;
  }
  emitProgress(platform, row);
  return true;
}

/** The job's counts moved by a batch (its first problems too), if it is still RUNNING. */
async function addCounts(
  tx: Db,
  context: RunContext,
  counts: { rows: number; inserted: number; skipped: number },
  problems: Problems,
): Promise<JobRow | undefined> {
  const running = and(eq(importJobs.id, context.job.id), eq(importJobs.status, 'RUNNING'));
  const moved = {
    processed: sql`${importJobs.processed} + ${counts.rows}`,
    inserted: sql`${importJobs.inserted} + ${counts.inserted}`,
    skipped: sql`${importJobs.skipped} + ${counts.skipped}`,
  };
  if (problems.byRow.size === 0) {
    return (await tx.update(importJobs).set(moved).where(running).returning())[0];
  }
  const job = await lockJob(tx, context.job.id);
  if (!job || job.status !== 'RUNNING') return undefined;
  const { errors, errorsTotal } = problemCounts(job, problems, context.columns);
  return (
    await tx
      .update(importJobs)
      .set({ ...moved, errors, errorsTotal })
      .where(running)
      .returning()
  )[0];
}

/** The batches already written (a rerun skips them). */
async function writtenBatches(db: Db, id: string): Promise<Set<number>> {
  const rows = await db
    .select({ batch: importJobBatches.batch })
    .from(importJobBatches)
    .where(eq(importJobBatches.importId, id));
  return new Set(rows.map((r) => r.batch));
}

/**
 * The file read once, batch by batch: each row converted and validated once (`prepareRows`),
 * then written in its batch's transaction. The next batch is read and converted while one is
 * being written (the database and this process work at once); the writes stay one after another.
 * All or nothing, a row with a problem stops the writes (`Refusal`): the rest is only checked.
 * A rerun skips the batches already written.
 */
async function runBatches(context: RunContext): Promise<Refusal> {
  const { platform, job, def, columns } = context;
  const db = platform.database.db;
  const done = await writtenBatches(db, job.id);
  const seen: SeenKeys = new Map();
  const refusal = new Refusal();
  // The batch being written: settles with its error (or null), awaited before the next write.
  let writing: Promise<unknown> = Promise.resolve(null);
  const settle = async () => {
    const failed = await writing;
    writing = Promise.resolve(null);
    if (failed) throw failed;
  };
  let index = -1;
  try {
    for await (const rows of batchesOf(uploadRows(platform, context.upload, job.sheet))) {
      index += 1;
      if (done.has(index)) continue;
      if (context.hooks.signal?.aborted) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Stopping' });
      const problems = new Problems();
      const prepared = await prepareRows(db, def, columns, rows, job.offsetMinutes, problems);
      await settle();
      if (refusal.refused || (!job.skipInvalid && problems.byRow.size > 0)) {
        await checkImportDuplicates(db, def, prepared, problems, seen);
        await refusal.add(context, rows, problems);
        continue;
      }
      await platform.database.giveWay();
      writing = writeReady(context, { index, rows, prepared, problems }, seen, refusal).then(
        () => null,
        (err: unknown) => err ?? new Error('The batch could not be written'),
      );
    }
    await settle();
  } finally {
    // Left on an error: the batch in flight ends first (its transaction commits or not, whole).
    await writing;
  }
  return refusal;
}

/** `writeBatch`, a refused batch counted (all or nothing), then the tests' hook. */
async function writeReady(context: RunContext, batch: ReadyBatch, seen: SeenKeys, refusal: Refusal) {
  try {
    await writeBatch(context, batch, seen);
  } catch (err) {
    if (!(err instanceof BatchRefused)) throw err;
    await refusal.add(context, batch.rows, batch.problems);
    return;
  }
  await context.hooks.afterBatch?.(batch.index);
}

/** All or nothing, rows were refused: what the import wrote is removed, the job ends FAILED. */
async function refuseAll(context: RunContext, refusal: Refusal): Promise<void> {
  const { platform, job } = context;
  const db = platform.database.db;
  await removeImportedRecords(db, job.id, platform.database.giveWay);
  await db
    .update(importJobs)
    .set({
      inserted: 0,
      skipped: refusal.bad,
      processed: job.total,
      errors: refusal.errors,
      errorsTotal: refusal.errorsTotal,
    })
    .where(eq(importJobs.id, job.id));
  const rows = `${refusal.bad.toLocaleString('en-US')} ${refusal.bad === 1 ? 'row has' : 'rows have'}`;
  await finish(platform, job.id, { status: 'FAILED', message: `${rows} problems: nothing was imported` });
}

/** The job's handler (public so that tests run it, stop it after a batch and run it again). */
export async function runImport(
  platform: Platform,
  data: TImportRunJob,
  hooks: RunHooks = {},
): Promise<void> {
  const db = platform.database.db;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, data.import_id));
  if (!job || job.status === 'DONE' || job.status === 'FAILED') return;
  const [upload] = job.uploadId
    ? await db.select().from(importUploads).where(eq(importUploads.id, job.uploadId))
    : [];
  if (!upload) return finish(platform, job.id, { status: 'FAILED', message: 'The file is no longer stored' });
  let def: EntityDefinition;
  let columns: ImportColumn[];
  try {
    def = await loadEntityDefinition(db, job.companyId, job.entityId);
    columns = mappingColumns(def, job.headers, job.mapping);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return finish(platform, job.id, { status: 'FAILED', message: `The import cannot run: ${err.message}` });
  }
  const [running] = await db
    .update(importJobs)
    .set({ status: 'RUNNING' })
    .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ['QUEUED', 'RUNNING'])))
    .returning();
  if (!running) return;
  emitProgress(platform, running);
  const context: RunContext = { platform, job: running, def, columns, upload, hooks };
  const refusal = await runBatches(context);
  if (refusal.refused) return refuseAll(context, refusal);
  await finish(platform, job.id, { status: 'DONE' });
}

/** Rejected rows of jobs older than the uploads' keep (their file went with the upload). */
async function removeOldRejectedRows(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - IMPORT_UPLOAD_KEEP_DAYS * 86_400_000);
  const old = db.select({ id: importJobs.id }).from(importJobs).where(lt(importJobs.createdAt, before));
  await db.delete(importRejectedRows).where(inArray(importRejectedRows.importId, old));
}

/** The job and the sweep step (every process that runs jobs). */
export function defineEntityImportJobs(platform: Platform): void {
  registerSweepStep('entity-imports', async (p, scope) => {
    await removeExpiredUploads(p, scope.now);
    await removeOldRejectedRows(p.database.db, scope.now);
  });
  platform.jobs.define<TImportRunJob>({
    name: IMPORT_JOB,
    retryLimit: RETRY_LIMIT,
    concurrency: 2,
    expireInSeconds: 3600,
    handler: async (data, run) => {
      try {
        await runImport(platform, data, { signal: run.signal });
      } catch (err) {
        if (run.signal.aborted) throw err;
        platform.log.error({ err, import_id: data.import_id }, 'import run failed');
        if (run.retryCount >= RETRY_LIMIT) {
          await finish(platform, data.import_id, {
            status: 'FAILED',
            message: 'The import stopped on an error',
          });
          return;
        }
        throw err;
      }
    },
  });
}

/** Rejected rows of an import, `after` a row number, by row (a page of the CSV). */
export async function rejectedPage(db: Db, id: string, after: number, limit: number) {
  return db
    .select({
      row: importRejectedRows.row,
      cells: importRejectedRows.cells,
      problems: importRejectedRows.problems,
    })
    .from(importRejectedRows)
    .where(and(eq(importRejectedRows.importId, id), gt(importRejectedRows.row, after)))
    .orderBy(asc(importRejectedRows.row))
    .limit(limit);
}

/** `GET /imports?entity_id=`: the entity's recent imports, newest first. */
export async function listJobs(db: Db, entityId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(importJobs)
    .where(eq(importJobs.entityId, entityId))
    .orderBy(desc(importJobs.createdAt))
    .limit(50);
}
