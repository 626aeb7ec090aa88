import { and, count, desc, eq, sql } from 'drizzle-orm';
import { toPaged, type TPaged, type TPageQuery } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import {
  SHAREPOINT_MAX_TRIES,
  SHAREPOINT_RETRY_DELAYS_SECONDS,
  type TSharePointCopy,
  type TSharePointCopyKind,
  type TSharePointCopyStatus,
  type TSharePointFile,
} from '@esigns/contracts/sharepoint';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { credentialsOf, findConnectionRow, interestOf, sessionOf, type ConnectionRow } from './connection';
import { forgetToken, GraphError, placeFile } from './graph-client';
import { sharepointConnections, sharepointCopies } from './schema';
import { folderOf, SourceProblem, sourceOf } from './sources';

/*
 * The copies (README "Copies"): one `sharepoint_copies` row per (connection, kind, subject),
 * inserted with its first try's job in one transaction; a try job acts only when it is the row's
 * next (chain, try), and records its outcome (COPIED, or the failure with the next try's job) under
 * the same condition. Each file placed is recorded at once, so a rerun after a crash uploads only
 * what is missing, and a file whose upload was not recorded is recognised by its hash.
 */

export const COPY_JOB = 'sharepoint.copy';
export type CopyJob = { copyId: string; chain: number; try: number };

type CopyRow = typeof sharepointCopies.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function copyView(row: CopyRow): TSharePointCopy {
  return {
    _id: row.id,
    kind: row.kind,
    subject_id: row.subjectId,
    name: row.name,
    status: row.status,
    tries: row.tries,
    last_error: row.lastError,
    next_try_at: row.nextTryAt?.toISOString() ?? null,
    files: row.files,
    created_at: row.createdAt.toISOString(),
    copied_at: row.copiedAt?.toISOString() ?? null,
  };
}

export type NewCopy = { kind: TSharePointCopyKind; subjectId: string; name: string };

/** Inserts the copies not made yet for the connection and queues their first tries; answers how many were new. */
export async function queueCopies(
  platform: Platform,
  tx: Tx,
  connection: Pick<ConnectionRow, 'id' | 'companyId'>,
  items: NewCopy[],
): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await tx
    .insert(sharepointCopies)
    .values(
      items.map((item) => ({
        companyId: connection.companyId,
        connectionId: connection.id,
        kind: item.kind,
        subjectId: item.subjectId,
        name: item.name.slice(0, 500),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: sharepointCopies.id });
  await platform.jobs.sendMany<CopyJob>(
    COPY_JOB,
    inserted.map((row) => ({ copyId: row.id, chain: 1, try: 1 })),
    { tx },
  );
  return inserted.length;
}

/**
 * The event subscriber: a completed document or finished workflow of a company whose connection
 * copies that kind gets its copy row (once, whatever the replays: the row is unique).
 */
export async function onEvent(platform: Platform, event: IntegrationEvent): Promise<void> {
  const db = platform.database.db;
  const connection = await findConnectionRow(db, event.company_id);
  if (!connection || !interestOf(connection).includes(event.type)) return;
  let item: NewCopy | null = null;
  if (event.type === 'document.completed') {
    const data = event.data as { document_id: string; name: string };
    item = { kind: 'DOCUMENT', subjectId: data.document_id, name: data.name };
  } else if (event.type === 'workflow.completed') {
    const data = event.data as { instance_id: string; name: string };
    item = { kind: 'WORKFLOW', subjectId: data.instance_id, name: data.name };
  }
  if (!item) return;
  const copy = item;
  await db.transaction((tx) => queueCopies(platform, tx, connection, [copy]));
}

const retryDelays = (platform: Platform): readonly number[] =>
  platform.config.sharepoint.retryDelaysSeconds ?? SHAREPOINT_RETRY_DELAYS_SECONDS;

/** This job is the row's next try (not a replay, not of a chain replaced by "copy again"). */
const isNext = (job: CopyJob) =>
  and(
    eq(sharepointCopies.id, job.copyId),
    eq(sharepointCopies.status, 'PENDING'),
    eq(sharepointCopies.chain, job.chain),
    eq(sharepointCopies.chainTries, job.try - 1),
  );

async function recordFile(platform: Platform, job: CopyJob, file: TSharePointFile): Promise<void> {
  await platform.database.db
    .update(sharepointCopies)
    .set({
      files: sql`${sharepointCopies.files} || ${JSON.stringify([file])}::jsonb`,
      updatedAt: new Date(),
    })
    .where(isNext(job));
}

async function recordFailure(platform: Platform, job: CopyJob, message: string, permanent: boolean) {
  const delays = retryDelays(platform);
  const last = permanent || job.try >= SHAREPOINT_MAX_TRIES;
  const delay = delays[job.try - 1] ?? delays[delays.length - 1] ?? 0;
  await platform.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sharepointCopies)
      .set({
        status: last ? 'FAILED' : 'PENDING',
        chainTries: job.try,
        tries: sql`${sharepointCopies.tries} + 1`,
        lastError: message.slice(0, 1000),
        nextTryAt: last ? null : new Date(Date.now() + delay * 1000),
        updatedAt: new Date(),
      })
      .where(isNext(job))
      .returning({ id: sharepointCopies.id });
    if (!updated || last) return;
    await platform.jobs.send<CopyJob>(
      COPY_JOB,
      { copyId: job.copyId, chain: job.chain, try: job.try + 1 },
      { tx, ...(delay > 0 ? { startAfterSeconds: delay } : {}) },
    );
  });
}

