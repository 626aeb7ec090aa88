import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { findContactsByIds } from '../contacts';
import { contactMayFill, findFormBuilder, type ContactFormRole, type FormBuilderRow } from './builders-port';
import { formApprovals, formSubmissions } from './schema';
import { approverMatch, contactFillerSql } from './submission-store';

/*
 * A signed-in contact filling forms in the contact area (`/ap`): the forms they may start (their
 * contact type's ACTIVE CONTACTS forms, and the forms sent to them), and who they fill as.
 */

/**
 * What the form is to the contact: FILLER when they have a live submission of it (it was sent to
 * them, or they answered it), APPROVER when they are asked to approve one of its live submissions.
 */
export async function contactFormRoleOf(
  db: Pick<Db, 'select'>,
  contact: { companyId: string; contactId: string; email: string },
  formBuilderId: string,
): Promise<ContactFormRole> {
  const ofForm = and(
    eq(formSubmissions.formBuilderId, formBuilderId),
    eq(formSubmissions.companyId, contact.companyId),
    isNull(formSubmissions.deletedAt),
  );
  const [filled] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(ofForm, contactFillerSql(contact)))
    .limit(1);
  if (filled) return 'FILLER';
  const [asked] = await db
    .select({ id: formApprovals.id })
    .from(formApprovals)
    .innerJoin(formSubmissions, eq(formSubmissions.id, formApprovals.submissionId))
    .where(and(ofForm, approverMatch({ kind: 'CONTACT', contact })))
    .limit(1);
  return asked ? 'APPROVER' : null;
}

/** The form `formId` when the contact may fill it, else 404 (as another company's). */
export async function formForContact(
  db: Db,
  contact: ContactContext,
  formId: string,
): Promise<FormBuilderRow> {
  const form = await findFormBuilder(db, contact.companyId, formId);
  if (!(await contactMayFill(db, contact, form))) throw notFound('Form');
  return form;
}

/** The filler columns of a contact's new submission: their contact, email and name. */
export async function contactFillerOf(db: Pick<Db, 'select'>, contact: ContactContext) {
  const [person] = await findContactsByIds(db, contact.companyId, [contact.contactId]);
  return {
    fillerKind: 'CONTACT' as const,
    fillerId: contact.contactId,
    fillerEmail: contact.email,
    fillerName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
    createdBy: contact.userId,
  };
}
