import { and, eq, inArray } from 'drizzle-orm';
import type { TWorkflowStepKind, TWorkflowStepStatus } from '@esigns/contracts/workflows';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { registerDocumentRequestStatusListener, registerDocumentStatusListener } from '../documents';
import { registerSubmissionStatusListener } from '../form-submissions';
import { endInstance, WORKFLOW_UPDATED_JOB, type TWorkflowUpdatedJob } from './engine-end';
import { nextMove } from './engine-plan';
import { WORKFLOW_STAGE_JOB, type TWorkflowStageJob } from './engine';
import { appendWorkflowEvents } from './instances-store';
import type { WorkflowDataStepRow } from './presenters';
import { stepsAwaitingAcknowledgement } from './recipient-acknowledgements';
import { workflowData, workflowDataSteps } from './schema';

/*
 * A step's object changed (a document completed / declined / voided / expired, a request
 * uploaded, approved, cancelled or refused, a submission submitted or approved): the earlier
 * module calls us inside its own transaction. A read-and-acknowledge step's completed document
 * leaves it DUE until its viewers acknowledge it (`step_viewed`; recipient-acknowledge.ts). The step follows its object, the timeline gets the event, and the instance moves:
 * a declined required step declines it, a finished stage queues (same transaction) the job that
 * starts the next one, the last one completes it.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Change = { objectId: string; to: TWorkflowStepStatus | null; object: string };

const DOCUMENT_KINDS: readonly TWorkflowStepKind[] = ['custom', 'static'];

/** Registers the listeners with documents and form-submissions (app.ts and the worker processes). */
export function registerWorkflowListeners(platform: Platform): void {
  registerDocumentStatusListener('workflows', (tx, changes) =>
    followObjects(
      platform,
      tx,
      DOCUMENT_KINDS,
      changes.map((c) => ({
        objectId: c.documentId,
        object: `document ${c.status.toLowerCase()}`,
        to:
          c.status === 'COMPLETED'
            ? 'DONE'
            : c.status === 'DECLINED'
              ? 'DECLINED'
              : c.status === 'VOIDED' || c.status === 'EXPIRED'
                ? 'VOIDED'
                : null,
      })),
    ),
  );
  registerDocumentRequestStatusListener('workflows', async (tx, c) => {
    const object = `request ${c.status.toLowerCase()}`;
    if (c.status === 'REJECTED' || c.status === 'REQUESTED') {
      await reopenStep(tx, c.requestId, object);
      return;
    }
    await followObjects(
      platform,
      tx,
      ['requested'],
      [
        {
          objectId: c.requestId,
          object,
          to:
            c.status === 'UPLOADED' || c.status === 'APPROVED'
              ? 'DONE'
              : c.status === 'CANCELLED'
                ? 'VOIDED'
                : null,
        },
      ],
    );
  });
  registerSubmissionStatusListener('workflows', {
    follows: async (db, submissionId) => {
      const [row] = await db
        .select({ id: workflowDataSteps.id })
        .from(workflowDataSteps)
        .where(
          and(
            eq(workflowDataSteps.objectId, submissionId),
            eq(workflowDataSteps.kind, 'form'),
            eq(workflowDataSteps.status, 'DUE'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    changed: (tx, c) =>
      followObjects(
        platform,
        tx as Tx,
        ['form'],
        [
          {
            objectId: c.submissionId,
            object: `submission ${c.status.toLowerCase()}`,
            to:
              c.status === 'SUBMITTED' || c.status === 'APPROVED'
                ? 'DONE'
                : c.status === 'REJECTED'
                  ? 'DECLINED'
                  : null,
          },
        ],
      ),
  });
}

/** The DUE steps whose object changed follow it; each instance touched then moves on. */
export async function followObjects(
  platform: Platform,
  tx: Tx,
  kinds: readonly TWorkflowStepKind[],
  changes: readonly Change[],
): Promise<void> {
  const wanted = changes.filter((c) => c.to !== null);
  if (wanted.length === 0) return;
  const steps = await tx
    .select()
    .from(workflowDataSteps)
    .where(
      and(
        inArray(
          workflowDataSteps.objectId,
          wanted.map((c) => c.objectId),
        ),
        inArray(workflowDataSteps.kind, [...kinds]),
        eq(workflowDataSteps.status, 'DUE'),
      ),
    );
  if (steps.length === 0) return;
  const byObject = new Map(wanted.map((c) => [c.objectId, c]));
  const instances = [...new Set(steps.map((s) => s.workflowDataId))].sort();
  // Lock the instances (in a fixed order) before changing their steps.
  await tx
    .select({ id: workflowData.id })
    .from(workflowData)
    .where(inArray(workflowData.id, instances))
    .for('update');
  // A read-and-acknowledge step's document completes once viewed; the step waits for the
  // acknowledgement (recipient-acknowledgements.ts), noted once on the timeline.
  const held = await stepsAwaitingAcknowledgement(
    tx,
    steps.filter((s) => s.kind === 'static' && byObject.get(s.objectId!)!.to === 'DONE'),
  );
  await settleSteps(
    tx,
    steps
      .filter((s) => !held.has(s.id))
      .map((row) => ({
        row,
        to: byObject.get(row.objectId!)!.to!,
        because: byObject.get(row.objectId!)!.object,
      })),
  );
  await appendWorkflowEvents(
    tx,
    steps
      .filter((s) => held.has(s.id))
      .map((s) => ({
        workflowDataId: s.workflowDataId,
        event: 'step_viewed',
        stepId: s.stepId,
        details: { object_id: s.objectId, because: byObject.get(s.objectId!)!.object },
      })),
  );
  for (const id of instances) await moveOn(platform, tx, id);
}

type Settled = { row: WorkflowDataStepRow; to: TWorkflowStepStatus; because: string };

/** DUE steps to their new state, each with its timeline event (the instances locked by the caller). */
async function settleSteps(tx: Tx, settled: readonly Settled[]): Promise<void> {
  const now = new Date();
  for (const { row, to } of settled) {
    await tx
      .update(workflowDataSteps)
      .set({ status: to, finishedAt: now, updatedAt: now })
      .where(and(eq(workflowDataSteps.id, row.id), eq(workflowDataSteps.status, 'DUE')));
  }
  await appendWorkflowEvents(
    tx,
    settled.map(({ row, to, because }) => ({
      workflowDataId: row.workflowDataId,
      event: to === 'DONE' ? 'step_done' : to === 'DECLINED' ? 'step_declined' : 'step_voided',
      stepId: row.stepId,
      details: { object_id: row.objectId, because },
    })),
  );
}

/**
 * A read-and-acknowledge step's last acknowledgement came in while its document is COMPLETED: the
 * step is DONE and the instance moves on (the caller holds the document and the instance locked).
 */
export async function finishAcknowledgedStep(
  platform: Platform,
  tx: Tx,
  row: WorkflowDataStepRow,
): Promise<void> {
  await settleSteps(tx, [{ row, to: 'DONE', because: 'acknowledged' }]);
  await moveOn(platform, tx, row.workflowDataId);
}

/**
 * A requested step's file was refused (REJECTED after UPLOADED) or asked for again (REQUESTED):
 * its DONE step is DUE again while the instance runs, so the recipient uploads again (the request
 * takes a new upload once REJECTED). A later stage already started goes on (a requested step
 * gives no values to conditions, so nothing it planned changes); the instance completes only once
 * this step is DONE again. An instance already ended is left as it is.
 */
async function reopenStep(tx: Tx, requestId: string, object: string): Promise<void> {
  const [step] = await tx
    .select()
    .from(workflowDataSteps)
    .where(
      and(
        eq(workflowDataSteps.objectId, requestId),
        eq(workflowDataSteps.kind, 'requested'),
        eq(workflowDataSteps.status, 'DONE'),
      ),
    )
    .limit(1);
  if (!step) return;
  const [instance] = await tx
    .select({ status: workflowData.status })
    .from(workflowData)
    .where(eq(workflowData.id, step.workflowDataId))
    .for('update');
  if (instance?.status !== 'IN_PROGRESS') return;
  const reopened = await tx
    .update(workflowDataSteps)
    .set({ status: 'DUE', finishedAt: null, updatedAt: new Date() })
    .where(and(eq(workflowDataSteps.id, step.id), eq(workflowDataSteps.status, 'DONE')))
    .returning({ id: workflowDataSteps.id });
  if (reopened.length === 0) return;
  await appendWorkflowEvents(tx, [
    {
      workflowDataId: step.workflowDataId,
      event: 'step_reopened',
      stepId: step.stepId,
      details: { object_id: requestId, because: object },
    },
  ]);
}

/** After a step changed: decline, complete, or queue the next stage (all in this transaction). */
async function moveOn(platform: Platform, tx: Tx, id: string): Promise<void> {
  const [instance] = await tx.select().from(workflowData).where(eq(workflowData.id, id));
  if (!instance || instance.status !== 'IN_PROGRESS') return;
  const steps = await tx.select().from(workflowDataSteps).where(eq(workflowDataSteps.workflowDataId, id));
  const move = nextMove(steps);
  if (move.kind === 'declined') {
    // A step's object ended by its own area (a document's own expiry) once the packet is past its
    // expiry: the packet expired (the expiry sweep may not have reached it yet).
    const ended = steps.find((s) => s.stepId === move.stepId);
    const late =
      ended?.status === 'VOIDED' && instance.expiresAt !== null && instance.expiresAt <= new Date();
    await endInstance(platform, tx, id, late ? 'EXPIRED' : 'DECLINED', { stepId: move.stepId });
  } else if (move.kind === 'completed') {
    await endInstance(platform, tx, id, 'COMPLETED', {});
  } else {
    if (move.kind === 'stage') {
      await platform.jobs.send<TWorkflowStageJob>(WORKFLOW_STAGE_JOB, { workflow_data_id: id }, { tx });
    }
    // A step changed while the packet runs (a form submitted, a file handed in): staff screens
    // refetch. Sent by a job queued here, so only once this transaction commits.
    await platform.jobs.send<TWorkflowUpdatedJob>(
      WORKFLOW_UPDATED_JOB,
      { company_id: instance.companyId, workflow_data_id: id, status: instance.status },
      { tx },
    );
  }
}
