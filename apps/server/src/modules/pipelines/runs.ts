import { and, eq, sql } from 'drizzle-orm';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import { isRecordEvent } from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { loadDefinitions } from '../entities';
import { pipelineCauses, pipelineRuns, pipelines } from './schema';
import type { PipelineRow } from './service';
import { conditionsHold, triggerValues, type TemplateCode } from './values';

/*
 * From an event to runs: the event handler (`platform.events.subscribe('pipelines', ...)`) finds
 * the company's enabled pipelines of that trigger (and entity), tests their conditions on the
 * event, and writes one run per pipeline, unique (pipeline, event), with its job, in one
 * transaction. Handled twice (a retry, a second worker), the unique index keeps the first run
 * and no second job is queued.
 */

export const RUN_JOB = 'pipelines.run';
export type TRunJob = { run_id: string };

/** Runs caused by runs are followed this deep; deeper ones are written SKIPPED (the loop guard). */
export const MAX_DEPTH = 3;

type RunRow = typeof pipelineRuns.$inferSelect;

/** The triggering record's templates (ids and codes), primary first, by entity. */
export async function templateCodes(db: Db, companyId: string, entityIds: readonly string[]) {
  const defs = await loadDefinitions(db, companyId, entityIds);
  const codes = new Map<string, TemplateCode[]>();
  for (const [id, def] of defs) {
    codes.set(id, [def.primary, ...def.templates.filter((t) => t.id !== def.primary.id)]);
  }
  return codes;
}

/**
 * How deep the event is: a run that wrote the event's record in the transaction that raised it
 * (`pipeline_causes` stamped with that transaction's time, as `occurred_at` is) makes it one
 * deeper than that run; any other event is depth 0.
 */
async function depthOf(db: Db, event: IntegrationEvent): Promise<number> {
  const [cause] = await db
    .select({ depth: sql<number>`max(${pipelineCauses.depth})` })
    .from(pipelineCauses)
    .where(
      and(
        eq(pipelineCauses.companyId, event.company_id),
        eq(pipelineCauses.subjectId, event.subject_id),
        sql`${pipelineCauses.writtenAt} between ${event.occurred_at}::timestamptz - interval '1 millisecond'
          and ${event.occurred_at}::timestamptz + interval '1 millisecond'`,
      ),
    );
  return cause?.depth === null || cause?.depth === undefined ? 0 : Number(cause.depth) + 1;
}

/** The enabled pipelines of the event's company and type (record events: of the record's entity). */
async function listeningPipelines(db: Db, event: IntegrationEvent): Promise<PipelineRow[]> {
  const data = event.data as unknown as { entity_id?: unknown };
  const record = isRecordEvent(event.type);
  if (record && typeof data.entity_id !== 'string') return [];
  return db
    .select()
    .from(pipelines)
    .where(
      and(
        eq(pipelines.companyId, event.company_id),
        eq(pipelines.trigger, event.type),
        eq(pipelines.enabled, true),
        record ? eq(pipelines.entityId, data.entity_id as string) : undefined,
      ),
    );
}

/** The event handler: see the top of this file. Public so that tests can hand an event twice. */
export async function handlePipelineEvent(platform: Platform, event: IntegrationEvent): Promise<void> {
  const db = platform.database.db;
  const listening = await listeningPipelines(db, event);
  if (listening.length === 0) return;
  const codes = await templateCodes(
    db,
    event.company_id,
    listening.flatMap((p) => (p.entityId ? [p.entityId] : [])),
  );
  const matching = listening.filter((p) =>
    conditionsHold(
      p.conditions,
      event,
      triggerValues(event, p.entityId ? (codes.get(p.entityId) ?? []) : []),
    ),
  );
  if (matching.length === 0) return;
  const depth = await depthOf(db, event);
  const skipped = depth > MAX_DEPTH;
  const queued = await db.transaction(async (tx) => {
    let any = false;
    for (const pipeline of matching) {
      const [run] = await tx
        .insert(pipelineRuns)
        .values({
          companyId: event.company_id,
          pipelineId: pipeline.id,
          eventId: event.id,
          event,
          depth,
          status: skipped ? 'SKIPPED' : 'QUEUED',
          note: skipped
            ? `Skipped: caused by pipeline runs ${depth} deep (at most ${MAX_DEPTH}), a loop is likely`
            : null,
          finishedAt: skipped ? new Date() : null,
        })
        .onConflictDoNothing({
          target: [pipelineRuns.pipelineId, pipelineRuns.eventId],
          where: sql`rerun_of is null`,
        })
        .returning({ id: pipelineRuns.id });
      if (run && !skipped) {
        await platform.jobs.send<TRunJob>(RUN_JOB, { run_id: run.id }, { tx });
        any = true;
      }
    }
    return any;
  });
  if (queued) platform.jobs.wake(RUN_JOB);
}

/** A re-run: a new run of the same pipeline from the stored event, and its job. */
export async function queueRerun(platform: Platform, previous: RunRow): Promise<RunRow> {
  const row = await platform.database.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(pipelineRuns)
      .values({
        companyId: previous.companyId,
        pipelineId: previous.pipelineId,
        eventId: previous.eventId,
        event: previous.event,
        depth: previous.depth,
        rerunOf: previous.id,
        note: 'Re-run from the stored event',
      })
      .returning();
    await platform.jobs.send<TRunJob>(RUN_JOB, { run_id: run!.id }, { tx });
    return run!;
  });
  platform.jobs.wake(RUN_JOB);
  return row;
}
