import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TSubmissionStatus } from '@esigns/contracts/form-builders';
import { formSubmissionEvents, formSubmissions } from './schema';
import type { Tx } from './send-link';

/*
 * Closing submissions for another module (a workflow's form step when its packet ends): a DRAFT
 * or SENT_BACK submission becomes CLOSED, so its link opens it read only (it is no longer
 * editable: every fill path takes DRAFT or SENT_BACK only), the form's reminders stop, a contact's
 * next start makes a new one, and it never counts as an answer.
 */

/** Statuses that are not an answer (the counters of submitted answers leave them out). */
export const UNANSWERED_STATUSES: readonly TSubmissionStatus[] = ['DRAFT', 'CLOSED'];

/**
 * CLOSED for the company's DRAFT and SENT_BACK submissions among `ids` (their `version` moves, so a
 * save in flight from an earlier read fails), each with a CLOSED history event naming the reason,
 * in the caller's transaction. Others (submitted, deleted, another company's) are left alone.
 * Answers the ids closed.
 */
export async function closeSubmissions(
  tx: Tx,
  input: { companyId: string; ids: readonly string[]; reason: string; actor: string },
): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const now = new Date();
  const closed = await tx
    .update(formSubmissions)
    .set({ status: 'CLOSED', version: sql`${formSubmissions.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(formSubmissions.companyId, input.companyId),
        inArray(formSubmissions.id, [...input.ids]),
        inArray(formSubmissions.status, ['DRAFT', 'SENT_BACK']),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .returning({ id: formSubmissions.id });
  if (closed.length > 0) {
    await tx.insert(formSubmissionEvents).values(
      closed.map((row) => ({
        submissionId: row.id,
        event: 'CLOSED',
        actor: input.actor,
        details: { reason: input.reason },
      })),
    );
  }
  return closed.map((row) => row.id);
}
