import { sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TResendWorkflowResult } from '@esigns/contracts/workflows';
import { AppError, validationError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  findEmployeeDocument,
  loadSenderInfo,
  mailRequestLink,
  notifyRecipient,
  recipientsOf,
} from '../documents';
import { resendFormLink } from '../form-submissions';
import { companyDateStyle } from '../settings';
import type { Tx } from './engine';
import { appendWorkflowEvents } from './instances-store';
import { stepsOfInstances, type WorkflowDataRow, type WorkflowDataStepRow } from './presenters';
import { findInstance } from './reads-instances';

/*
 * Mailing an instance's DUE steps' links again, each through its own area's resend (signing: a new
 * live secret in the signing-request mail to each recipient whose turn it is; requests: a new
 * request link mail; forms: the personal link again), in ONE transaction under the instance's
 * lock, with a `resent` timeline event per step. Used by `POST /resend-workflow/{id}` and by the
 * instance reminders.
 */

/** Who resends: a staff user (name for the timeline), or the system (reminders: both null). */
export type ResendActor = { userId: string | null; name: string | null };

export type ResendDueSteps = {
  companyId: string;
  /** The instance (`workflow_data`) id. */
  instanceId: string;
  /** Only these steps (each must be DUE: 422 naming it); by default every DUE step. */
  stepIds?: readonly string[] | undefined;
  actor: ResendActor;
};

/** The steps to mail: the DUE ones, or those named (422 keyed `step_ids.{i}` for an unknown or not DUE one). */
function chooseSteps(
  rows: readonly WorkflowDataStepRow[],
  stepIds?: readonly string[],
): WorkflowDataStepRow[] {
  if (!stepIds) return rows.filter((r) => r.status === 'DUE');
  const problems: TValidationDetail[] = [];
  const chosen = new Map<string, WorkflowDataStepRow>();
  stepIds.forEach((id, i) => {
    const row = rows.find((r) => r.stepId === id);
    const key = `step_ids.${i}`;
    if (!row) problems.push({ key, message: `There is no step ${id} in this packet`, path: ['step_ids', i] });
    else if (row.status !== 'DUE') {
      problems.push({
        key,
        message: `${row.name} is not due (${row.status}): only due steps are mailed again`,
        path: ['step_ids', i],
      });
    } else chosen.set(row.stepId, row);
  });
  if (problems.length) throw validationError(problems);
  return [...chosen.values()];
}

/**
 * Serialises the resends and minted links of one packet (transaction-scoped advisory lock). Its
 * row is not locked: its objects' status listeners lock their document or request first, then the
 * instance, so taking the instance first and an object second could deadlock with them.
 */
export async function holdPacket(tx: Tx, instanceId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`workflow-packet:${instanceId}`}, 0))`,
  );
}

type ResendContext = {
  platform: Platform;
  tx: Tx;
  instance: WorkflowDataRow;
  actor: ResendActor;
  /** Who the mails come from: the instance's creator, else the actor. */
  senderId: string;
};

/** The recipients of the step's document whose turn it is (SENT, VIEWED), each mailed a new link. */
async function resendSigning(c: ResendContext, row: WorkflowDataStepRow): Promise<string[]> {
  const { platform, tx, instance } = c;
  const doc = await findEmployeeDocument(tx, instance.companyId, row.objectId!, { forUpdate: true });
  if (doc.status !== 'WAITING') {
    throw new AppError('CONFLICT', {
      message: `${row.name} cannot be mailed again: its document is ${doc.status}`,
    });
  }
  const due = (await recipientsOf(tx, doc.id)).filter(
    (r) => r.userType !== 'CC' && (r.status === 'SENT' || r.status === 'VIEWED'),
  );
  const sender = await loadSenderInfo(tx, instance.companyId, doc.senderId ?? c.senderId);
  const actor = { companyId: instance.companyId, userId: c.actor.userId };
  for (const recipient of due) {
    await notifyRecipient(platform, tx, actor, {
      recipient,
      documentName: doc.name,
      settings: doc.settings,
      sender,
      expiresAt: doc.expiresAt,
    });
    await appendDocumentLog(tx, {
      companyId: instance.companyId,
      employeeDocumentId: doc.id,
      documentUserId: recipient.id,
      actorUserId: c.actor.userId,
      action: 'recipient.resent',
      details: { email: recipient.email, by: 'workflow', workflow_data_id: instance.id },
    });
  }
  return due.map((r) => r.email);
}

async function resendStep(c: ResendContext, row: WorkflowDataStepRow): Promise<string[]> {
  const { platform, tx, instance } = c;
  if (!row.objectId) throw new AppError('CONFLICT', { message: `${row.name} has nothing to mail yet` });
  if (row.kind === 'custom' || row.kind === 'static') return resendSigning(c, row);
  const sender = await loadSenderInfo(tx, instance.companyId, c.senderId);
  if (row.kind === 'requested') {
    const dates = await companyDateStyle(tx, instance.companyId);
    const { email } = await mailRequestLink(platform, tx, {
      companyId: instance.companyId,
      requestId: row.objectId,
      packetId: instance.id,
      requester: sender,
      dates,
    });
    return [email];
  }
  const actor = c.actor.userId ? `user:${c.actor.userId}` : 'system';
  const { email } = await resendFormLink(platform, tx, {
    companyId: instance.companyId,
    submissionId: row.objectId,
    sender,
    actor,
  });
  return [email];
}

/**
 * Mails every DUE step's link again (or only `stepIds`). Another company's or an unknown instance:
 * 404; not IN_PROGRESS: 409; an unknown step id or a step not DUE: 422 naming it.
 */
export async function resendDueSteps(
  platform: Platform,
  input: ResendDueSteps,
): Promise<TResendWorkflowResult> {
  const db = platform.database.db;
  await findInstance(db, input.companyId, input.instanceId);
  const resent = await db.transaction(async (tx) => {
    const out = await mailDueSteps(platform, tx, input);
    await appendWorkflowEvents(
      tx,
      out.map((r) => ({
        workflowDataId: input.instanceId,
        event: 'resent',
        stepId: r.step_id,
        actor: input.actor.name,
        details: { emails: r.emails },
      })),
    );
    return out;
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  return { resent };
}

/**
 * The mails of `resendDueSteps` in the caller's transaction, the packet held (`holdPacket`), with
 * no timeline event (the caller logs its own: `resent`, or the instance reminders' `reminded`).
 */
export async function mailDueSteps(
  platform: Platform,
  tx: Tx,
  input: ResendDueSteps,
): Promise<TResendWorkflowResult['resent']> {
  await holdPacket(tx, input.instanceId);
  const instance = await findInstance(tx, input.companyId, input.instanceId);
  if (instance.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', {
      message: `This packet is ${instance.status}: only a running packet is mailed again`,
    });
  }
  const senderId = instance.createdBy ?? input.actor.userId;
  if (!senderId) {
    throw new AppError('CONFLICT', {
      message: 'The person who sent this packet is gone: resend it as a member',
    });
  }
  const rows = (await stepsOfInstances(tx, [instance.id])).get(instance.id) ?? [];
  const c: ResendContext = { platform, tx, instance, actor: input.actor, senderId };
  const out: TResendWorkflowResult['resent'] = [];
  for (const row of chooseSteps(rows, input.stepIds)) {
    out.push({ step_id: row.stepId, name: row.name, emails: await resendStep(c, row) });
  }
  return out;
}
