import { asc, eq, sql } from 'drizzle-orm';
import type { TPipelineAction } from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { Tx } from '../documents';
import { WORKFLOW_START_JOB } from '../workflows';
import { runAction, runOutside, type StepResult } from './actions';
import { pipelineRunSteps, pipelineRuns, pipelines } from './schema';
import { RUN_JOB, templateCodes, type TRunJob } from './runs';
import { triggerValues, withStepOutput, type RunValues } from './values';

/*
 * One run's job: the pipeline's actions in order, each in ONE transaction that locks the run,
 * checks its cursor (`next_step`) is this step, does the action, stores the step (input, output)
 * and moves the cursor. A job run again (kill -9, a hand-back, a second worker) finds the step done
 * and goes on after it: a step is never done twice. The exception is a webhook call, an outside
 * request made before the transaction: a crash between the call and the commit calls it again
 * (at least once, with the same `idempotency-key` header). A failing step stores its error and attempt
 * (outside the rolled-back transaction) and throws, so the job retries with backoff; after
 * `MAX_ATTEMPTS` failures of the step the run ends FAILED with its error.
 */

export const MAX_ATTEMPTS = 3;

type RunRow = typeof pipelineRuns.$inferSelect;
type Loaded = { run: RunRow; actions: TPipelineAction[]; actorId: string | null; values: RunValues };

const FINAL = new Set(['SUCCEEDED', 'FAILED', 'SKIPPED']);

/** The run, its pipeline's actions and the values it has so far (the trigger's and done steps'). */
async function loadRun(db: Db, runId: string): Promise<Loaded | null> {
  const [row] = await db
    .select({ run: pipelineRuns, pipeline: pipelines })
    .from(pipelineRuns)
    .innerJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
    .where(eq(pipelineRuns.id, runId));
  if (!row || FINAL.has(row.run.status)) return null;
  const { run, pipeline } = row;
  const codes = pipeline.entityId ? await templateCodes(db, run.companyId, [pipeline.entityId]) : new Map();
  let values: RunValues = triggerValues(
    run.event,
    pipeline.entityId ? (codes.get(pipeline.entityId) ?? []) : [],
  );
  const done = await db
    .select({ position: pipelineRunSteps.position, output: pipelineRunSteps.output })
    .from(pipelineRunSteps)
    .where(sql`${pipelineRunSteps.runId} = ${runId} and ${pipelineRunSteps.status} = 'DONE'`)
    .orderBy(asc(pipelineRunSteps.position));
  for (const step of done) values = withStepOutput(values, step.position, step.output);
  return { run, actions: pipeline.actions, actorId: pipeline.updatedBy ?? pipeline.createdBy, values };
}

const recordIdOf = (run: RunRow): string | null => {
  const data = run.event.data as unknown as { record_id?: unknown };
  return typeof data.record_id === 'string' ? data.record_id : null;
};

async function lockRun(tx: Db, runId: string): Promise<RunRow | undefined> {
  const [run] = await tx.select().from(pipelineRuns).where(eq(pipelineRuns.id, runId)).for('update');
  return run;
}

/** Does step `position` if it is still the next one; answers null when another run of the job did. */
async function doStep(platform: Platform, loaded: Loaded, position: number): Promise<StepResult | null> {
  const action = loaded.actions[position]!;
  const context = {
    platform,
    event: loaded.run.event,
    pipelineId: loaded.run.pipelineId,
    companyId: loaded.run.companyId,
    runId: loaded.run.id,
    depth: loaded.run.depth,
    actorId: loaded.actorId,
    recordId: recordIdOf(loaded.run),
    values: loaded.values,
  };
  // An outside request (a webhook) or a document's PDF copy is made before the transaction, never
  // holding it open; what it prepared is settled after (committed, or dropped).
  const outside = await runOutside(context, action, position);
  let result: StepResult | null;
  try {
    result = await storeStep(platform, loaded, position, (tx) =>
      outside ? outside.inside(tx) : runAction({ ...context, tx }, action),
    );
  } catch (err) {
    await outside?.settle(false);
    throw err;
  }
  await outside?.settle(result !== null);
  return result;
}

