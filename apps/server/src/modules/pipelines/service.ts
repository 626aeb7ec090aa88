import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '@esigns/contracts/ids';
import {
  isRecordEvent,
  type TPipeline,
  type TPipelineSchedule,
  type TPipelineTrigger,
  type ZCreatePipelineRequest,
  type ZPipelineListQuery,
  type ZUpdatePipelineRequest,
} from '@esigns/contracts/pipelines';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { entitySummaries } from '../entities';
import type { AccessContext } from '../permissions';
import { checkDefinition, detail } from './checks';
import { nextRunAfter } from './schedule';
import { pipelineRuns, pipelines } from './schema';

/*
 * Pipelines' definitions: create, update (enable, disable), delete, list and read. The event
 * interest (`platform.events.setInterest`) changes in the same transaction as the row, so a
 * pipeline listens exactly while it exists and is enabled.
 */

export const SUBSCRIBER = 'pipelines';

export type PipelineRow = typeof pipelines.$inferSelect;
type CreateInput = z.output<typeof ZCreatePipelineRequest>;
type UpdateInput = z.output<typeof ZUpdatePipelineRequest>;

async function keepInterest(platform: Platform, tx: Db, row: PipelineRow): Promise<void> {
  const trigger = row.trigger === 'schedule' ? null : row.trigger;
  await platform.events.setInterest(
    tx,
    SUBSCRIBER,
    row.companyId,
    row.id,
    row.enabled && trigger ? [trigger] : [],
  );
}

/**
 * A schedule trigger's schedule (422 without one) and its next slot from now; other triggers keep
 * neither. A disabled pipeline has no next slot: enabled again, it starts from then.
 */
function scheduleOf(
  trigger: TPipelineTrigger,
  schedule: TPipelineSchedule | null | undefined,
  enabled: boolean,
): { schedule: TPipelineSchedule | null; nextRunAt: Date | null } {
  if (trigger !== 'schedule') return { schedule: null, nextRunAt: null };
  if (!schedule) {
    const message = 'Say when the pipeline runs';
    throw validationError([detail(['schedule'], message)], message);
  }
  return { schedule, nextRunAt: enabled ? nextRunAfter(schedule, new Date()) : null };
}

/** Present rows with their entity's name and last run (two queries). */
async function present(db: Db, companyId: string, rows: readonly PipelineRow[]): Promise<TPipeline[]> {
  if (rows.length === 0) return [];
  const names = await entitySummaries(
    db,
    companyId,
    rows.flatMap((r) => (r.entityId ? [r.entityId] : [])),
  );
  const last = await db
    .selectDistinctOn([pipelineRuns.pipelineId], {
      pipelineId: pipelineRuns.pipelineId,
      status: pipelineRuns.status,
      createdAt: pipelineRuns.createdAt,
    })
    .from(pipelineRuns)
    .where(
      inArray(
        pipelineRuns.pipelineId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(pipelineRuns.pipelineId, desc(pipelineRuns.createdAt));
  const lastBy = new Map(last.map((l) => [l.pipelineId, l]));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger,
    entity_id: row.entityId,
    entity_name: row.entityId ? (names.get(row.entityId)?.name ?? null) : null,
    schedule: row.schedule,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    conditions: row.conditions,
    actions: row.actions,
    last_run_status: lastBy.get(row.id)?.status ?? null,
    last_run_at: lastBy.get(row.id)?.createdAt.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The company's pipeline, or 404 (another company's too). */
export async function findPipeline(
  db: Db,
  companyId: string,
  id: string,
  lock = false,
): Promise<PipelineRow> {
  if (!isUuid(id)) throw notFound('Pipeline');
  const query = db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.id, id), eq(pipelines.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Pipeline');
  return row;
}

export async function readPipeline(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TPipeline> {
  const db = platform.database.db;
  const [one] = await present(db, access.companyId, [await findPipeline(db, access.companyId, id)]);
  return one!;
}

export async function listPipelines(
  platform: Platform,
  access: AccessContext,
  query: z.output<typeof ZPipelineListQuery>,
): Promise<{ rows: TPipeline[]; total: number }> {
  const db = platform.database.db;
  const where = and(
    eq(pipelines.companyId, access.companyId),
    query.search ? ilike(pipelines.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pipelines)
      .where(where)
      .orderBy(desc(pipelines.updatedAt), desc(pipelines.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(pipelines).where(where),
  ]);
  return { rows: await present(db, access.companyId, rows), total: total?.n ?? 0 };
}

export async function createPipeline(
  platform: Platform,
  access: AccessContext,
  input: CreateInput,
): Promise<TPipeline> {
  const db = platform.database.db;
  const entityId = isRecordEvent(input.trigger) ? input.entity_id : null;
  const timing = scheduleOf(input.trigger, input.schedule, input.enabled);
  await checkDefinition(platform, access.companyId, { ...input, entityId });
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pipelines)
      .values({
        companyId: access.companyId,
        name: input.name,
        enabled: input.enabled,
        trigger: input.trigger,
        entityId,
        ...timing,
        conditions: input.conditions,
        actions: input.actions,
        createdBy: access.userId || null,
        updatedBy: access.userId || null,
      })
      .returning();
    await keepInterest(platform, tx, inserted!);
    return inserted!;
  });
  const [one] = await present(db, access.companyId, [row]);
  return one!;
}

export async function updatePipeline(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: UpdateInput,
): Promise<TPipeline> {
  const db = platform.database.db;
  const current = await findPipeline(db, access.companyId, id);
  const trigger = input.trigger ?? current.trigger;
  const next = {
    trigger,
    entityId: isRecordEvent(trigger)
      ? input.entity_id !== undefined
        ? input.entity_id
        : current.entityId
      : null,
    conditions: input.conditions ?? current.conditions,
    actions: input.actions ?? current.actions,
  };
  const enabled = input.enabled ?? current.enabled;
  const schedule = input.schedule !== undefined ? input.schedule : current.schedule;
  const timing = scheduleOf(trigger, schedule, enabled);
  // The next slot moves only when the schedule or the switch changed (a rename keeps it).
  const keepSlot =
    current.nextRunAt !== null &&
    enabled === current.enabled &&
    JSON.stringify(timing.schedule) === JSON.stringify(current.schedule);
  await checkDefinition(platform, access.companyId, next);
  const row = await db.transaction(async (tx) => {
    await findPipeline(tx, access.companyId, id, true);
    const [updated] = await tx
      .update(pipelines)
      .set({
        ...next,
        schedule: timing.schedule,
        nextRunAt: keepSlot ? current.nextRunAt : timing.nextRunAt,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedBy: access.userId || null,
        updatedAt: sql`now()`,
      })
      .where(eq(pipelines.id, id))
      .returning();
    await keepInterest(platform, tx, updated!);
    return updated!;
  });
  const [one] = await present(db, access.companyId, [row]);
  return one!;
}

/** Deleted with its runs; it stops listening in the same transaction. */
export async function deletePipeline(platform: Platform, access: AccessContext, id: string): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const row = await findPipeline(tx, access.companyId, id, true);
    await tx.delete(pipelines).where(eq(pipelines.id, row.id));
    await platform.events.setInterest(tx, SUBSCRIBER, row.companyId, row.id, []);
  });
}
