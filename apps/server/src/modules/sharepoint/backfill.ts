import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TSharePointConnection } from '@esigns/contracts/sharepoint';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { employeeDocumentOf } from '../documents';
import { sealedDocumentIds } from '../signing';
import { connectionView, findConnectionRow } from './connection';
import { queueCopies } from './copies';
import { sharepointConnections } from './schema';

/*
 * "Copy every sealed document" (`POST /sharepoint/backfill`): a chain of jobs, each taking the
 * next CHUNK sealed documents by id after the connection's cursor and, in one transaction, their
 * copy rows (existing ones are left alone), their first tries, the new cursor and the next chunk's
 * job, guarded by the run and the cursor it started from: a chunk run twice adds nothing, a crash
 * between chunks resumes at the cursor.
 */

export const BACKFILL_JOB = 'sharepoint.backfill';
export type BackfillJob = { connectionId: string; run: string; cursor: string | null };
const CHUNK = 100;

export async function startBackfill(platform: Platform, companyId: string): Promise<TSharePointConnection> {
  return platform.database.db.transaction(async (tx) => {
    const row = await findConnectionRow(tx, companyId);
    if (!row) throw notFound('SharePoint connection');
    if (!row.driveId) throw new AppError('CONFLICT', { message: 'Choose a SharePoint library first' });
    if (row.backfillStatus === 'RUNNING') {
      throw new AppError('CONFLICT', { message: 'Sealed documents are being copied already' });
    }
    const run = randomUUID();
    const [updated] = await tx
      .update(sharepointConnections)
      .set({
        backfillRun: run,
        backfillStatus: 'RUNNING',
        backfillCursor: null,
        backfillQueued: 0,
        backfillStartedAt: new Date(),
        backfillFinishedAt: null,
      })
      .where(eq(sharepointConnections.id, row.id))
      .returning();
    await platform.jobs.send<BackfillJob>(BACKFILL_JOB, { connectionId: row.id, run, cursor: null }, { tx });
    return connectionView(updated!);
  });
}

export async function runBackfillChunk(platform: Platform, job: BackfillJob): Promise<void> {
  const db = platform.database.db;
  const guard = and(
    eq(sharepointConnections.id, job.connectionId),
    eq(sharepointConnections.backfillRun, job.run),
    eq(sharepointConnections.backfillStatus, 'RUNNING'),
    job.cursor === null
      ? isNull(sharepointConnections.backfillCursor)
      : eq(sharepointConnections.backfillCursor, job.cursor),
  );
  const [connection] = await db.select().from(sharepointConnections).where(guard);
  if (!connection) return;
  const ids = await sealedDocumentIds(db, connection.companyId, job.cursor, CHUNK);
  const documents = await Promise.all(ids.map((id) => employeeDocumentOf(db, id, connection.companyId)));
  const items = documents.flatMap((d) =>
    d ? [{ kind: 'DOCUMENT' as const, subjectId: d.id, name: d.name }] : [],
  );
  const last = ids.length < CHUNK;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(sharepointConnections)
      .set({
        backfillCursor: ids.at(-1) ?? job.cursor,
        ...(last ? { backfillStatus: 'DONE' as const, backfillFinishedAt: new Date() } : {}),
      })
      .where(guard)
      .returning({ id: sharepointConnections.id });
    if (!claimed) return;
    const queued = await queueCopies(platform, tx, connection, items);
    await tx
      .update(sharepointConnections)
      .set({ backfillQueued: sql`${sharepointConnections.backfillQueued} + ${queued}` })
      .where(eq(sharepointConnections.id, connection.id));
    if (!last) {
      await platform.jobs.send<BackfillJob>(
        BACKFILL_JOB,
        { connectionId: connection.id, run: job.run, cursor: ids.at(-1)! },
        { tx },
      );
    }
  });
}
