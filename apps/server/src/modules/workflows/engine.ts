import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findWorkflowVersion } from './definitions-read';
import { nextMove, planStage } from './engine-plan';
import { endInstance } from './engine-end';
import {
  actorOf,
  commitAndSettle,
  markStarted,
  prepareStageDocuments,
  sentEvents,
  type Tx,
} from './engine-stage';
import { appendWorkflowEvents } from './instances-store';
import { stepsOfInstances, type WorkflowDataRow } from './presenters';
import { workflowData } from './schema';

/*
 * Starting an instance and each of its later stages, one instance at a time (a start chunk runs
 * many at once: `engine-start.ts`). The stage's documents are prepared before the transaction
 * (checks, PDF copies); then ONE transaction locks the instance, checks it is still in the state
 * the work was planned from (DRAFT for the start, IN_PROGRESS with the stage WAITING for a later
 * stage), creates every object of the stage (sent documents, document requests, form links) with
 * their mails queued, marks the steps DUE / SKIPPED and appends the timeline (`engine-stage.ts`).
 * A rerun after a crash finds the instance moved on and does nothing: each stage starts exactly
 * once.
 */

export { assignRoles, WORKFLOW_STAGE_JOB, type TWorkflowStageJob, type Tx } from './engine-stage';

/** A DRAFT without its contact cannot start. */
export const NO_CONTACT = () =>
  new AppError('CONFLICT', { message: 'Choose the contact of this workflow instance first' });

async function readInstance(db: Pick<Db, 'select'>, id: string): Promise<WorkflowDataRow | undefined> {
  const [row] = await db.select().from(workflowData).where(eq(workflowData.id, id)).limit(1);
  return row;
}

/**
 * Starts a DRAFT instance (`from` DRAFT) or its next stage (`from` IN_PROGRESS). Answers false when
 * there was nothing to do (already started, ended, or a stage still due). AppErrors (an inactive
 * template, a closed form...) come out before anything is written.
 */
export async function advanceInstance(
  platform: Platform,
  instanceId: string,
  from: 'DRAFT' | 'IN_PROGRESS',
  actorName: string | null = null,
): Promise<boolean> {
  const db = platform.database.db;
  const instance = await readInstance(db, instanceId);
  if (!instance || instance.status !== from) return false;
  // Past its expiry, a later stage waits for the expiry sweep (which ends the instance) instead.
  if (from === 'IN_PROGRESS' && instance.expiresAt && instance.expiresAt <= new Date()) return false;
  if (from === 'DRAFT' && !instance.contactId) throw NO_CONTACT();
  const version = await findWorkflowVersion(db, instance.companyId, instance.versionId);
  const steps = (await stepsOfInstances(db, [instance.id])).get(instance.id) ?? [];
  const move = nextMove(steps);
  if (move.kind !== 'stage') {
    if (from === 'DRAFT' || move.kind === 'wait')
      return from === 'DRAFT' ? startEmpty(platform, instance) : false;
    return finishFromMove(platform, instance.id, move.kind);
  }
  const plan = await planStage(db, instance.companyId, version.steps, steps, move.stage);
  const { ready, failed } = await prepareStageDocuments(platform, [
    { instance, plan, actor: actorOf(instance), documents: [] },
  ]);
  if (failed[0]) throw failed[0].error;
  return (await commitAndSettle(platform, ready, from, actorName)).length > 0;
}

/** A definition without steps: started and completed at once. */
async function startEmpty(platform: Platform, instance: WorkflowDataRow): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const locked = await lockInstance(tx, instance.id);
    if (!locked || locked.status !== 'DRAFT') return false;
    await markStarted(tx, [locked], new Date());
    await appendWorkflowEvents(tx, sentEvents([locked], null));
    await endInstance(platform, tx, locked.id, 'COMPLETED', {});
    return true;
  });
}

async function finishFromMove(
  platform: Platform,
  id: string,
  kind: 'declined' | 'completed',
): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const locked = await lockInstance(tx, id);
    if (!locked || locked.status !== 'IN_PROGRESS') return false;
    await endInstance(platform, tx, id, kind === 'declined' ? 'DECLINED' : 'COMPLETED', {});
    return true;
  });
}

export async function lockInstance(tx: Tx, id: string): Promise<WorkflowDataRow | undefined> {
  const [row] = await tx.select().from(workflowData).where(eq(workflowData.id, id)).for('update');
  return row;
}
