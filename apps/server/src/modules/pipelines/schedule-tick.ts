import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { PipelineScheduleEvent } from '@esigns/contracts/pipelines';
import type { Platform } from '../../platform/platform';
import { RUN_JOB, type TRunJob } from './runs';
import { nextRunAfter } from './schedule';
import { pipelineRuns, pipelines } from './schema';
import { conditionsHold, triggerValues } from './values';

/*
 * Schedule triggers: a tick every minute starts the runs of the pipelines whose slot has come.
 * In one transaction per batch it locks the due pipelines (`skip locked`: two processes ticking
 * at once share them out), writes each one run for its slot (the event id is derived from
 * pipeline and slot, and runs are unique per pipeline and event: a tick repeated after a crash
 * writes nothing twice) with its job, and moves the slot on. Slots missed while nothing ran
 * (the instance was down) give one run, not one per slot.
 */

export const SCHEDULE_JOB = 'pipelines.schedule-tick';
export const SCHEDULE_CRON = '* * * * *';
const BATCH = 100;

/** A stable UUID for (pipeline, slot). */
export function slotEventId(pipelineId: string, slot: Date): string {
  const hex = createHash('sha256').update(`${pipelineId}|${slot.toISOString()}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Starts the runs that are due at `now`; answers how many pipelines were due. */
export async function runDueSchedules(platform: Platform, now = new Date()): Promise<number> {
  let due = 0;
  let queued = 0;
  for (;;) {
    const batch = await platform.database.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(pipelines)
        .where(
          and(eq(pipelines.enabled, true), eq(pipelines.trigger, 'schedule'), lte(pipelines.nextRunAt, now)),
        )
        .orderBy(asc(pipelines.nextRunAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const pipeline of rows) {
        const slot = pipeline.nextRunAt!;
        const event: PipelineScheduleEvent = {
          id: slotEventId(pipeline.id, slot),
          type: 'schedule',
          company_id: pipeline.companyId,
          subject_id: pipeline.id,
          occurred_at: now.toISOString(),
          data: { pipeline_id: pipeline.id, scheduled_for: slot.toISOString() },
        };
        if (conditionsHold(pipeline.conditions, event, triggerValues(event, []))) {
          const [run] = await tx
            .insert(pipelineRuns)
            .values({ companyId: pipeline.companyId, pipelineId: pipeline.id, eventId: event.id, event })
            .onConflictDoNothing()
            .returning({ id: pipelineRuns.id });
          if (run) {
            await platform.jobs.send<TRunJob>(RUN_JOB, { run_id: run.id }, { tx });
            queued += 1;
          }
        }
        const nextRunAt = pipeline.schedule ? nextRunAfter(pipeline.schedule, now > slot ? now : slot) : null;
        await tx.update(pipelines).set({ nextRunAt }).where(eq(pipelines.id, pipeline.id));
      }
      return rows.length;
    });
    due += batch;
    if (batch < BATCH) break;
    await platform.database.giveWay();
  }
  if (queued) platform.jobs.wake(RUN_JOB);
  return due;
}

/** The minute tick. Not scheduled under NODE_ENV=test, where tests call `runDueSchedules`. */
export function definePipelineScheduleJob(platform: Platform): void {
  platform.jobs.define({
    name: SCHEDULE_JOB,
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: SCHEDULE_CRON } }),
    handler: async () => {
      const due = await runDueSchedules(platform);
      if (due > 0) platform.log.info({ job: SCHEDULE_JOB, due }, 'scheduled pipeline runs started');
    },
  });
}
