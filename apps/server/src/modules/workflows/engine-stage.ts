import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TWorkflowStep } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import {
  insertDocumentRequests,
  loadSenderInfo,
  prepareTemplateSends,
  settlePreparedSends,
  storePreparedSends,
  type PreparedSend,
  type SendActor,
  type SenderInfo,
  type TemplatePerson,
  type TemplateRole,
  type TemplateSendItem,
} from '../documents';
import { sendFormToContact } from '../form-submissions';
import { companyDateStyle } from '../settings';
import { stepDocumentSettings, type StagePlan } from './engine-plan';
import { appendWorkflowEvents, type WorkflowEventInput } from './instances-store';
import type { WorkflowDataRow } from './presenters';
import { workflowData, workflowDataSteps } from './schema';

/*
 * The work of starting a stage, for one instance or many at once (a start chunk of 50): the
 * stage's documents prepared before the transaction (each template read once, its PDF read once
 * and copied per document), then in the caller's ONE transaction every instance locked and
 * checked still where it was planned from (DRAFT, or IN_PROGRESS with the stage WAITING), and the
 * objects of those that are stored with multi-row inserts: documents with their recipients and
 * logs (documents' `storePreparedSends`), document requests (`insertDocumentRequests`), form links
 * one by one (form-submissions' `sendFormToContact`), their mails queued; the steps marked DUE /
 * SKIPPED in one statement, the timelines in one insert.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The job that starts an IN_PROGRESS instance's next stage (queued in the transaction that ended the last one). */
export const WORKFLOW_STAGE_JOB = 'workflows.stage';
export type TWorkflowStageJob = { workflow_data_id: string };

/** One instance's stage to start: its plan, who sends, and (once prepared) its documents by step. */
export type StageStart = {
  instance: WorkflowDataRow;
  plan: StagePlan;
  actor: SendActor;
  documents: { stepId: string; send: PreparedSend }[];
};

/** An instance that cannot start (an AppError before anything was written): logged `start_failed`. */
export type StartFailure = { id: string; error: AppError };

/** Who the stage's objects are sent as: the instance's creator. */
export function actorOf(instance: WorkflowDataRow): SendActor {
  if (!instance.createdBy) {
    throw new AppError('CONFLICT', { message: 'The person who created this workflow instance is gone' });
  }
  return { companyId: instance.companyId, userId: instance.createdBy };
}

type StepPeople = {
  primary: TemplatePerson;
  users: ReadonlyMap<string, { email: string; first: string; last: string }>;
};

/** The users the stages' template steps name (one query for every instance). */
async function usersOfSteps(platform: Platform, starts: readonly StageStart[]): Promise<StepPeople['users']> {
  const ids = starts.flatMap((s) =>
    s.plan.steps.flatMap(({ step }) =>
      step.recipients.flatMap((r) => (r.source === 'USER' ? [r.user_id] : [])),
    ),
  );
  const found = await findPeople(platform.database.db, ids);
  return new Map([...found].map(([id, p]) => [id, { email: p.email, first: p.firstName, last: p.lastName }]));
}

