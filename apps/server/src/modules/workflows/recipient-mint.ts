import { and, count, eq, gt } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  appendDocumentLog,
  FINISHED_STATUSES,
  findEmployeeDocument,
  issueRecipientSecret,
  mintRequestLink,
  recipientOf,
  signingLink,
} from '../documents';
import { issueFormLink } from '../form-submissions';
import type { Tx } from './engine';
import { appendWorkflowEvents } from './instances-store';
import type { WorkflowDataRow } from './presenters';
import type { AddressedStep } from './recipient-steps';
import { workflowDataEvents, workflowDataSteps } from './schema';

/*
 * A fresh link to one DUE step of the caller, minted through the step object's own module
 * (signing: one more live recipient secret, as a resend gives; requests: one more request link;
 * forms: a new personal link session, as the form's resend gives), logged on the instance's
 * timeline (`link_issued`) and the object's own trail. At most `MINTS_PER_STEP_HOUR` per step and
 * hour (429).
 */

export const MINTS_PER_STEP_HOUR = 10;

/** Who asked for the link: the recipient's email, how they proved it, their address. */
export type MintCaller = { email: string; via: string; ip: string; userAgent: string | null };

/** A recipient's link of a template step's document: they must be due now and not finished (409). */
async function mintSigningLink(
  platform: Platform,
  tx: Tx,
  instance: WorkflowDataRow,
  step: AddressedStep,
  caller: MintCaller,
): Promise<string> {
  const doc = await findEmployeeDocument(tx, instance.companyId, step.row.objectId!, { forUpdate: true });
  const recipient = step.signer ? await recipientOf(tx, doc.id, step.signer.id) : undefined;
  if (doc.status !== 'WAITING' || !recipient) {
    throw new AppError('CONFLICT', { message: `${step.row.name} cannot be opened any more` });
  }
  if (FINISHED_STATUSES.includes(recipient.status)) {
    throw new AppError('CONFLICT', { message: `You have already finished ${step.row.name}` });
  }
  if (recipient.status === 'PENDING') {
    throw new AppError('CONFLICT', {
      message: `It is not your turn on ${step.row.name} yet: you are mailed when the people before you have finished`,
    });
  }
  const secret = await issueRecipientSecret(platform, tx, recipient.id);
  await appendDocumentLog(tx, {
    companyId: instance.companyId,
    employeeDocumentId: doc.id,
    documentUserId: recipient.id,
    action: 'recipient.link_issued',
    details: {
      email: recipient.email,
      user_type: recipient.userType,
      by: 'recipient',
      through: 'workflow',
      workflow_data_id: instance.id,
    },
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  return signingLink(platform.config.publicUrl, doc.id, recipient.id, secret);
}

/** 429 once the step had `MINTS_PER_STEP_HOUR` links minted in the last hour (counted on the timeline). */
async function assertMintsLeft(tx: Tx, instanceId: string, stepId: string): Promise<void> {
  const since = new Date(Date.now() - 3_600_000);
  const [row] = await tx
    .select({ n: count() })
    .from(workflowDataEvents)
    .where(
      and(
        eq(workflowDataEvents.workflowDataId, instanceId),
        eq(workflowDataEvents.event, 'link_issued'),
        eq(workflowDataEvents.stepId, stepId),
        gt(workflowDataEvents.at, since),
      ),
    );
  if (Number(row?.n ?? 0) >= MINTS_PER_STEP_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message:
        'Too many links were made for this step in the last hour: use the latest one, or try again later',
    });
  }
}

/**
 * A fresh link to `step` (DUE, addressed to the caller) of the IN_PROGRESS instance, in the
 * caller's transaction (holding `holdPacket`). 409 when the step is not DUE or its object cannot be opened any more.
 */
export async function mintStepLink(
  platform: Platform,
  tx: Tx,
  instance: WorkflowDataRow,
  step: AddressedStep,
  caller: MintCaller,
): Promise<string> {
  const [current] = await tx
    .select({ status: workflowDataSteps.status, objectId: workflowDataSteps.objectId })
    .from(workflowDataSteps)
    .where(eq(workflowDataSteps.id, step.row.id));
  if (current?.status !== 'DUE' || !current.objectId) {
    throw new AppError('CONFLICT', { message: `${step.row.name} is not due: there is nothing to open` });
  }
  await assertMintsLeft(tx, instance.id, step.row.stepId);
  const { companyId } = instance;
  const objectId = current.objectId;
  let url: string;
  if (step.row.kind === 'requested') {
    url = (await mintRequestLink(platform, tx, { companyId, requestId: objectId, packetId: instance.id }))
      .url;
  } else if (step.row.kind === 'form') {
    const actor = `workflow-recipient:${caller.email}`;
    url = (await issueFormLink(platform, tx, { companyId, submissionId: objectId, actor, via: caller.via }))
      .url;
  } else {
    url = await mintSigningLink(platform, tx, instance, step, caller);
  }
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: instance.id,
      event: 'link_issued',
      stepId: step.row.stepId,
      actor: caller.email,
      details: { object_id: objectId, via: caller.via },
    },
  ]);
  return url;
}
