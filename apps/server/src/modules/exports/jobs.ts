import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  EXPORT_KEEP_DAYS,
  EXPORT_PROGRESS_EVENT,
  ZAllEntitiesExportRequest,
  ZEntityExportRequest,
  ZEntityViewExportRequest,
} from '@esigns/contracts/data-exports';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { escapeHtml } from '../../platform/mail/mail-layout';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { loadAccess, type AccessContext } from '../permissions';
import { registerSweepStep } from '../reminders';
import { dataExports, type ExportKind } from './schema';
import {
  EXPORT_JOB,
  PDF_TYPE,
  XLSX_TYPE,
  extensionOf,
  pdfBranding,
  toExportJob,
  type ExportRow,
  type TExportRunJob,
} from './service';
import { allEntitiesPlan, countPlan, entityPlan, viewPlan, type ExportPlan } from './sources';
import { writePdf } from './pdf';
import { writeWorkbook } from './xlsx';

/*
 * The durable export (one job per export). A run claims the row (QUEUED or RUNNING -> RUNNING,
 * `attempts` + 1), writes the whole file from the first record into a temporary file, stores it
 * under the export's one key (`exports/<company>/<id>.<ext>`: a rerun after kill -9 overwrites the
 * same object, never a second file), then in ONE transaction marks the row DONE (only if it is
 * still RUNNING) and queues the mail: a rerun that finds it DONE does nothing, so one file and one
 * mail whatever the crashes. Progress is written on the row after every page and sent to the
 * user's room (`export.progress`); on PGlite each page gives way to waiting requests.
 */

const RETRY_LIMIT = 3;
/** The job's lease: a run still going has written its temporary file within it. */
const JOB_EXPIRE_SECONDS = 3600;
/** How often a run writes its progress on the row and sends it. */
const PROGRESS_EVERY_MS = 250;
/** Where runs write their files before storing them: one file per export, named by its id. */
export const EXPORT_TEMP_DIR = path.join(os.tmpdir(), 'esigns-exports');
/** Records counted for the progress bar when the route did not count them all. */
const PROGRESS_COUNT_CAP = 50_000_000;

/** The permission each kind needs, checked again when the job runs. */
export const KIND_PERMISSION: Record<ExportKind, PermissionSlug> = {
  ENTITY: 'entity-data:export',
  ALL_ENTITIES: 'exports:company-data',
  ENTITY_VIEW: 'exports:entity-views',
};

/** The export job and the expiry sweep. Every process that queues or runs jobs calls it. */
export function defineExportJobs(platform: Platform): void {
  platform.jobs.define<TExportRunJob>({
    name: EXPORT_JOB,
    retryLimit: RETRY_LIMIT,
    concurrency: 1,
    expireInSeconds: JOB_EXPIRE_SECONDS,
    handler: (data, job) => runExport(platform, data, job),
  });
  registerSweepStep('exports', async (p, scope) => {
    await sweepExpiredExports(p, scope.now);
  });
}

/** The plan a stored request asks for (the same builders as the routes). */
async function planOf(platform: Platform, access: AccessContext, row: ExportRow): Promise<ExportPlan> {
  const db = platform.database.db;
  const request = row.request;
  const zone = typeof request.tz === 'string' && request.tz ? request.tz : 'UTC';
  if (row.kind === 'ENTITY')
    return entityPlan(db, access, String(request.entity_id), ZEntityExportRequest.parse(request.body), zone);
  if (row.kind === 'ALL_ENTITIES')
    return allEntitiesPlan(db, access, ZAllEntitiesExportRequest.parse(request.body), zone);
  return viewPlan(db, access, ZEntityViewExportRequest.parse(request.body), zone);
}

function emit(platform: Platform, row: ExportRow): void {
  platform.realtime.emitToUser(row.userId, EXPORT_PROGRESS_EVENT, toExportJob(row));
}

async function claim(platform: Platform, id: string): Promise<ExportRow | undefined> {
  const [row] = await platform.database.db
    .update(dataExports)
    .set({ status: 'RUNNING', processed: 0, error: null, attempts: sql`${dataExports.attempts} + 1` })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['QUEUED', 'RUNNING'])))
    .returning();
  return row;
}

/** Ends a run that cannot succeed (the user left, lost the permission, the entity is gone). */
async function fail(platform: Platform, id: string, message: string): Promise<void> {
  const [row] = await platform.database.db
    .update(dataExports)
    .set({ status: 'FAILED', error: message, finishedAt: new Date() })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'RUNNING')))
    .returning();
  if (row) emit(platform, row);
}

