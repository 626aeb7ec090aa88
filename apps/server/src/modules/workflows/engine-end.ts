import { and, eq, inArray } from 'drizzle-orm';
import type { TWorkflowInstanceStatus } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { changeDocumentStatuses } from '../documents';
import { notifyUsers } from '../notifications';
import { appendWorkflowEvents } from './instances-store';
import { workflowData, workflowDataSteps } from './schema';

/*
 * The end of an instance (COMPLETED, DECLINED, VOIDED, EXPIRED), in the caller's transaction with
 * the instance locked: its steps still due or waiting become VOIDED, their open sent documents are
 * voided through the documents module's status writer, the timeline gets the event and the
 * instance's creator an in-app notice and a realtime event.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type FinalStatus = Exclude<TWorkflowInstanceStatus, 'DRAFT' | 'IN_PROGRESS'>;

const EVENT: Record<FinalStatus, string> = {
  COMPLETED: 'completed',
  DECLINED: 'declined',
  VOIDED: 'voided',
  EXPIRED: 'expired',
};

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
  // Steps first: the documents' own listeners then find nothing left to follow.
  const open = await tx
    .update(workflowDataSteps)
    .set({ status: 'VOIDED', finishedAt: now, updatedAt: now })
    .where(
      and(eq(workflowDataSteps.workflowDataId, id), inArray(workflowDataSteps.status, ['DUE', 'WAITING'])),
    )
    .returning();
  const documents = open
    .filter((s) => s.status === 'VOIDED' && s.objectId && (s.kind === 'custom' || s.kind === 'static'))
    .map((s) => s.objectId!);
  const reason = details.reason || `The workflow ${row.workflowName} was ${EVENT[status]}`;
  await changeDocumentStatuses(tx, documents, status === 'EXPIRED' ? 'EXPIRED' : 'VOIDED', {
    expectedFrom: 'WAITING',
    set: status === 'EXPIRED' ? { expiresAt: now } : { voidedAt: now, voidReason: reason },
  });
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: id,
      event: EVENT[status],
      stepId: details.stepId ?? null,
      actor: details.actor ?? null,
      details: {
        ...(details.reason ? { reason: details.reason } : {}),
        steps_voided: open.map((s) => s.stepId),
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
      body: `The workflow ${row.workflowName} for ${row.name || row.email || 'its contact'} was ${EVENT[status]}.`,
      link: `/workflow-data/${row.id}`,
      data: { workflow_data_id: row.id, status },
      choice: null,
    });
  }
  platform.realtime.emitToWorkspace(row.companyId, 'workflow.updated', {
    workflow_data_id: row.id,
    status,
  });
}