/** The step's transaction: the run locked, the cursor checked, the action done, the step stored. */
async function storeStep(
  platform: Platform,
  loaded: Loaded,
  position: number,
  act: (tx: Tx) => Promise<StepResult>,
): Promise<StepResult | null> {
  const action = loaded.actions[position]!;
  return platform.database.db.transaction(async (tx) => {
    const run = await lockRun(tx, loaded.run.id);
    if (!run || FINAL.has(run.status) || run.nextStep !== position) return null;
    const result = await act(tx);
    const step = {
      type: action.type,
      status: 'DONE' as const,
      attempts: run.attempts + 1,
      input: result.input,
      output: result.output,
      error: null,
      finishedAt: new Date(),
    };
    await tx
      .insert(pipelineRunSteps)
      .values({ runId: run.id, position, ...step })
      .onConflictDoUpdate({ target: [pipelineRunSteps.runId, pipelineRunSteps.position], set: step });
    await tx
      .update(pipelineRuns)
      .set({ nextStep: position + 1, attempts: 0, error: null, status: 'RUNNING' })
      .where(eq(pipelineRuns.id, run.id));
    return result;
  });
}

const messageOf = (err: unknown): string =>
  err instanceof AppError || err instanceof Error ? err.message : 'The action failed';

/** Stores a failed attempt of the step; answers whether the run is now FAILED (no more tries). */
async function failStep(
  platform: Platform,
  loaded: Loaded,
  position: number,
  err: unknown,
): Promise<boolean> {
  const action = loaded.actions[position]!;
  const error = messageOf(err).slice(0, 2_000);
  return platform.database.db.transaction(async (tx) => {
    const run = await lockRun(tx, loaded.run.id);
    if (!run || FINAL.has(run.status) || run.nextStep !== position) return true;
    const attempts = run.attempts + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    const step = {
      type: action.type,
      status: 'FAILED' as const,
      attempts,
      input: action,
      output: null,
      error,
    };
    await tx
      .insert(pipelineRunSteps)
      .values({ runId: run.id, position, ...step })
      .onConflictDoUpdate({ target: [pipelineRunSteps.runId, pipelineRunSteps.position], set: step });
    await tx
      .update(pipelineRuns)
      .set({
        attempts,
        error: `Step ${position + 1}: ${error}`,
        status: failed ? 'FAILED' : 'RUNNING',
        ...(failed ? { finishedAt: new Date() } : {}),
      })
      .where(eq(pipelineRuns.id, run.id));
    return failed;
  });
}

async function finishRun(platform: Platform, runId: string): Promise<void> {
  await platform.database.db
    .update(pipelineRuns)
    .set({ status: 'SUCCEEDED', finishedAt: new Date(), error: null })
    .where(sql`${pipelineRuns.id} = ${runId} and ${pipelineRuns.status} in ('QUEUED', 'RUNNING')`);
}

/** The run's job: see the top of this file. Public so that tests can run it again. */
export async function runPipelineJob(platform: Platform, data: TRunJob, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const loaded = await loadRun(platform.database.db, data.run_id);
    if (!loaded) return;
    const position = loaded.run.nextStep;
    if (position >= loaded.actions.length) return finishRun(platform, loaded.run.id);
    if (signal?.aborted) return;
    try {
      await doStep(platform, loaded, position);
    } catch (err) {
      if (await failStep(platform, loaded, position, err)) return;
      throw err;
    }
    // What the step queued runs now (its jobs were sent in the step's transaction).
    platform.jobs.wake('mail.send');
    platform.jobs.wake(WORKFLOW_START_JOB);
  }
}

export function definePipelineRunJob(platform: Platform): void {
  platform.jobs.define<TRunJob>({
    name: RUN_JOB,
    // Step failures are counted on the run (MAX_ATTEMPTS); the queue's own limit leaves room for
    // hand-backs at deploys besides them.
    retryLimit: MAX_ATTEMPTS + 3,
    retryDelaySeconds: 2,
    concurrency: 2,
    expireInSeconds: 600,
    handler: (data, job) => runPipelineJob(platform, data, job.signal),
  });
}
