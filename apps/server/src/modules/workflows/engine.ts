import { and, eq, inArray } from 'drizzle-orm';
import type { TWorkflowStep } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import {
  insertDocumentRequest,
  loadSenderInfo,
  prepareTemplateSend,
  settlePreparedSends,
  storePreparedSends,
  type PreparedSend,
  type SendActor,
  type SenderInfo,
  type TemplatePerson,
  type TemplateRole,
} from '../documents';
import { sendFormToContact } from '../form-submissions';
import { companyDateStyle } from '../settings';
import { findWorkflowVersion } from './definitions-read';
import { nextMove, planStage, stepDocumentSettings, type StagePlan } from './engine-plan';
import { endInstance } from './engine-end';
import { appendWorkflowEvents } from './instances-store';
import { stepsOfInstances, type WorkflowDataRow } from './presenters';
import { workflowData, workflowDataSteps } from './schema';

/*
 * Starting an instance and each of its later stages. The stage's documents are prepared before the
 * transaction (checks, PDF copies); then ONE transaction locks the instance, checks it is still in
 * the state the work was planned from (DRAFT for the start, IN_PROGRESS with the stage WAITING for
 * a later stage), creates every object of the stage (sent documents, document requests, form
 * links) with their mails queued, marks the steps DUE / SKIPPED and appends the timeline. A rerun
 * after a crash finds the instance moved on and does nothing: each stage starts exactly once.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The job that starts an IN_PROGRESS instance's next stage (queued in the transaction that ended the last one). */
export const WORKFLOW_STAGE_JOB = 'workflows.stage';
export type TWorkflowStageJob = { workflow_data_id: string };

type Prepared = { stepId: string; send: PreparedSend };

/** Who the stage's objects are sent as: the instance's creator. */
function actorOf(instance: WorkflowDataRow): SendActor {
  if (!instance.createdBy) {
    throw new AppError('CONFLICT', { message: 'The person who created this workflow instance is gone' });
  }
  return { companyId: instance.companyId, userId: instance.createdBy };
}

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
  if (from === 'DRAFT' && !instance.contactId) {
    throw new AppError('CONFLICT', { message: 'Choose the contact of this workflow instance first' });
  }
  const version = await findWorkflowVersion(db, instance.companyId, instance.versionId);
  const steps = (await stepsOfInstances(db, [instance.id])).get(instance.id) ?? [];
  const move = nextMove(steps);
  if (move.kind !== 'stage') {
    if (from === 'DRAFT' || move.kind === 'wait')
      return from === 'DRAFT' ? startEmpty(platform, instance) : false;
    return finishFromMove(platform, instance.id, move.kind);
  }
  const plan = await planStage(db, instance.companyId, version.steps, steps, move.stage);
  const actor = actorOf(instance);
  const sender = await loadSenderInfo(db, instance.companyId, actor.userId);
  const prepared = await prepareDocuments(platform, instance, plan, actor);
  let results: Awaited<ReturnType<typeof storePreparedSends>> | null;
  try {
    results = await db.transaction((tx) =>
      commitStage(platform, tx, { instance, plan, prepared, actor, sender, from, actorName }),
    );
  } catch (err) {
    await settlePreparedSends(
      platform,
      actor,
      prepared.map((p) => p.send),
    );
    throw err;
  }
  await settlePreparedSends(
    platform,
    actor,
    prepared.map((p) => p.send),
    results ?? undefined,
  );
  if (results) {
    platform.jobs.wake(MAIL_SEND_JOB);
    platform.jobs.wake(WORKFLOW_STAGE_JOB);
  }
  return results !== null;
}

/** A definition without steps: started and completed at once. */
async function startEmpty(platform: Platform, instance: WorkflowDataRow): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const locked = await lockInstance(tx, instance.id);
    if (!locked || locked.status !== 'DRAFT') return false;
    await markStarted(tx, locked, null);
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

/** The stage's templates filled for the primary contact (and the roles the step maps), PDFs copied. */
async function prepareDocuments(
  platform: Platform,
  instance: WorkflowDataRow,
  plan: StagePlan,
  actor: SendActor,
): Promise<Prepared[]> {
  const out: Prepared[] = [];
  try {
    for (const { step, run } of plan.steps) {
      if (!run || (step.kind !== 'custom' && step.kind !== 'static') || !step.template_id) continue;
      const people = await stepPeople(platform, instance, step);
      const send = await prepareTemplateSend(platform, actor, {
        templateId: step.template_id,
        sendKey: `workflow:${instance.id}:${step.id}`,
        name: `${step.name} (${instance.workflowName})`,
        settings: stepDocumentSettings(instance),
        assign: (roles) => assignRoles(roles, step, people),
      });
      out.push({ stepId: step.id, send });
    }
  } catch (err) {
    await settlePreparedSends(
      platform,
      actor,
      out.map((p) => p.send),
    );
    throw err;
  }
  return out;
}

type StepPeople = {
  primary: TemplatePerson;
  users: Map<string, { email: string; first: string; last: string }>;
};

async function stepPeople(
  platform: Platform,
  instance: WorkflowDataRow,
  step: TWorkflowStep,
): Promise<StepPeople> {
  const userIds = step.recipients.flatMap((r) => (r.source === 'USER' ? [r.user_id] : []));
  const found = await findPeople(platform.database.db, userIds);
  const [first, ...rest] = instance.name.split(' ');
  return {
    primary: {
      key: '',
      email: instance.email ?? '',
      first_name: first ?? '',
      last_name: rest.join(' '),
      contact_id: instance.contactId,
    },
    users: new Map(
      [...found].map(([id, p]) => [id, { email: p.email, first: p.firstName, last: p.lastName }]),
    ),
  };
}

