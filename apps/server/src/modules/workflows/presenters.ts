import { asc, eq, inArray } from 'drizzle-orm';
import type {
  TWorkflowInstance,
  TWorkflowInstanceDetail,
  TWorkflowInstanceStep,
} from '@esigns/contracts/workflows';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import type { workflowData } from './schema';
import { workflowDataEvents, workflowDataSteps } from './schema';

/* Instances as the API answers them: their steps in the version's order, progress, timeline. */

export type WorkflowDataRow = typeof workflowData.$inferSelect;
export type WorkflowDataStepRow = typeof workflowDataSteps.$inferSelect;
type Reader = Pick<Db, 'select'>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toInstanceStep(row: WorkflowDataStepRow): TWorkflowInstanceStep {
  return {
    step_id: row.stepId,
    kind: row.kind,
    name: row.name,
    stage: row.stage,
    required: row.required,
    status: row.status,
    object_id: row.objectId,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** An instance row and its steps (in order) as answered. */
export function toInstance(row: WorkflowDataRow, steps: readonly WorkflowDataStepRow[]): TWorkflowInstance {
  const counted = steps.filter((s) => s.status !== 'SKIPPED');
  return {
    _id: row.id,
    workflow_id: row.workflowId,
    workflow_name: row.workflowName,
    version: row.version,
    status: row.status,
    primary:
      row.contactId || row.email
        ? { contact_id: row.contactId, email: row.email ?? '', name: row.name }
        : null,
    batch_id: row.batchId,
    steps: steps.map(toInstanceStep),
    progress: { done: counted.filter((s) => s.status === 'DONE').length, total: counted.length },
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    finished_at: iso(row.finishedAt),
    expires_at: iso(row.expiresAt),
  };
}

/** The steps of each instance, in order (one query). */
export async function stepsOfInstances(
  db: Reader,
  ids: readonly string[],
): Promise<Map<string, WorkflowDataStepRow[]>> {
  const result = new Map<string, WorkflowDataStepRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(workflowDataSteps)
    .where(inArray(workflowDataSteps.workflowDataId, [...ids]))
    .orderBy(asc(workflowDataSteps.workflowDataId), asc(workflowDataSteps.position));
  for (const row of rows) result.get(row.workflowDataId)?.push(row);
  return result;
}

/** Instance rows as answered, in the given order, with their steps (one more query). */
export async function presentInstances(
  db: Reader,
  rows: readonly WorkflowDataRow[],
): Promise<TWorkflowInstance[]> {
  const steps = await stepsOfInstances(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toInstance(row, steps.get(row.id) ?? []));
}

/** One instance with its steps and its timeline (oldest event first). */
export async function presentInstanceDetail(
  db: Reader,
  row: WorkflowDataRow,
): Promise<TWorkflowInstanceDetail> {
  const [[instance], events] = await Promise.all([
    presentInstances(db, [row]),
    db
      .select()
      .from(workflowDataEvents)
      .where(eq(workflowDataEvents.workflowDataId, row.id))
      .orderBy(asc(workflowDataEvents.seq)),
  ]);
  const names = await actorNames(
    db,
    events.map((e) => e.actor),
  );
  return {
    ...instance!,
    timeline: events.map((e) => ({
      at: e.at.toISOString(),
      event: e.event,
      step_id: e.stepId,
      actor: e.actor === null ? null : (names.get(e.actor) ?? e.actor),
      details: e.details,
    })),
  };
}

/**
 * Timeline actors stored as a user's id (staff's start, void, draft changes) answered as that
 * person's name (else their email); a person gone since stays "a former user". Names, emails and
 * 'system' are answered as stored.
 */
async function actorNames(db: Reader, actors: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.filter((a): a is string => a !== null && isUuid(a)))];
  const people = await findPeople(db, ids);
  return new Map(
    ids.map((id) => {
      const p = people.get(id);
      const name = p ? `${p.firstName} ${p.lastName}`.trim() || p.email : 'A former user';
      return [id, name];
    }),
  );
}
