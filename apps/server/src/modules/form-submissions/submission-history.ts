import { asc, eq } from 'drizzle-orm';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TSubmissionDetail } from '@esigns/contracts/form-submissions';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { formSubmissionEvents } from './schema';
import type { SubmissionRow } from './submission-store';

/*
 * A submission's history as read: each event with who did it (a member's name, a guest's or an
 * approver's email) and what happened, in words.
 */

type EventRow = typeof formSubmissionEvents.$inferSelect;

const levelOf = (details: Record<string, unknown>) =>
  typeof details.level === 'number' ? details.level + 1 : 1;
const withComment = (text: string, details: Record<string, unknown>) =>
  typeof details.comment === 'string' && details.comment !== '' ? `${text}: ${details.comment}` : text;

function describe(row: EventRow, stepNames: ReadonlyMap<string, string>): string {
  const d = row.details;
  const step = typeof d.step_id === 'string' ? (stepNames.get(d.step_id) ?? 'a step') : 'a step';
  switch (row.event) {
    case 'STARTED':
      return 'Started';
    case 'STEP_SAVED':
      return `Saved ${step}`;
    case 'STEP_COMPLETED':
      return `Completed ${step}`;
    case 'SUBMITTED':
      return 'Submitted';
    case 'RESUBMITTED':
      return 'Submitted again';
    case 'APPROVAL_REQUESTED':
      return `Approval requested at level ${levelOf(d)}`;
    case 'APPROVAL_APPROVED':
      return withComment(`Approved at level ${levelOf(d)}`, d);
    case 'APPROVAL_REJECTED':
      return withComment(`Rejected at level ${levelOf(d)}`, d);
    case 'LEVEL_SKIPPED':
      return `Level ${levelOf(d)} skipped: no approver could be asked`;
    case 'APPROVED':
      return 'Approved';
    case 'REJECTED':
      return 'Rejected';
    case 'SENT_BACK':
      return 'Sent back for changes';
    case 'APPROVALS_RESENT':
      return 'Approvers mailed again';
    case 'VALUES_CORRECTED':
      return 'Values corrected';
    case 'DELETED':
      return 'Deleted';
    case 'REMINDED':
      return `Reminder ${String(d.reminder ?? '')} mailed to the filler`;
    case 'APPROVER_REMINDED':
      return `Reminder ${String(d.reminder ?? '')} mailed to approver ${String(d.approver ?? '')}`;
    default:
      return row.event;
  }
}

export async function historyOf(
  db: Db,
  row: SubmissionRow,
  steps: readonly TStoredFormStep[],
): Promise<TSubmissionDetail['history']> {
  const events = await db
    .select()
    .from(formSubmissionEvents)
    .where(eq(formSubmissionEvents.submissionId, row.id))
    .orderBy(asc(formSubmissionEvents.createdAt), asc(formSubmissionEvents.id));
  const userIds = events.flatMap((e) => (e.actor.startsWith('user:') ? [e.actor.slice(5)] : []));
  const people = await findPeople(db, userIds);
  const stepNames = new Map(steps.map((s) => [s.id, s.name]));
  const byOf = (e: EventRow): string | null => {
    if (e.actor.startsWith('user:')) {
      const person = people.get(e.actor.slice(5));
      return person ? `${person.firstName} ${person.lastName}`.trim() || person.email : null;
    }
    if (e.actor.startsWith('guest:')) return row.fillerEmail ?? 'Guest';
    if (e.actor.startsWith('approver:'))
      return typeof e.details.approver === 'string' ? e.details.approver : null;
    return null;
  };
  return events.map((e) => ({
    _id: e.id,
    type: e.event,
    at: e.createdAt.toISOString(),
    by: byOf(e),
    detail: describe(e, stepNames),
    details: e.details,
  }));
}
