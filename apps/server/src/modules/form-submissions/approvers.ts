import { and, eq } from 'drizzle-orm';
import type { TApprovalLevel } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { activeMemberIds, membershipDirectory } from '../company';
import { findContactsByEmails, findContactsByIds } from '../contacts';
import type { SubmissionRow } from './submission-store';

/*
 * The people of an approval level, resolved when the submission reaches it: named company users
 * (still active members), every active member of a user type, contacts of the company, and the
 * email typed in a field of the submission. Each person once (a user before the same email).
 */

export type ApproverPerson =
  | { kind: 'USER'; userId: string; email: string; name: string }
  | { kind: 'CONTACT'; contactId: string; email: string; name: string }
  | { kind: 'EMAIL'; email: string; name: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

async function userIdsOf(db: Db, companyId: string, level: TApprovalLevel): Promise<string[]> {
  const named = level.approvers.flatMap((a) => (a.kind === 'COMPANY_USER' ? [a.user_id] : []));
  const ids = [...(await activeMemberIds(db, companyId, named))];
  for (const approver of level.approvers) {
    if (approver.kind !== 'USER_TYPE') continue;
    const rows = await db
      .select({ userId: membershipDirectory.userId })
      .from(membershipDirectory)
      .where(
        and(
          eq(membershipDirectory.companyId, companyId),
          eq(membershipDirectory.userType, approver.user_type),
          eq(membershipDirectory.status, 'ACTIVE'),
        ),
      );
    ids.push(...rows.map((r) => r.userId));
  }
  return [...new Set(ids)];
}

export async function resolveApprovers(
  db: Db,
  row: SubmissionRow,
  level: TApprovalLevel,
): Promise<ApproverPerson[]> {
  const people = new Map<string, ApproverPerson>();
  const userIds = await userIdsOf(db, row.companyId, level);
  const names = await findPeople(db, userIds);
  for (const userId of userIds) {
    const person = names.get(userId);
    if (!person) continue;
    const email = person.email.toLowerCase();
    people.set(email, { kind: 'USER', userId, email, name: fullName(person.firstName, person.lastName) });
  }
  const contactIds = level.approvers.flatMap((a) => (a.kind === 'CONTACT' ? [a.contact_id] : []));
  for (const contact of await findContactsByIds(db, row.companyId, contactIds)) {
    const email = contact.email.toLowerCase();
    if (!people.has(email)) {
      people.set(email, {
        kind: 'CONTACT',
        contactId: contact.id,
        email,
        name: fullName(contact.firstName, contact.lastName),
      });
    }
  }
  // An email typed in a field: the company's contact of that email when there is one (a signed-in
  // contact then finds the approval in their area; the mailed link works either way).
  const typed = level.approvers.flatMap((approver) => {
    if (approver.kind !== 'FIELD_EMAIL') return [];
    const value = row.values[approver.step_id]?.[approver.field];
    const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return EMAIL.test(email) && !people.has(email) ? [email] : [];
  });
  const known = new Map(
    (await findContactsByEmails(db, row.companyId, [...new Set(typed)])).map((c) => [c.email, c]),
  );
  for (const email of typed) {
    const contact = known.get(email);
    people.set(
      email,
      contact
        ? {
            kind: 'CONTACT',
            contactId: contact.id,
            email,
            name: fullName(contact.firstName, contact.lastName),
          }
        : { kind: 'EMAIL', email, name: '' },
    );
  }
  return [...people.values()];
}