/** One try of a copy: every file not yet in SharePoint is placed, then the copy is COPIED. */
export async function runCopy(platform: Platform, job: CopyJob, signal: AbortSignal): Promise<void> {
  const db = platform.database.db;
  const [found] = await db
    .select({ copy: sharepointCopies, connection: sharepointConnections })
    .from(sharepointCopies)
    .innerJoin(sharepointConnections, eq(sharepointConnections.id, sharepointCopies.connectionId))
    .where(isNext(job));
  if (!found) return;
  const { copy, connection } = found;
  if (!connection.driveId) {
    await recordFailure(platform, job, 'No SharePoint library is chosen', false);
    return;
  }
  let source: Awaited<ReturnType<typeof sourceOf>> | undefined;
  try {
    source = await sourceOf(platform, copy.kind, copy.companyId, copy.subjectId);
    const folder = folderOf(connection.folderPattern, source, copy.kind);
    const done = new Set(copy.files.map((f) => f.name));
    const session = await sessionOf(platform, connection, signal);
    for (const file of source.files) {
      if (done.has(file.name)) continue;
      const placed = await placeFile(session, connection.driveId, folder, file.name, file);
      // Under the original name: a rerun knows this file is done even when it was renamed.
      await recordFile(platform, job, { ...placed, name: file.name });
      if (signal.aborted) throw new GraphError(0, 'stopped', 'The worker stopped; the copy goes on');
    }
    await db
      .update(sharepointCopies)
      .set({
        status: 'COPIED',
        chainTries: job.try,
        tries: sql`${sharepointCopies.tries} + 1`,
        lastError: null,
        nextTryAt: null,
        copiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(isNext(job));
  } catch (err) {
    if (err instanceof SourceProblem) return recordFailure(platform, job, err.message, err.permanent);
    if (err instanceof GraphError) {
      if (err.status === 401) {
        forgetToken(platform.config.sharepoint, credentialsOf(platform, connection));
      }
      return recordFailure(platform, job, err.message, false);
    }
    throw err;
  } finally {
    await source?.dispose();
  }
}

export async function listCopies(
  db: Pick<Db, 'select'>,
  companyId: string,
  filter: { status?: TSharePointCopyStatus; kind?: TSharePointCopyKind },
  page: TPageQuery,
): Promise<TPaged<TSharePointCopy>> {
  const where = and(
    eq(sharepointCopies.companyId, companyId),
    filter.status ? eq(sharepointCopies.status, filter.status) : undefined,
    filter.kind ? eq(sharepointCopies.kind, filter.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sharepointCopies)
      .where(where)
      .orderBy(desc(sharepointCopies.createdAt), desc(sharepointCopies.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(sharepointCopies).where(where),
  ]);
  return toPaged(rows.map(copyView), total?.n ?? 0, page);
}

/** `POST /sharepoint/copies/{id}/retry`: a FAILED copy gets a new chain of tries (409 otherwise). */
export async function retryCopy(platform: Platform, companyId: string, id: string): Promise<TSharePointCopy> {
  if (!isUuid(id)) throw notFound('Copy');
  return platform.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sharepointCopies)
      .where(and(eq(sharepointCopies.id, id), eq(sharepointCopies.companyId, companyId)))
      .for('update');
    if (!row) throw notFound('Copy');
    if (row.status !== 'FAILED') {
      throw new AppError('CONFLICT', {
        message:
          row.status === 'COPIED' ? 'This copy is in SharePoint already' : 'This copy is still being tried',
      });
    }
    const [updated] = await tx
      .update(sharepointCopies)
      .set({ status: 'PENDING', chain: row.chain + 1, chainTries: 0, nextTryAt: null, updatedAt: new Date() })
      .where(eq(sharepointCopies.id, id))
      .returning();
    await platform.jobs.send<CopyJob>(COPY_JOB, { copyId: id, chain: row.chain + 1, try: 1 }, { tx });
    return copyView(updated!);
  });
}
