import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { EDITABLE_STATUSES } from './step-states';
import { findReadableSubmission, type Caller, type SubmissionRow } from './submission-store';

/*
 * What the document routes of forms may reach (callers are the fill side's: `requireFillerOrStaff`,
 * `callerOf`): the filler their own submission; staff with `form-builders:view-submissions` (reads)
 * or `form-builders:manage-submissions` (changes) any of the company's. Anything else is 404,
 * exactly as another company's id.
 */

/** What the caller wants of the submission's documents: read them, or change them. */
export type SubmissionUse = 'read' | 'change';

const STAFF_SLUG = {
  read: 'form-builders:view-submissions',
  change: 'form-builders:manage-submissions',
} as const;

/** The live submission `id` the caller may use so, or 404. */
export function submissionFor(
  db: Pick<Db, 'select'>,
  caller: Caller,
  id: string,
  use: SubmissionUse,
): Promise<SubmissionRow> {
  return findReadableSubmission(db, caller, id, STAFF_SLUG[use]);
}

/** 409 once the submission is submitted (its documents are then part of what was sent). */
export function assertDocumentsOpen(row: SubmissionRow): void {
  if (!EDITABLE_STATUSES.includes(row.status)) {
    throw new AppError('CONFLICT', {
      message: 'This submission has been submitted: its documents can no longer change',
      errorCode: 'SUBMITTED',
    });
  }
}
