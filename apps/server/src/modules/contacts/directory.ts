import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { contacts } from './schema';

/**
 * The contacts as a subquery other modules join in their list queries (document requests join
 * the contact they address; the contact area its caller's contact): id, company, linked login,
 * contact type, lowercased email and names. PostgreSQL
 * flattens it into the join, so the plan is a direct join's; the table stays this module's.
 */
export const contactDirectory = queryBuilder
  .select({
    id: contacts.id,
    companyId: contacts.companyId,
    userId: contacts.userId,
    contactTypeId: contacts.contactTypeId,
    email: contacts.email,
    firstName: contacts.firstName,
    lastName: contacts.lastName,
  })
  .from(contacts)
  .as('contact_directory');

export type ContactPerson = { email: string; firstName: string; lastName: string };

/**
 * The company's contact id of each email, in one upsert: new emails become contacts (created by
 * `createdBy`, of `options.contactTypeId` when given: a form sent to a contact type's contacts),
 * existing contacts are kept as they are (their type too). Emails are taken as given (lowercased
 * by the caller, like every stored contact email). Answers email -> contact id.
 */
export async function ensureContactsForEmails(
  tx: Pick<Db, 'insert'>,
  companyId: string,
  createdBy: string,
  people: readonly ContactPerson[],
  options: { contactTypeId?: string | null } = {},
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const rows = await tx
    .insert(contacts)
    .values(
      people.map((p) => ({
        companyId,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        createdBy,
        contactTypeId: options.contactTypeId ?? null,
      })),
    )
    // An existing contact is kept as it is; the no-op update makes RETURNING answer its id too.
    .onConflictDoUpdate({ target: [contacts.companyId, contacts.email], set: { email: sql`excluded.email` } })
    .returning({ id: contacts.id, email: contacts.email });
  return new Map(rows.map((r) => [r.email, r.id]));
}