function primaryOf(instance: WorkflowDataRow): TemplatePerson {
  const [first, ...rest] = instance.name.split(' ');
  return {
    key: '',
    email: instance.email ?? '',
    first_name: first ?? '',
    last_name: rest.join(' '),
    contact_id: instance.contactId,
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

type DocumentItem = { start: StageStart; stepId: string; item: TemplateSendItem };

/**
 * The stages' templates filled for each primary contact (and the roles the steps map), PDFs
 * copied: one `prepareTemplateSends` per sender and template. Answers the starts ready to store
 * (their `documents` set) and those refused (their copies dropped).
 */
export async function prepareStageDocuments(
  platform: Platform,
  starts: readonly StageStart[],
): Promise<{ ready: StageStart[]; failed: StartFailure[] }> {
  const users = await usersOfSteps(platform, starts);
  const groups = new Map<string, { actor: SendActor; templateId: string; items: DocumentItem[] }>();
  for (const start of starts) {
    const people = { primary: primaryOf(start.instance), users };
    for (const { step, run } of start.plan.steps) {
      if (!run || (step.kind !== 'custom' && step.kind !== 'static') || !step.template_id) continue;
      const key = `${start.actor.userId}\n${step.template_id}`;
      const group = groups.get(key) ?? { actor: start.actor, templateId: step.template_id, items: [] };
      groups.set(key, group);
      group.items.push({
        start,
        stepId: step.id,
        item: {
          sendKey: `workflow:${start.instance.id}:${step.id}`,
          name: `${step.name} (${start.instance.workflowName})`,
          settings: stepDocumentSettings(start.instance),
          assign: (roles) => assignRoles(roles, step, people),
        },
      });
    }
  }
  const refused = new Map<string, AppError>();
  try {
    for (const group of groups.values()) {
      const prepared = await prepareTemplateSends(
        platform,
        group.actor,
        group.templateId,
        group.items.map((i) => i.item),
      );
      prepared.forEach((result, k) => {
        const { start, stepId } = group.items[k]!;
        if ('error' in result) {
          if (!refused.has(start.instance.id)) refused.set(start.instance.id, result.error);
        } else start.documents.push({ stepId, send: result });
      });
    }
  } catch (err) {
    await dropDocuments(platform, starts);
    throw err;
  }
  const failed = starts.filter((s) => refused.has(s.instance.id));
  await dropDocuments(platform, failed);
  return {
    ready: starts.filter((s) => !refused.has(s.instance.id)),
    failed: failed.map((s) => ({ id: s.instance.id, error: refused.get(s.instance.id)! })),
  };
}

/** The PDF copies of starts that were not stored (refused, moved on, or rolled back). */
export async function dropDocuments(platform: Platform, starts: readonly StageStart[]): Promise<void> {
  for (const start of starts) {
    await settlePreparedSends(
      platform,
      start.actor,
      start.documents.map((d) => d.send),
    );
    start.documents = [];
  }
}

type SenderOf = (actor: SendActor) => SenderInfo;

/**
 * The sender of each actor's mails, read once per chunk BEFORE the transaction (on PGlite a read
 * outside the transaction while it runs would wait for it forever).
 */
async function loadSenders(platform: Platform, starts: readonly StageStart[]): Promise<SenderOf> {
  const keyOf = (actor: SendActor) => `${actor.companyId}\n${actor.userId}`;
  const senders = new Map<string, SenderInfo>();
  for (const { actor } of starts) {
    if (!senders.has(keyOf(actor)))
      senders.set(keyOf(actor), await loadSenderInfo(platform.database.db, actor.companyId, actor.userId));
  }
  return (actor) => senders.get(keyOf(actor))!;
}

type StoredStart = { start: StageStart; results: Awaited<ReturnType<typeof storePreparedSends>> };

/**
 * Prepared starts stored in ONE transaction (`commitStages`), after letting waiting requests go
 * first on PGlite (`giveWay`: its one connection would otherwise serve nothing else meanwhile);
 * then the stored documents settled and the workers woken, the others' copies dropped (all of
 * them when the transaction failed). Answers the ids of the instances whose stage started.
 */
export async function commitAndSettle(
  platform: Platform,
  starts: readonly StageStart[],
  from: 'DRAFT' | 'IN_PROGRESS',
  actorName: string | null,
): Promise<string[]> {
  if (starts.length === 0) return [];
  const senderOf = await loadSenders(platform, starts);
  await platform.database.giveWay();
  let stored: StoredStart[];
  try {
    stored = await platform.database.db.transaction((tx) =>
      commitStages(platform, tx, { starts, from, actorName, senderOf }),
    );
  } catch (err) {
    await dropDocuments(platform, starts);
    throw err;
  }
  const storedIds = new Set(stored.map((s) => s.start.instance.id));
  await dropDocuments(
    platform,
    starts.filter((s) => !storedIds.has(s.instance.id)),
  );
  for (const { start, results } of stored) {
    await settlePreparedSends(
      platform,
      start.actor,
      start.documents.map((d) => d.send),
      results,
    );
  }
  if (stored.length > 0) {
    platform.jobs.wake(MAIL_SEND_JOB);
    platform.jobs.wake(WORKFLOW_STAGE_JOB);
  }
  return [...storedIds];
}

/**
 * The stages' writes in the caller's transaction. Locks the instances (by id) and their stage
 * steps; a start whose instance is no longer `from` (or whose steps are no longer WAITING) is
 * left out: it was started by an earlier run. Answers the stored starts with their documents'
 * results (the others' copies are the caller's to drop).
 */
async function commitStages(
  platform: Platform,
  tx: Tx,
  c: {
    starts: readonly StageStart[];
    from: 'DRAFT' | 'IN_PROGRESS';
    actorName: string | null;
    senderOf: SenderOf;
  },
): Promise<StoredStart[]> {
  const live = await lockLive(tx, c.starts, c.from);
  if (live.length === 0) return [];
  const now = new Date();
  const events: WorkflowEventInput[] = [];
  if (c.from === 'DRAFT') {
    const instances = live.map((s) => s.instance);
    await markStarted(tx, instances, now);
    events.push(...sentEvents(instances, c.actorName));
  }
  const objects = new Map<string, string | null>();
  const stored = await storeDocuments(platform, tx, live, c.senderOf, objects);
  await createStepObjects(platform, tx, live, c.senderOf, objects);
  await markSteps(tx, live, objects, now);
  for (const start of live) {
    for (const { step, run } of start.plan.steps) {
      events.push({
        workflowDataId: start.instance.id,
        event: run ? 'step_due' : 'step_skipped',
        stepId: step.id,
        details: run
          ? { stage: start.plan.stage, object_id: objects.get(`${start.instance.id}\n${step.id}`) ?? null }
          : { reason: 'condition' },
      });
    }
  }
  await appendWorkflowEvents(tx, events);
  // A stage whose steps were all skipped: the next one starts at once.
  for (const start of live) {
    if (start.plan.steps.every((s) => !s.run)) {
      await platform.jobs.send<TWorkflowStageJob>(
        WORKFLOW_STAGE_JOB,
        { workflow_data_id: start.instance.id },
        { tx },
      );
    }
  }
  return stored;
}

/**
 * The starts' documents with their recipients, mails and logs: one `storePreparedSends` per
 * sender (one for a chunk of one definition), their ids set in `objects`.
 */
async function storeDocuments(
  platform: Platform,
  tx: Tx,
  live: readonly StageStart[],
  senderOf: SenderOf,
  objects: Map<string, string | null>,
): Promise<StoredStart[]> {
  const byActor = new Map<string, StageStart[]>();
  for (const start of live) {
    const key = `${start.actor.companyId}\n${start.actor.userId}`;
    byActor.set(key, [...(byActor.get(key) ?? []), start]);
  }
  const stored: StoredStart[] = [];
  for (const starts of byActor.values()) {
    const actor = starts[0]!.actor;
    const results = await storePreparedSends(
      platform,
      tx,
      actor,
      starts.flatMap((s) => s.documents.map((d) => d.send)),
      senderOf(actor),
    );
    let next = 0;
    for (const start of starts) {
      const own = results.slice(next, next + start.documents.length);
      next += start.documents.length;
      start.documents.forEach((d, i) =>
        objects.set(`${start.instance.id}\n${d.stepId}`, own[i]!.employeeDocumentId),
      );
      stored.push({ start, results: own });
    }
  }
  return stored;
}

/** The starts whose instance (locked, in id order) is still `from` with every stage step WAITING. */
async function lockLive(tx: Tx, starts: readonly StageStart[], from: 'DRAFT' | 'IN_PROGRESS') {
  if (starts.length === 0) return [];
  const ids = starts.map((s) => s.instance.id).sort();
  const locked = await tx
    .select({ id: workflowData.id, status: workflowData.status })
    .from(workflowData)
    .where(inArray(workflowData.id, ids))
    .orderBy(workflowData.id)
    .for('update');
  const still = new Set(locked.filter((r) => r.status === from).map((r) => r.id));
  const stepIds = starts.flatMap((s) => (still.has(s.instance.id) ? s.plan.steps.map((p) => p.row.id) : []));
  const steps = stepIds.length
    ? await tx
        .select({
          id: workflowDataSteps.id,
          instance: workflowDataSteps.workflowDataId,
          status: workflowDataSteps.status,
        })
        .from(workflowDataSteps)
        .where(inArray(workflowDataSteps.id, stepIds))
        .orderBy(workflowDataSteps.id)
        .for('update')
    : [];
  for (const s of steps) if (s.status !== 'WAITING') still.delete(s.instance);
  return starts.filter((s) => still.has(s.instance.id));
}

/**
 * DRAFT -> IN_PROGRESS with the sending date and each one's expiry (one statement per expiry
 * length, so one for a chunk of one definition); the rows given are updated to match.
 */
export async function markStarted(tx: Tx, instances: readonly WorkflowDataRow[], now: Date): Promise<void> {
  const byDays = new Map<number | null, string[]>();
  for (const instance of instances) {
    const days = instance.timing.expire_after_days ?? null;
    byDays.set(days, [...(byDays.get(days) ?? []), instance.id]);
  }
  const expiry = new Map<string, Date | null>();
  for (const [days, ids] of byDays) {
    const expiresAt = days ? new Date(now.getTime() + days * 86_400_000) : null;
    await tx
      .update(workflowData)
      .set({ status: 'IN_PROGRESS', sentAt: now, expiresAt, updatedAt: now })
      .where(and(inArray(workflowData.id, ids), eq(workflowData.status, 'DRAFT')));
    for (const id of ids) expiry.set(id, expiresAt);
  }
  for (const instance of instances) {
    instance.status = 'IN_PROGRESS';
    instance.sentAt = now;
    instance.expiresAt = expiry.get(instance.id) ?? null;
  }
}

/** The `sent` event of each started instance. */
export function sentEvents(
  instances: readonly WorkflowDataRow[],
  actorName: string | null,
): WorkflowEventInput[] {
  return instances.map((row) => ({
    workflowDataId: row.id,
    event: 'sent',
    actor: actorName,
    details: { expires_at: row.expiresAt?.toISOString() ?? null },
  }));
}

/** The stages' document requests (one insert) and form links, their ids set in `objects`. */
async function createStepObjects(
  platform: Platform,
  tx: Tx,
  live: readonly StageStart[],
  senderOf: SenderOf,
  objects: Map<string, string | null>,
): Promise<void> {
  const requests: { key: string; input: Parameters<typeof insertDocumentRequests>[2][number] }[] = [];
  const dates = new Map<string, Awaited<ReturnType<typeof companyDateStyle>>>();
  for (const start of live) {
    const { instance, actor } = start;
    for (const { step, run } of start.plan.steps) {
      const key = `${instance.id}\n${step.id}`;
      if (!run || (step.kind !== 'requested' && step.kind !== 'form')) continue;
      const sender = senderOf(actor);
      if (step.kind === 'form') {
        objects.set(
          key,
          await sendFormToContact(platform, tx, {
            companyId: instance.companyId,
            formBuilderId: step.form_builder_id!,
            contact: { id: instance.contactId!, email: instance.email ?? '', name: instance.name },
            sender,
            createdBy: actor.userId,
          }),
        );
        continue;
      }
      if (!dates.has(instance.companyId))
        dates.set(instance.companyId, await companyDateStyle(tx, instance.companyId));
      const [first] = instance.name.split(' ');
      requests.push({
        key,
        input: {
          companyId: instance.companyId,
          requestedBy: actor.userId,
          contact: { id: instance.contactId!, email: instance.email ?? '', firstName: first ?? '' },
          cardType: step.card_type,
          message: step.description || `${step.name} (${instance.workflowName})`,
          dueAt: instance.expiresAt,
          requester: sender,
          dates: dates.get(instance.companyId)!,
          packetId: instance.id,
        },
      });
    }
  }
  const ids = await insertDocumentRequests(
    platform,
    tx,
    requests.map((r) => r.input),
  );
  requests.forEach((r, i) => objects.set(r.key, ids[i]!));
}

/**
 * Every stage step DUE with its object (one statement), or SKIPPED by its condition (one more).
 * By id through the primary key: a join with a VALUES list let the planner scan the whole table.
 */
async function markSteps(
  tx: Tx,
  live: readonly StageStart[],
  objects: ReadonlyMap<string, string | null>,
  now: Date,
): Promise<void> {
  const rows = live.flatMap((start) =>
    start.plan.steps.map(({ row, step, run }) => ({
      id: row.id,
      run,
      objectId: objects.get(`${start.instance.id}\n${step.id}`) ?? null,
    })),
  );
  const due = rows.filter((r) => r.run);
  const skipped = rows.filter((r) => !r.run).map((r) => r.id);
  if (due.length > 0) {
    const objectOf = sql.join(
      due.map((r) => sql`when ${r.id}::uuid then ${r.objectId}::uuid`),
      sql` `,
    );
    await tx
      .update(workflowDataSteps)
      .set({
        status: 'DUE',
        objectId: sql`case ${workflowDataSteps.id} ${objectOf} end`,
        startedAt: now,
        updatedAt: now,
      })
      .where(
        inArray(
          workflowDataSteps.id,
          due.map((r) => r.id),
        ),
      );
  }
  if (skipped.length > 0) {
    await tx
      .update(workflowDataSteps)
      .set({ status: 'SKIPPED', startedAt: now, finishedAt: now, updatedAt: now })
      .where(inArray(workflowDataSteps.id, skipped));
  }
}
