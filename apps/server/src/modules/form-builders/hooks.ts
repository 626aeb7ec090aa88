import type { Db } from '../../platform/db/database';

/*
 * What form builders show from the module above them. Submissions live in form-submissions (a
 * higher module), yet a form's answers carry `submissions_count` and its availability depends on
 * `max_submissions`: form-submissions registers its counter here at start-up (app.ts, before any
 * route runs).
 */

/** How many submissions (any status but DRAFT) each of these forms has; absent forms have none. */
export type SubmissionCounter = (
  db: Pick<Db, 'select' | 'execute'>,
  formBuilderIds: readonly string[],
) => Promise<Map<string, number>>;

let counter: SubmissionCounter | null = null;

/** form-submissions' counter of submitted answers per form. */
export function registerSubmissionCounter(count: SubmissionCounter): void {
  counter = count;
}

/** Submitted answers per form, by the registered counter (throws when none was registered). */
export async function countSubmissions(
  db: Pick<Db, 'select' | 'execute'>,
  formBuilderIds: readonly string[],
): Promise<Map<string, number>> {
  if (!counter) throw new Error('No module registered the submission counter with form-builders (app.ts)');
  if (formBuilderIds.length === 0) return new Map();
  return counter(db, formBuilderIds);
}

/**
 * What a form is to a contact of the contact area, from their submissions (form-submissions
 * answers): FILLER when they have a live submission of it (it was sent to them, or they answered
 * it), APPROVER when they are asked to approve one of its submissions, else null.
 */
export type ContactFormRole = 'FILLER' | 'APPROVER' | null;
export type ContactFormCheck = (
  db: Pick<Db, 'select'>,
  contact: { companyId: string; contactId: string; email: string },
  formBuilderId: string,
) => Promise<ContactFormRole>;

let contactCheck: ContactFormCheck | null = null;

/** form-submissions' answer to what a form is to a contact. */
export function registerContactFormCheck(check: ContactFormCheck): void {
  contactCheck = check;
}

/** By the registered check (throws when none was registered). */
export async function contactFormRole(
  db: Pick<Db, 'select'>,
  contact: { companyId: string; contactId: string; email: string },
  formBuilderId: string,
): Promise<ContactFormRole> {
  if (!contactCheck)
    throw new Error('No module registered the contact form check with form-builders (app.ts)');
  return contactCheck(db, contact, formBuilderId);
}
