import { and, eq } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { TWorkflowTiming } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import type { LoadedWorkflow } from './definitions-read';
import { removeOrphanVersions } from './definitions-write';
import { workflowData, workflowDataEvents, workflowDataSteps } from './schema';

/*
 * Writing instances' rows: DRAFT instances with their steps (WAITING), copied from a definition's
 * version, and timeline events. The engine (start, progress) changes their status afterwards.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Writer = Pick<Db, 'insert'>;

/** The primary person of one new instance (a contact's id with its email and name, or none yet). */
export type InstancePerson = { contactId: string | null; email: string | null; name: string };

export type NewInstances = {
  companyId: string;
  /** Load it with `loadWorkflow(tx, companyId, id, { lock: 'share' })` in the same transaction. */
  loaded: LoadedWorkflow;
  people: readonly InstancePerson[];
  batchId?: string | null;
  createdBy: string | null;
  /** The instances' timing; by default the version's. */
  timing?: TWorkflowTiming;
  /** Who made them, for the timeline's `created` event. */
  actor?: string | null;
};

export type WorkflowEventInput = {
  workflowDataId: string;
  event: string;
  stepId?: string | null;
  actor?: string | null;
  details?: Record<string, unknown>;
  at?: Date;
};

/** Appends events to instances' timelines (one statement). */
export async function appendWorkflowEvents(db: Writer, events: readonly WorkflowEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(workflowDataEvents).values(
    events.map((e) => ({
      workflowDataId: e.workflowDataId,
      event: e.event,
      stepId: e.stepId ?? null,
      actor: e.actor ?? null,
      details: e.details ?? {},
      ...(e.at ? { at: e.at } : {}),
    })),
  );
}

/**
 * DRAFT instances of the loaded version, one per person, each with its steps WAITING and a
 * `created` event; answers their ids in the order of `people`. Call inside a transaction.
 */
export async function createDraftInstances(db: Writer, input: NewInstances): Promise<string[]> {
  if (input.people.length === 0) return [];
  const { workflow, version } = input.loaded;
  const rows = await db
    .insert(workflowData)
    .values(
      input.people.map((p) => ({
        companyId: input.companyId,
        workflowId: workflow.id,
        workflowName: workflow.name,
        versionId: version.id,
        version: version.version,
        contactId: p.contactId,
        email: p.email,
        name: p.name,
        timing: input.timing ?? version.timing,
        batchId: input.batchId ?? null,
        createdBy: input.createdBy,
      })),
    )
    .returning({ id: workflowData.id });
  const ids = rows.map((r) => r.id);
  const steps = ids.flatMap((workflowDataId) =>
    version.steps.map((step, position) => ({
      workflowDataId,
      stepId: step.id,
      position,
      kind: step.kind,
      name: step.name,
      stage: step.stage,
      required: step.required,
    })),
  );
  if (steps.length > 0) await db.insert(workflowDataSteps).values(steps);
  await appendWorkflowEvents(
    db,
    ids.map((workflowDataId) => ({
      workflowDataId,
      event: 'created',
      actor: input.actor ?? null,
      details: { version: version.version },
    })),
  );
  return ids;
}

/**
 * `POST /workflow/{id}/PermanentDeleteDraftDocument`: a DRAFT instance (`id` is the workflow data
 * id) deleted for good with its steps and timeline; any other status: 409.
 */
export async function deleteDraftInstance(db: Db, access: AccessContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Workflow data');
  await db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .select({ status: workflowData.status })
      .from(workflowData)
      .where(and(eq(workflowData.id, id), eq(workflowData.companyId, access.companyId)))
      .limit(1)
      .for('update');
    if (!row) throw notFound('Workflow data');
    if (row.status !== 'DRAFT') {
      throw new AppError('CONFLICT', { message: 'Only a draft that was never sent can be deleted for good' });
    }
    await tx.delete(workflowData).where(eq(workflowData.id, id));
    await removeOrphanVersions(tx, access.companyId);
  });
}