/** One run of an export (public so that tests can run it twice, as a rerun after a crash would). */
export async function runExport(
  platform: Platform,
  data: TExportRunJob,
  job: { retryCount: number; signal?: AbortSignal } = { retryCount: 0 },
): Promise<void> {
  const row = await claim(platform, data.export_id);
  if (!row) return;
  emit(platform, row);
  // One temporary file per export: a rerun after kill -9 writes over the killed run's file.
  const tmp = path.join(EXPORT_TEMP_DIR, `${row.id}.${extensionOf(row.format)}`);
  try {
    await removeStaleFiles();
    const access = await loadAccess(platform.database.db, { userId: row.userId, companyId: row.companyId });
    if (!hasPermission(access, KIND_PERMISSION[row.kind]))
      throw new AppError('FORBIDDEN', { message: 'You no longer have the permission to export this' });
    const plan = await planOf(platform, access, row);
    const total = row.total ?? (await countPlan(plan, PROGRESS_COUNT_CAP)).total;
    if (row.total === null)
      await platform.database.db.update(dataExports).set({ total }).where(eq(dataExports.id, row.id));
    const zone = typeof row.request.tz === 'string' && row.request.tz ? row.request.tz : 'UTC';
    const written = await writeFile(platform, { ...row, total }, plan, zone, tmp, job.signal);
    const key = `exports/${row.companyId}/${row.id}.${extensionOf(row.format)}`;
    await platform.storage.putFile(key, tmp, row.format === 'PDF' ? PDF_TYPE : XLSX_TYPE);
    await finish(platform, row, key, written);
  } catch (err) {
    if (job.signal?.aborted) throw err;
    if (err instanceof AppError && err.status < 500) return fail(platform, row.id, err.message);
    if (job.retryCount >= RETRY_LIMIT) await fail(platform, row.id, 'The export failed: try again');
    throw err;
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * Removes temporary files of runs that were killed and never run again (an export FAILED or
 * handed back): untouched for longer than a job's lease, so no run is still writing them.
 */
async function removeStaleFiles(): Promise<void> {
  await mkdir(EXPORT_TEMP_DIR, { recursive: true });
  const before = Date.now() - JOB_EXPIRE_SECONDS * 1000;
  for (const name of await readdir(EXPORT_TEMP_DIR)) {
    const file = path.join(EXPORT_TEMP_DIR, name);
    const info = await statIfThere(file);
    if (info && info.mtimeMs < before) await rm(file, { force: true });
  }
}

/** The file's stat, or null when another run removed it since it was listed; other errors are thrown. */
async function statIfThere(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes the file of `row` into `tmp`; answers the records written. */
async function writeFile(
  platform: Platform,
  row: ExportRow,
  plan: ExportPlan,
  zone: string,
  tmp: string,
  signal: AbortSignal | undefined,
): Promise<number> {
  const db = platform.database.db;
  if (row.format === 'PDF') {
    const branding = await pdfBranding(platform, row.companyId);
    const pdf = await writePdf(db, plan.sheets, {
      title: plan.baseName,
      zone,
      branding,
      total: row.total ?? 0,
    });
    const out = createWriteStream(tmp);
    out.end(pdf.bytes);
    await finished(out);
    return row.total ?? 0;
  }
  let reportedAt = 0;
  const written = await writeWorkbook(db, createWriteStream(tmp), plan.sheets, zone, {
    ...(signal ? { signal } : {}),
    onPage: async (processed) => {
      await platform.database.giveWay();
      // Progress at most every PROGRESS_EVERY_MS (a page of 1,000 records takes a few ms).
      if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = Date.now();
      const [updated] = await db
        .update(dataExports)
        .set({ processed })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'RUNNING')))
        .returning();
      if (updated) emit(platform, updated);
    },
  });
  return written;
}

/** DONE and the mail, in one transaction, only if the row is still RUNNING (a rerun finds it DONE). */
async function finish(platform: Platform, row: ExportRow, key: string, written: number): Promise<void> {
  const db = platform.database.db;
  const expiresAt = new Date(Date.now() + EXPORT_KEEP_DAYS * 86_400_000);
  const [person] = [...(await findPeople(db, [row.userId])).values()];
  const url = await platform.storage.createDownloadUrl(key, {
    expiresInSeconds: EXPORT_KEEP_DAYS * 86_400,
    fileName: row.fileName,
    disposition: 'attachment',
  });
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dataExports)
      .set({
        status: 'DONE',
        storageKey: key,
        processed: written,
        total: written,
        finishedAt: new Date(),
        expiresAt,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'RUNNING')))
      .returning();
    if (!updated) return null;
    if (person?.email) {
      await platform.mail.queue(
        {
          to: person.email,
          subject: `Your export ${row.fileName} is ready`,
          kind: 'export.ready',
          bodyHtml:
            `<p>Hi${person.firstName ? ` ${escapeHtml(person.firstName)}` : ''},</p>` +
            `<p>Your export <strong>${escapeHtml(row.fileName)}</strong> (${written} records) is ready. ` +
            `The link works for ${EXPORT_KEEP_DAYS} days.</p>`,
          button: { label: 'Download', url },
          secrets: [url],
        },
        { tx, companyId: row.companyId },
      );
    }
    return updated;
  });
  if (!done) return;
  platform.jobs.wake('mail.send');
  emit(platform, done);
}

/** Deletes the files of exports past their expiry (the reminders sweep runs it). */
export async function sweepExpiredExports(platform: Platform, now: Date): Promise<number> {
  const db = platform.database.db;
  const expired = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, now)))
    .limit(500);
  for (const row of expired) {
    await platform.storage.delete(row.storageKey!);
    await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}
