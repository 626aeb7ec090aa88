import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { registerSweepStep } from '../reminders';
import { advanceInstance, WORKFLOW_STAGE_JOB, type TWorkflowStageJob } from './engine';
import { WORKFLOW_UPDATED_JOB, type TWorkflowUpdatedJob } from './engine-end';
import { startInstances, type ChunkStart } from './engine-start';
import { runWorkflowExpiry } from './expiry-sweep';
import { runWorkflowReminders } from './reminders-sweep';
import { appendWorkflowEvents } from './instances-store';
import { registerWorkflowListeners } from './progress';
import { workflowBatches, workflowData, workflowDataEvents } from './schema';

/*
 * The durable work of workflows: `workflows.start` starts one chunk (at most 50) of a send's DRAFT
 * instances in one transaction (`startInstances`: a started instance is no longer DRAFT, so a
 * rerun after kill -9 or a hand-back skips it); the batch's counts are recomputed from the
 * instances after each chunk, so a rerun never counts twice. `workflows.stage` starts an
 * instance's next stage. `workflows.updated` tells the company's room an instance ended: queued in
 * the transaction that ended it, so the event goes out only after that commit. The instances'
 * expiry and reminders are a step of the reminders' sweep (`registerSweepStep`).
 */

export const WORKFLOW_START_JOB = 'workflows.start';
/**
 * Instances per start chunk (one job, one transaction): 50 on PostgreSQL; 10 on PGlite, whose one
 * connection serves nothing else while a chunk's transaction runs (10 packets: a fraction of a
 * second; the job gives way to waiting requests before each chunk).
 */
export const startChunkSize = (platform: Platform): number => (platform.database.kind === 'pglite' ? 10 : 50);
export type TWorkflowStartJob = { batch_id: string | null; ids: string[]; actor: string | null };

/**
 * Defines the jobs and registers the listeners and the sweep step (every process that runs jobs:
 * API and workers).
 */
export function defineWorkflowJobs(platform: Platform): void {
  registerWorkflowListeners(platform);
  registerSweepStep('workflows', async (p, scope) => {
    await runWorkflowExpiry(p, scope);
    await runWorkflowReminders(p, scope);
  });
  platform.jobs.define<TWorkflowUpdatedJob>({
    name: WORKFLOW_UPDATED_JOB,
    retryLimit: 2,
    concurrency: 4,
    handler: async (data) => {
      platform.realtime.emitToWorkspace(data.company_id, 'workflow.updated', {
        workflow_data_id: data.workflow_data_id,
        status: data.status,
      });
    },
  });
  platform.jobs.define<TWorkflowStartJob>({
    name: WORKFLOW_START_JOB,
    retryLimit: 3,
    concurrency: 2,
    expireInSeconds: 600,
    handler: (data, job) => runStartChunk(platform, data, job.signal),
  });
  platform.jobs.define<TWorkflowStageJob>({
    name: WORKFLOW_STAGE_JOB,
    retryLimit: 5,
    concurrency: 4,
    handler: async (data) => {
      try {
        await advanceInstance(platform, data.workflow_data_id, 'IN_PROGRESS');
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        await platform.database.db.transaction((tx) =>
          appendWorkflowEvents(tx, [
            {
              workflowDataId: data.workflow_data_id,
              event: 'stage_failed',
              details: { message: err.message },
            },
          ]),
        );
      }
    },
  });
}

/**
 * One chunk: its DRAFT instances started together in one transaction (`startInstances`); a
 * refused one (AppError before anything is written) logged `start_failed`, the others go on. When
 * something of one instance is refused inside the chunk's transaction (a form closed meanwhile),
 * the chunk rolls back and its instances start one by one, so only that one fails.
 */
export async function runStartChunk(
  platform: Platform,
  data: TWorkflowStartJob,
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) return;
  let outcome: ChunkStart;
  try {
    outcome = await startInstances(platform, data.ids, data.actor);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    outcome = { started: [], failed: [], alone: data.ids };
  }
  const failed = outcome.failed.map((f) => ({ id: f.id, message: f.error.message }));
  for (const id of outcome.alone) {
    if (signal?.aborted) break;
    try {
      await advanceInstance(platform, id, 'DRAFT', data.actor);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      failed.push({ id, message: err.message });
    }
  }
  await appendWorkflowEvents(
    platform.database.db,
    failed.map((f) => ({
      workflowDataId: f.id,
      event: 'start_failed',
      actor: data.actor,
      details: { message: f.message },
    })),
  );
  if (data.batch_id) await recountBatch(platform, data.batch_id);
}

/** The batch's sent / failed counts from its instances; DONE once every one is started or failed. */
export async function recountBatch(platform: Platform, batchId: string): Promise<void> {
  const db = platform.database.db;
  const [counts] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${workflowData.status} <> 'DRAFT')::int`,
      failed: sql<number>`count(*) filter (where ${workflowData.status} = 'DRAFT' and exists (
        select 1 from ${workflowDataEvents} e where e.workflow_data_id = ${workflowData.id} and e.event = 'start_failed'
          and e.at >= ${workflowBatches.updatedAt}))::int`,
    })
    .from(workflowData)
    .innerJoin(workflowBatches, eq(workflowBatches.id, workflowData.batchId))
    .where(eq(workflowData.batchId, batchId));
  const [batch] = await db.select().from(workflowBatches).where(eq(workflowBatches.id, batchId));
  if (!batch || !counts) return;
  const done = counts.sent + counts.failed >= batch.total;
  await db
    .update(workflowBatches)
    .set({
      sent: counts.sent,
      failed: counts.failed,
      status: done ? 'DONE' : 'RUNNING',
      ...(done ? { finishedAt: new Date() } : {}),
    })
    .where(and(eq(workflowBatches.id, batchId), ne(workflowBatches.status, 'DONE')));
}

/** The instances of a send still DRAFT (a whole batch, or one instance). */
export async function draftIdsOf(platform: Platform, companyId: string, batchId: string): Promise<string[]> {
  const rows = await platform.database.db
    .select({ id: workflowData.id })
    .from(workflowData)
    .where(
      and(
        eq(workflowData.companyId, companyId),
        eq(workflowData.batchId, batchId),
        inArray(workflowData.status, ['DRAFT']),
      ),
    )
    .orderBy(workflowData.createdAt, workflowData.id);
  return rows.map((r) => r.id);
}