/** Each role's person: as the step maps it; an unmapped role of a one-role template is the primary person. */
export function assignRoles(
  roles: readonly TemplateRole[],
  step: TWorkflowStep,
  people: StepPeople,
): TemplatePerson[] {
  const out: TemplatePerson[] = [];
  for (const role of roles) {
    const mapped = step.recipients.find((r) => r.role_key === role.key);
    if (!mapped) {
      if (roles.length === 1) out.push({ ...people.primary, key: role.key });
      continue;
    }
    if (mapped.source === 'PRIMARY') out.push({ ...people.primary, key: role.key });
    else if (mapped.source === 'EMAIL') {
      out.push({
        key: role.key,
        email: mapped.email,
        first_name: mapped.first_name,
        last_name: mapped.last_name,
      });
    } else {
      const user = people.users.get(mapped.user_id);
      if (!user) throw new AppError('CONFLICT', { message: `A user named by the step ${step.name} is gone` });
      out.push({ key: role.key, email: user.email, first_name: user.first, last_name: user.last });
    }
  }
  return out;
}

type StageCommit = {
  instance: WorkflowDataRow;
  plan: StagePlan;
  prepared: Prepared[];
  actor: SendActor;
  sender: SenderInfo;
  from: 'DRAFT' | 'IN_PROGRESS';
  actorName: string | null;
};

/** The stage's writes, in one transaction; null when the instance moved on since it was planned. */
async function commitStage(platform: Platform, tx: Tx, c: StageCommit) {
  const locked = await lockInstance(tx, c.instance.id);
  if (!locked || locked.status !== c.from) return null;
  const ids = c.plan.steps.map((s) => s.row.id);
  const current = ids.length
    ? await tx.select().from(workflowDataSteps).where(inArray(workflowDataSteps.id, ids)).for('update')
    : [];
  if (current.some((s) => s.status !== 'WAITING')) return null;
  if (c.from === 'DRAFT') await markStarted(tx, locked, c.actorName);
  const results = await storePreparedSends(
    platform,
    tx,
    c.actor,
    c.prepared.map((p) => p.send),
    c.sender,
  );
  const objects = new Map(c.prepared.map((p, i) => [p.stepId, results[i]!.employeeDocumentId]));
  const now = new Date();
  const dates = await companyDateStyle(tx, locked.companyId);
  for (const { row, step, run } of c.plan.steps) {
    let objectId = objects.get(step.id) ?? null;
    if (run && step.kind === 'requested')
      objectId = await requestUpload(platform, tx, locked, step, c, dates);
    if (run && step.kind === 'form') {
      objectId = await sendFormToContact(platform, tx, {
        companyId: locked.companyId,
        formBuilderId: step.form_builder_id!,
        contact: { id: locked.contactId!, email: locked.email ?? '', name: locked.name },
        sender: c.sender,
        createdBy: c.actor.userId,
      });
    }
    await tx
      .update(workflowDataSteps)
      .set(
        run
          ? { status: 'DUE', objectId, startedAt: now, updatedAt: now }
          : { status: 'SKIPPED', startedAt: now, finishedAt: now, updatedAt: now },
      )
      .where(eq(workflowDataSteps.id, row.id));
  }
  await appendWorkflowEvents(
    tx,
    c.plan.steps.map(({ step, run }) => ({
      workflowDataId: locked.id,
      event: run ? 'step_due' : 'step_skipped',
      stepId: step.id,
      details: run
        ? { stage: c.plan.stage, object_id: objects.get(step.id) ?? null }
        : { reason: 'condition' },
    })),
  );
  // A stage whose steps were all skipped: the next one starts at once.
  if (c.plan.steps.every((s) => !s.run)) {
    await platform.jobs.send<TWorkflowStageJob>(WORKFLOW_STAGE_JOB, { workflow_data_id: locked.id }, { tx });
  }
  return results;
}

async function requestUpload(
  platform: Platform,
  tx: Tx,
  instance: WorkflowDataRow,
  step: TWorkflowStep,
  c: StageCommit,
  dates: Awaited<ReturnType<typeof companyDateStyle>>,
): Promise<string> {
  const [first] = instance.name.split(' ');
  return insertDocumentRequest(platform, tx, {
    companyId: instance.companyId,
    requestedBy: c.actor.userId,
    contact: { id: instance.contactId!, email: instance.email ?? '', firstName: first ?? '' },
    cardType: step.card_type,
    message: step.description || `${step.name} (${instance.workflowName})`,
    dueAt: instance.expiresAt,
    requester: c.sender,
    dates,
    packetId: instance.id,
  });
}

/** DRAFT -> IN_PROGRESS with its sending date and expiry, logged `sent`. */
async function markStarted(tx: Tx, instance: WorkflowDataRow, actorName: string | null): Promise<void> {
  const now = new Date();
  const days = instance.timing.expire_after_days;
  const expiresAt = days ? new Date(now.getTime() + days * 86_400_000) : null;
  await tx
    .update(workflowData)
    .set({ status: 'IN_PROGRESS', sentAt: now, expiresAt, updatedAt: now })
    .where(and(eq(workflowData.id, instance.id), eq(workflowData.status, 'DRAFT')));
  instance.expiresAt = expiresAt;
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: instance.id,
      event: 'sent',
      actor: actorName,
      details: { expires_at: expiresAt?.toISOString() ?? null },
    },
  ]);
}
