import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { recipientsOf } from '../documents';
import type { WorkflowDataStepRow } from './presenters';
import { workflowDataEvents } from './schema';

/*
 * A read-and-acknowledge (static) step: its document's VIEWER recipients view it (the document
 * completes once each has), but the step is DONE only once each of them has also said "I have
 * read and acknowledge this document" (`POST /workflow/acknowledge`): an `acknowledged` event on
 * the packet's timeline naming their email. Signers and approvers of such a document act
 * explicitly already (their finish is their acknowledgement).
 */

type Reader = Pick<Db, 'select'>;

export const ACKNOWLEDGED_EVENT = 'acknowledged';

const lower = (email: string): string => email.trim().toLowerCase();

/** When each email acknowledged the step (lower-cased emails). */
export async function acknowledgementsOf(
  db: Reader,
  instanceId: string,
  stepId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ at: workflowDataEvents.at, details: workflowDataEvents.details })
    .from(workflowDataEvents)
    .where(
      and(
        eq(workflowDataEvents.workflowDataId, instanceId),
        eq(workflowDataEvents.stepId, stepId),
        eq(workflowDataEvents.event, ACKNOWLEDGED_EVENT),
      ),
    );
  const out = new Map<string, string>();
  for (const row of rows) {
    const email = typeof row.details.email === 'string' ? lower(row.details.email) : '';
    if (email && !out.has(email)) out.set(email, row.at.toISOString());
  }
  return out;
}

/** The emails of the step's document whose acknowledgement is still wanted (its VIEWERs). */
export async function missingAcknowledgements(db: Reader, step: WorkflowDataStepRow): Promise<string[]> {
  if (step.kind !== 'static' || !step.objectId) return [];
  const viewers = (await recipientsOf(db, step.objectId)).filter((r) => r.userType === 'VIEWER');
  if (viewers.length === 0) return [];
  const done = await acknowledgementsOf(db, step.workflowDataId, step.stepId);
  return viewers.map((r) => lower(r.email)).filter((email) => !done.has(email));
}

/** Of the static steps given, the ids of those still waiting for an acknowledgement. */
export async function stepsAwaitingAcknowledgement(
  db: Reader,
  steps: readonly WorkflowDataStepRow[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const step of steps) {
    if ((await missingAcknowledgements(db, step)).length > 0) out.add(step.id);
  }
  return out;
}
