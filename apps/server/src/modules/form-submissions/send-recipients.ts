import { and, eq, sql } from 'drizzle-orm';
import { MAX_SEND_RECIPIENTS } from '@esigns/contracts/form-sends';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { validationError } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import { activeMemberIds } from '../company';
import { ensureContactsForEmails, findContactsByIds } from '../contacts';
import { loadEntityDefinition } from '../entities';
import { recordDirectory } from '../entity-data';
import type { AccessContext } from '../permissions';
import { assertContactType, contactsOfOtherType } from './contact-types';
import type { Recipient, Tx } from './send-link';

/*
 * Who a send reaches, resolved inside the send's transaction: contacts by id, emails (new ones
 * become contacts, as a document's recipients do), company users, or the records of an entity
 * (the email in a field of its primary template; those emails become contacts too).
 */

export type Resolved = { recipients: Recipient[]; skipped: number };

const fullName = (first: string, last: string): string => [first, last].join(' ').trim();

const unknownIds = (ids: readonly string[], known: ReadonlySet<string>, key: string, message: string) => {
  const details: TValidationDetail[] = [];
  ids.forEach((id, i) => {
    if (!known.has(id)) details.push({ key: `${key}.${i}`, path: [key, i], message });
  });
  if (details.length > 0) throw validationError(details.slice(0, 50));
};

/**
 * Contacts by id (422 `contact_ids.{i}` for one that is not the company's) and emails. With a
 * contact type (a form for that type's contacts), new contacts get it and contacts of another
 * type are 422 (`contact_ids.{i}`, `emails.{i}`).
 */
export async function contactRecipients(
  tx: Tx,
  access: AccessContext,
  contactIds: readonly string[],
  emails: readonly string[],
  contactTypeId: string | null = null,
): Promise<Resolved> {
  const created = await ensureContactsForEmails(
    tx,
    access.companyId,
    access.userId,
    [...new Set(emails)].map((email) => ({ email, firstName: '', lastName: '' })),
    { contactTypeId },
  );
  const byId = await findContactsByIds(tx, access.companyId, [
    ...new Set([...contactIds, ...created.values()]),
  ]);
  unknownIds(contactIds, new Set(byId.map((c) => c.id)), 'contact_ids', 'Not a contact of this company');
  await assertContactType(tx, access.companyId, contactTypeId, [
    ...contactIds.map((contactId, index) => ({ key: 'contact_ids', index, contactId })),
    ...emails.map((email, index) => ({ key: 'emails', index, contactId: created.get(email)! })),
  ]);
  const people = new Map(byId.map((c) => [c.id, c]));
  const order = [...contactIds, ...emails.map((email) => created.get(email)!)];
  const recipients = order.map((id): Recipient => {
    const c = people.get(id)!;
    return {
      kind: 'CONTACT',
      id: c.id,
      email: c.email.toLowerCase(),
      name: fullName(c.firstName, c.lastName),
    };
  });
  return { recipients, skipped: 0 };
}

/** Active members of the company (422 `user_ids.{i}` for anyone else). */
export async function userRecipients(
  tx: Tx,
  access: AccessContext,
  userIds: readonly string[],
): Promise<Resolved> {
  const members = await activeMemberIds(tx, access.companyId, userIds);
  unknownIds(userIds, members, 'user_ids', 'Not a member of this company');
  const people = await findPeople(tx, userIds);
  const recipients = userIds.map((id): Recipient => {
    const p = people.get(id)!;
    return { kind: 'USER', id, email: p.email.toLowerCase(), name: fullName(p.firstName, p.lastName) };
  });
  return { recipients, skipped: 0 };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The records of an entity of the company (404 for another's), each to the email in
 * `emailField` of the primary template (default its first EMAIL field; 422 when it has none or
 * the named field is not one of it). Records without a valid email are skipped.
 */
export async function entityRecipients(
  tx: Tx,
  access: AccessContext,
  entityId: string,
  emailField: string | undefined,
  contactTypeId: string | null = null,
): Promise<Resolved> {
  const def = await loadEntityDefinition(tx, access.companyId, entityId);
  const fields = def.primary.fields;
  const field = emailField
    ? fields.find((f) => f.key === emailField)
    : fields.find((f) => f.type === 'EMAIL');
  if (!field) {
    throw validationError([
      emailField
        ? {
            key: 'email_field',
            path: ['email_field'],
            message: "Not a field of the entity's primary template",
          }
        : {
            key: 'email_field',
            path: ['email_field'],
            message: 'The entity has no email field: name the field to send to',
          },
    ]);
  }
  const email = sql<
    string | null
  >`lower(trim(${recordDirectory.values} -> ${def.primary.id}::text ->> ${field.key}::text))`;
  const rows = await tx
    .select({ id: recordDirectory.id, title: recordDirectory.title, email })
    .from(recordDirectory)
    .where(and(eq(recordDirectory.entityId, def.row.id), eq(recordDirectory.companyId, access.companyId)))
    .orderBy(recordDirectory.createdAt, recordDirectory.id)
    .limit(MAX_SEND_RECIPIENTS * 2 + 1);
  const valid = rows.filter(
    (r): r is typeof r & { email: string } =>
      r.email !== null && EMAIL.test(r.email) && r.email.length <= 254,
  );
  const titles = new Map<string, string>();
  for (const r of valid) if (!titles.has(r.email)) titles.set(r.email, r.title.slice(0, 120));
  if (titles.size > MAX_SEND_RECIPIENTS || rows.length > MAX_SEND_RECIPIENTS * 2) {
    throw validationError([
      { key: 'entity_id', path: ['entity_id'], message: `At most ${MAX_SEND_RECIPIENTS} people per send` },
    ]);
  }
  const ids = await ensureContactsForEmails(
    tx,
    access.companyId,
    access.userId,
    [...titles].map(([e, title]) => ({ email: e, firstName: title, lastName: '' })),
    { contactTypeId },
  );
  // A form for one contact type leaves out the records whose email is a contact of another type.
  const others = contactTypeId
    ? await contactsOfOtherType(tx, access.companyId, contactTypeId, [...ids.values()])
    : new Set<string>();
  const reached = valid.filter((r) => !others.has(ids.get(r.email) ?? ''));
  const recipients = reached.map((r): Recipient => ({
    kind: 'CONTACT',
    id: ids.get(r.email) ?? null,
    email: r.email,
    name: r.title.slice(0, 120),
  }));
  return { recipients, skipped: rows.length - reached.length };
}
