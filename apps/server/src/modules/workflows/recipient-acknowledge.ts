import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TWorkflowAcknowledgeRequest, TWorkflowUserStatus } from '@esigns/contracts/workflows';
import { AppError, notFound } from '../../platform/http/app-error';
import { clientOf } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { appendDocumentLog, FINISHED_STATUSES, lockEmployeeDocument, recipientOf } from '../documents';
import type { Tx } from './engine';
import { appendWorkflowEvents } from './instances-store';
import { finishAcknowledgedStep } from './progress';
import type { WorkflowDataRow } from './presenters';
import type { RecipientProof } from './recipient-access';
import {
  acknowledgementsOf,
  ACKNOWLEDGED_EVENT,
  missingAcknowledgements,
} from './recipient-acknowledgements';
import type { AddressedStep } from './recipient-steps';
import { addressedSteps, callerPacket, packetAnswer } from './recipient-status';
import { workflowData, workflowDataSteps } from './schema';

/*
 * `POST /workflow/acknowledge` (not in the spec): the viewer of a read-and-acknowledge (static)
 * step says "I have read and acknowledge this document", with the credentials `user-status` takes.
 * Recorded with time, IP and user agent on the packet's timeline (`acknowledged`) and on the
 * document's audit trail (`recipient.acknowledged`); once every viewer of the step's document has
 * acknowledged and the document is COMPLETED (each has viewed it), the step is DONE and the packet
 * moves on, in the same transaction. Twice is once (the first acknowledgement stands).
 */

type Caller = { email: string; proof: RecipientProof; ip: string; userAgent: string | null };

const conflict = (message: string) => new AppError('CONFLICT', { message });

/** The step's current row, with the document and the instance locked (the listeners' lock order). */
async function lockStep(tx: Tx, instance: WorkflowDataRow, step: AddressedStep) {
  const document = await lockEmployeeDocument(tx, step.row.objectId!);
  const [locked] = await tx.select().from(workflowData).where(eq(workflowData.id, instance.id)).for('update');
  const [row] = await tx.select().from(workflowDataSteps).where(eq(workflowDataSteps.id, step.row.id));
  if (!document || !locked || !row) throw notFound('Step');
  return { document, instance: locked, row };
}

async function acknowledgeInTx(
  platform: Platform,
  tx: Tx,
  instance: WorkflowDataRow,
  step: AddressedStep,
  caller: Caller,
): Promise<void> {
  const { document, instance: locked, row } = await lockStep(tx, instance, step);
  const done = await acknowledgementsOf(tx, locked.id, row.stepId);
  if (done.has(caller.email)) return;
  if (locked.status !== 'IN_PROGRESS') throw conflict('This packet is finished: nothing more is needed');
  if (row.status !== 'DUE') throw conflict(`${row.name} is not due: there is nothing to acknowledge`);
  const viewer = await recipientOf(tx, document.id, step.signer!.id);
  if (!viewer || (viewer.status !== 'VIEWED' && !FINISHED_STATUSES.includes(viewer.status))) {
    throw conflict(`Open ${row.name} and read it first`);
  }
  const name = `${viewer.firstName} ${viewer.lastName}`.trim();
  const via = caller.proof.via === 'ACCOUNT' ? 'ACCOUNT' : 'SECRET';
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: locked.id,
      event: ACKNOWLEDGED_EVENT,
      stepId: row.stepId,
      actor: name || viewer.email,
      details: {
        email: caller.email,
        name,
        object_id: document.id,
        ip: caller.ip,
        user_agent: caller.userAgent,
        via: caller.proof.via,
      },
    },
  ]);
  await appendDocumentLog(tx, {
    companyId: locked.companyId,
    employeeDocumentId: document.id,
    documentUserId: viewer.id,
    action: 'recipient.acknowledged',
    details: {
      email: viewer.email,
      user_type: viewer.userType,
      via,
      statement: 'I have read and acknowledge this document',
      workflow_data_id: locked.id,
    },
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  if (document.status === 'COMPLETED' && (await missingAcknowledgements(tx, row)).length === 0) {
    await finishAcknowledgedStep(platform, tx, row);
  }
}

export async function acknowledgeStep(
  platform: Platform,
  request: FastifyRequest,
  body: TWorkflowAcknowledgeRequest,
): Promise<TWorkflowUserStatus> {
  const caller = await callerPacket(platform, request);
  const { proof, instance, steps } = caller;
  const email = caller.email.trim().toLowerCase();
  const step = steps.find((s) => s.row.stepId === body.step_id);
  if (!step) throw notFound('Step');
  if (step.row.kind !== 'static' || step.signer?.userType !== 'VIEWER' || !step.row.objectId) {
    throw conflict(`${step.row.name} is not a document to read and acknowledge`);
  }
  const client = clientOf(request);
  const who: Caller = { email, proof, ip: client.ip, userAgent: client.userAgent ?? null };
  await platform.database.db.transaction((tx) => acknowledgeInTx(platform, tx, instance, step, who));
  const [fresh] = await platform.database.db
    .select()
    .from(workflowData)
    .where(eq(workflowData.id, instance.id));
  const answered = await addressedSteps(platform, fresh ?? instance, email);
  const cameBy = proof.via === 'ACCOUNT' ? null : proof;
  return packetAnswer(platform, fresh ?? instance, answered, email, (row) =>
    cameBy && row.objectId === cameBy.objectId ? cameBy.pageUrl : null,
  );
}
