import { sql } from 'drizzle-orm';
import type { TFoundRecord, TUserEntityDataRequest } from '@esigns/contracts/entity-actions';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { notFound, validationError } from '../../platform/http/app-error';
import { findActiveMembers } from '../company-users';
import { getContact } from '../contacts';
import { entityRefOf, loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { findOrAddRecord } from './find-or-add';
import { entityData } from './schema';
import { toRecord, withComputedValues } from './service';

/*
 * `POST /user-entity-data`: the record of a person (a workspace user or a contact of the address
 * book) in an entity of people: found by email, else added with what is known of them.
 */

type Person = { first: string; last: string; email: string; phone: string; designation: string };

async function personOf(db: Db, access: AccessContext, body: TUserEntityDataRequest): Promise<Person> {
  if (body.user_id) {
    const [user] = await findActiveMembers(db, access.companyId, { userIds: [body.user_id] });
    if (!user) throw notFound('User');
    return {
      first: user.firstName,
      last: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      designation: user.title ?? '',
    };
  }
  const contact = await getContact(db, access, body.contact_id ?? '');
  return {
    first: contact.first_name,
    last: contact.last_name,
    email: contact.email,
    phone: contact.phone,
    designation: contact.title,
  };
}

/** Which detail of a person a field holds, by its key (then EMAIL and PHONE fields by type). */
const BY_KEY: Record<string, (p: Person) => string> = {
  first_name: (p) => p.first,
  firstname: (p) => p.first,
  last_name: (p) => p.last,
  lastname: (p) => p.last,
  surname: (p) => p.last,
  name: (p) => `${p.first} ${p.last}`.trim(),
  full_name: (p) => `${p.first} ${p.last}`.trim(),
  contact_name: (p) => `${p.first} ${p.last}`.trim(),
  email: (p) => p.email,
  email_address: (p) => p.email,
  phone: (p) => p.phone,
  mobile: (p) => p.phone,
  phone_number: (p) => p.phone,
  designation: (p) => p.designation,
  job_title: (p) => p.designation,
};

function detailFor(field: TFormField, person: Person): string {
  const byKey = BY_KEY[field.key.toLowerCase()];
  if (byKey) return byKey(person);
  // "title" names records in many entities: only a field labelled as a designation takes it.
  if (field.key === 'title' && /designation|job/i.test(field.label)) return person.designation;
  if (field.type === 'EMAIL') return person.email;
  if (field.type === 'PHONE') return person.phone;
  return '';
}

/**
 * `POST /user-entity-data`: the entity's record whose email (the primary template's first EMAIL
 * field) is the person's, else a new one: the person's names, email, phone and designation go to
 * the primary template's fields that hold them (by key, then EMAIL/PHONE by type) unless `values`
 * sets them; a detail the field would refuse (a phone not in E.164) is left out. 422 keyed
 * `entity_id` when the entity has no email field.
 */
export async function findOrAddPersonRecord(
  db: Db,
  access: AccessContext,
  body: TUserEntityDataRequest,
): Promise<TFoundRecord> {
  const def = await loadEntityDefinition(db, access.companyId, body.entity_id);
  const emailField = def.primary.fields.find((f) => f.type === 'EMAIL');
  if (!emailField) {
    const message = `${def.row.name} has no email field to find people by`;
    throw validationError([{ key: 'entity_id', path: ['entity_id'], message }], message);
  }
  const person = await personOf(db, access, body);
  const given = body.values[def.primary.id] ?? {};
  const filled: Record<string, unknown> = {};
  for (const field of def.primary.fields) {
    const detail = detailFor(field, person).trim();
    if (!detail || Object.hasOwn(given, field.key)) continue;
    const check = parseTemplateValues([field], { [field.key]: detail }, { partial: true });
    if (check.errors.length === 0) filled[field.key] = detail;
  }
  const input = { ...body.values, [def.primary.id]: { ...filled, ...given } };
  const { created, row } = await findOrAddRecord(db, access, def, input, () => {
    return sql`lower(${entityData.values} -> ${def.primary.id}::text ->> ${emailField.key}::text) = lower(${person.email})`;
  });
  const [computed] = await withComputedValues(db, def, [row]);
  return { created, entity: entityRefOf(def), record: toRecord(computed!) };
}
