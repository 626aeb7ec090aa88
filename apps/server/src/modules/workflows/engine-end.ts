import { and, eq, inArray } from 'drizzle-orm';
import type { TWorkflowInstanceStatus } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { voidDocumentsInTx } from '../document-actions';
import { cancelDocumentRequests, lockEmployeeDocument } from '../documents';
import { closeSubmissions } from '../form-submissions';
import { notifyUsers } from '../notifications';
import { appendWorkflowEvents } from './instances-store';
import { holdPacket } from './resend-service';
import { workflowData, workflowDataSteps } from './schema';

/*
 * The end of an instance (COMPLETED, DECLINED, VOIDED, EXPIRED), in the caller's transaction with
 * the instance locked: its steps still due or waiting become VOIDED and their open objects are
 * closed as their own areas close them (a sent document voided with the void mail to whoever was
 * asked to act, a document request CANCELLED, a form's DRAFT submission CLOSED), the timeline
 * gets the event and the instance's creator an in-app notice. The realtime `workflow.updated` is
 * a job queued in the same transaction: it exists, and the event goes out, only once it commits.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type StepRow = typeof workflowDataSteps.$inferSelect;
export type FinalStatus = Exclude<TWorkflowInstanceStatus, 'DRAFT' | 'IN_PROGRESS'>;

/** The job that tells the company's room an instance changed (queued in the changing transaction). */
export const WORKFLOW_UPDATED_JOB = 'workflows.updated';
export type TWorkflowUpdatedJob = { company_id: string; workflow_data_id: string; status: string };

const EVENT: Record<FinalStatus, string> = {
  COMPLETED: 'completed',
  DECLINED: 'declined',
  VOIDED: 'voided',
  EXPIRED: 'expired',
};

/** What happened, in words (the default reason of the void mails, the creator's notice). */
const HAPPENED: Record<FinalStatus, string> = {
  COMPLETED: 'was completed',
  DECLINED: 'was declined',
  VOIDED: 'was voided',
  EXPIRED: 'expired before it was finished',
};

/**
 * Locks what ending an instance changes: the packet (`holdPacket`: resends, minted links and
 * reminders wait), then, in the order every signer's action takes them, the open step documents
 * (by id) and the instance row (a signer locks their document, then the listener the instance):
 * ending an instance while its recipient signs waits instead of deadlocking. Answers the instance
 * as locked.
 */
export async function lockForEnd(tx: Tx, id: string): Promise<typeof workflowData.$inferSelect | undefined> {
  await holdPacket(tx, id);
  const documents = await tx
    .select({ objectId: workflowDataSteps.objectId })
    .from(workflowDataSteps)
    .where(
      and(
        eq(workflowDataSteps.workflowDataId, id),
        inArray(workflowDataSteps.kind, ['custom', 'static']),
        inArray(workflowDataSteps.status, ['DUE', 'WAITING']),
      ),
    );
  const ids = documents.flatMap((d) => (d.objectId ? [d.objectId] : [])).sort();
  for (const documentId of ids) await lockEmployeeDocument(tx, documentId);
  const [row] = await tx.select().from(workflowData).where(eq(workflowData.id, id)).for('update');
  return row;
}

export async function endInstance(
  platform: Platform,
  tx: Tx,
  id: string,
  status: FinalStatus,
  details: { reason?: string; actor?: string | null; stepId?: string | null },
): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .update(workflowData)
    .set({ status, finishedAt: now, updatedAt: now })
    .where(and(eq(workflowData.id, id), inArray(workflowData.status, ['DRAFT', 'IN_PROGRESS'])))
    .returning();
  if (!row) return;
  // Steps first: the objects' own listeners then find nothing left to follow.
  const open = await tx
    .update(workflowDataSteps)
    .set({ status: 'VOIDED', finishedAt: now, updatedAt: now })
    .where(
      and(eq(workflowDataSteps.workflowDataId, id), inArray(workflowDataSteps.status, ['DUE', 'WAITING'])),
    )
    .returning();
  const reason = details.reason || `The workflow ${row.workflowName} ${HAPPENED[status]}`;
  const closed = await closeObjects(platform, tx, row.companyId, open, { id, reason });
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: id,
      event: EVENT[status],
      stepId: details.stepId ?? null,
      actor: details.actor ?? null,
      details: {
        ...(details.reason ? { reason: details.reason } : {}),
        steps_voided: open.map((s) => s.stepId),
        ...closed,
      },
    },
  ]);
  if (row.createdBy) {
    await notifyUsers(platform, tx, {
      companyId: row.companyId,
      userIds: [row.createdBy],
      type: 'DOCUMENT',
      event: `workflow.${EVENT[status]}`,
      title: `${row.workflowName} ${EVENT[status]}`,
      body: `The workflow ${row.workflowName} for ${row.name || row.email || 'its contact'} ${HAPPENED[status]}.`,
      link: `/workflow-data/${row.id}`,
      data: { workflow_data_id: row.id, status },
      choice: null,
    });
  }
  await platform.jobs.send<TWorkflowUpdatedJob>(
    WORKFLOW_UPDATED_JOB,
    { company_id: row.companyId, workflow_data_id: row.id, status },
    { tx },
  );
  if (status === 'COMPLETED') {
    await platform.events.publish(tx, {
      companyId: row.companyId,
      type: 'workflow.completed',
      subjectId: row.id,
      data: { workflow_id: row.workflowId, instance_id: row.id, name: row.workflowName },
    });
  }
}

const objectsOf = (steps: readonly StepRow[], kinds: readonly string[]) =>
  steps.filter((s) => s.objectId && kinds.includes(s.kind)).map((s) => s.objectId!);

/**
 * The open objects of the steps just VOIDED, closed by their areas (documents voided with the
 * void mail in their senders' names, requests CANCELLED, DRAFT submissions CLOSED). Answers the
 * ids each area closed, for the timeline.
 */
async function closeObjects(
  platform: Platform,
  tx: Tx,
  companyId: string,
  steps: readonly StepRow[],
  instance: { id: string; reason: string },
) {
  const documents = await voidDocumentsInTx(platform, tx, {
    companyId,
    documentIds: objectsOf(steps, ['custom', 'static']),
    reason: instance.reason,
    origin: { workflow_data_id: instance.id },
  });
  const requests = await cancelDocumentRequests(tx, { companyId, ids: objectsOf(steps, ['requested']) });
  const submissions = await closeSubmissions(tx, {
    companyId,
    ids: objectsOf(steps, ['form']),
    reason: instance.reason,
    actor: 'system',
  });
  return {
    documents_voided: documents.map((d) => d.id),
    requests_cancelled: requests,
    submissions_closed: submissions,
  };
}
