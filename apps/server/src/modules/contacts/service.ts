import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  contactDisplayName,
  type TContact,
  type TContactSort,
  type TContactUser,
  type TEmailAvailability,
  type TEmailExists,
  type TEntityDataName,
  type TFormContactResult,
  type ZCreateContactRequest,
  type ZFormContact,
  type ZUpdateContactRequest,
} from '@esigns/contracts/contacts';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { likePattern } from '../roles';
import {
  assertContactTypeOfCompany,
  contactTypeIdsByName,
  resolveContactTypeParam,
  typeKey,
} from './contact-types';
import { contacts, contactTypes } from './schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select' | 'selectDistinct'>;

export type TCreateContactInput = z.output<typeof ZCreateContactRequest>;
export type TUpdateContactInput = z.output<typeof ZUpdateContactRequest>;
export type TFormContactInput = z.output<typeof ZFormContact>;

/** What a contact write may do beyond the contact itself. */
export type ContactWriteOptions = {
  /** A `contact_type_name` that names no type creates it (else 422 on `contact_type_name`). */
  canCreateType: boolean;
};

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  phone: contacts.phone,
  title: contacts.title,
  accountName: contacts.accountName,
  contactTypeId: contacts.contactTypeId,
  contactTypeName: contactTypes.name,
  address: contacts.address,
  userId: contacts.userId,
  createdBy: contacts.createdBy,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

type ContactRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  title: string;
  accountName: string;
  contactTypeId: string | null;
  contactTypeName: string | null;
  address: Record<string, string>;
  userId: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toContactView(row: ContactRow): TContact {
  const names = { first_name: row.firstName, last_name: row.lastName, email: row.email };
  return {
    _id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    name: contactDisplayName(names),
    phone: row.phone,
    title: row.title,
    account_name: row.accountName,
    contact_type_id: row.contactTypeId,
    contact_type:
      row.contactTypeId && row.contactTypeName !== null
        ? { _id: row.contactTypeId, name: row.contactTypeName }
        : null,
    address: row.address,
    user_id: row.userId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectContacts(db: Reader) {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(
      contactTypes,
      and(eq(contactTypes.id, contacts.contactTypeId), eq(contactTypes.companyId, contacts.companyId)),
    );
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${contacts.email} ilike ${pattern} or ${contacts.firstName} ilike ${pattern}
    or ${contacts.lastName} ilike ${pattern} or (${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${pattern}
    or ${contacts.accountName} ilike ${pattern})`;
}

const byName = [sql`lower(${contacts.firstName})`, sql`lower(${contacts.lastName})`, contacts.email];

function orderOf(sort: TContactSort | undefined): SQL[] {
  const isDesc = sort === undefined || sort.startsWith('-');
  const key = sort === undefined ? 'created_at' : sort.replace(/^-/, '');
  const dir = (expr: SQL | AnyPgColumn) => (isDesc ? sql`${expr} desc` : sql`${expr} asc`);
  const nameAsc = byName.map((column) => sql`${column} asc`);
  const tieBreak = sql`${contacts.id} asc`;
  switch (key) {
    case 'name':
      return [...byName.map(dir), tieBreak];
    case 'email':
      return [dir(contacts.email), tieBreak];
    case 'account_name':
      return [dir(sql`lower(${contacts.accountName})`), ...nameAsc, tieBreak];
    case 'contact_type':
      return [dir(sql`lower(coalesce(${contactTypes.name}, ''))`), ...nameAsc, tieBreak];
    case 'updated_at':
      return [dir(contacts.updatedAt), tieBreak];
    default:
      return [dir(contacts.createdAt), tieBreak];
  }
}

export type ContactListQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  contact_type?: string | undefined;
  account_name?: string | undefined;
  sort?: TContactSort | undefined;
};

/**
 * `GET /contacts`: the company's contacts, paged. `contact_type` is a type id or name; a type
 * that does not exist matches nothing (an empty page, not an error: filters come from URLs).
 */
export async function listContacts(
  db: Reader,
  access: AccessContext,
  query: ContactListQuery,
): Promise<{ rows: TContact[]; total: number }> {
  let typeFilter: SQL | undefined;
  if (query.contact_type) {
    typeFilter = isUuid(query.contact_type)
      ? eq(contacts.contactTypeId, query.contact_type)
      : inArray(
          contacts.contactTypeId,
          db
            .select({ id: contactTypes.id })
            .from(contactTypes)
            .where(
              and(
                eq(contactTypes.companyId, access.companyId),
                sql`lower(${contactTypes.name}) = ${typeKey(query.contact_type)}`,
              ),
            ),
        );
  }
  const where = and(
    eq(contacts.companyId, access.companyId),
    searchCondition(query.search),
    typeFilter,
    query.account_name
      ? sql`lower(${contacts.accountName}) = ${query.account_name.toLowerCase()}`
      : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(contacts).where(where);
  const rows = await selectContacts(db)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows: rows.map(toContactView), total: Number(totalRow?.n ?? 0) };
}

/** `GET /contact-users`: a short list for pickers, best matches first (email or name prefix). */
export async function listContactUsers(
  db: Reader,
  access: AccessContext,
  query: { search?: string | undefined; limit: number },
): Promise<TContactUser[]> {
  const prefix = query.search ? `${likePattern(query.search).slice(1)}` : null;
  const rank = prefix
    ? [
        sql`case when ${contacts.email} ilike ${prefix} or ${contacts.firstName} ilike ${prefix}
          or ${contacts.lastName} ilike ${prefix} then 0 else 1 end`,
      ]
    : [];
  const rows = await selectContacts(db)
    .where(and(eq(contacts.companyId, access.companyId), searchCondition(query.search)))
    .orderBy(...rank, ...byName.map((c) => sql`${c} asc`), asc(contacts.id))
    .limit(query.limit);
  return rows.map((row) => {
    const view = toContactView(row);
    return {
      _id: view._id,
      contact_id: view._id,
      email: view.email,
      first_name: view.first_name,
      last_name: view.last_name,
      name: view.name,
      account_name: view.account_name,
      contact_type: view.contact_type?.name ?? null,
    };
  });
}

/** Most contacts a non-paged list answers. */
const LIST_CAP = 1000;

/**
 * `GET /contacts/{contactType}/{accountName}/list`: the contacts of one type (id or name; unknown:
 * 404) at one account (case-insensitive), by name.
 */
export async function listContactsOfAccount(
  db: Reader,
  access: AccessContext,
  contactType: string,
  accountName: string,
): Promise<TContact[]> {
  const type = await resolveContactTypeParam(db, access.companyId, contactType);
  const rows = await selectContacts(db)
    .where(
      and(
        eq(contacts.companyId, access.companyId),
        eq(contacts.contactTypeId, type.id),
        sql`lower(${contacts.accountName}) = ${accountName.trim().toLowerCase()}`,
      ),
    )
    .orderBy(...byName.map((c) => sql`${c} asc`), asc(contacts.id))
    .limit(LIST_CAP);
  return rows.map(toContactView);
}

/**
 * The contacts whose account name is `accountName` (ignoring case): the first `limit` by name
 * (`{ _id, firstName, lastName, email, phone, title }`) and how many there are. A company record
 * shows them (entity-data).
 */
export async function contactsOfAccount(db: Reader, companyId: string, accountName: string, limit: number) {
  const sameAccount = and(
    eq(contacts.companyId, companyId),
    sql`lower(${contacts.accountName}) = lower(${accountName})`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        _id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        phone: contacts.phone,
        title: contacts.title,
      })
      .from(contacts)
      .where(sameAccount)
      .orderBy(asc(contacts.firstName), asc(contacts.lastName), asc(contacts.email))
      .limit(limit),
    db.select({ n: count() }).from(contacts).where(sameAccount),
  ]);
  return { contacts: rows, total: total?.n ?? 0 };
}

/** `GET /entityDataNames/{contactTypeName}`: names and ids of the contacts of a type, by name. */
export async function listEntityDataNames(
  db: Reader,
  access: AccessContext,
  contactType: string,
): Promise<TEntityDataName[]> {
  const type = await resolveContactTypeParam(db, access.companyId, contactType);
  const rows = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, access.companyId), eq(contacts.contactTypeId, type.id)))
    .orderBy(...byName.map((c) => sql`${c} asc`), asc(contacts.id))
    .limit(LIST_CAP);
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    name: contactDisplayName({ first_name: row.firstName, last_name: row.lastName, email: row.email }),
  }));
}

/** `POST /entity/account-names`: the distinct account names, optionally of one contact type. */
export async function listAccountNames(
  db: Reader,
  access: AccessContext,
  query: { contact_type?: string | undefined; search?: string | undefined },
): Promise<string[]> {
  const type = query.contact_type
    ? await resolveContactTypeParam(db, access.companyId, query.contact_type)
    : undefined;
  const rows = await db
    .selectDistinct({ name: contacts.accountName })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, access.companyId),
        ne(contacts.accountName, ''),
        type ? eq(contacts.contactTypeId, type.id) : undefined,
        query.search ? sql`${contacts.accountName} ilike ${likePattern(query.search)}` : undefined,
      ),
    )
    .orderBy(asc(contacts.accountName))
    .limit(LIST_CAP);
  return rows.map((row) => row.name);
}

export async function getContact(db: Reader, access: AccessContext, id: string): Promise<TContact> {
  if (!isUuid(id)) throw notFound('Contact');
  const [row] = await selectContacts(db)
    .where(and(eq(contacts.companyId, access.companyId), eq(contacts.id, id)))
    .limit(1);
  if (!row) throw notFound('Contact');
  return toContactView(row);
}

/** `POST /contacts/check-contact`: the company's contact with this email, or null. */
export async function findContactByEmail(
  db: Reader,
  access: AccessContext,
  email: string,
): Promise<TContact | null> {
  const [row] = await selectContacts(db)
    .where(and(eq(contacts.companyId, access.companyId), eq(contacts.email, email)))
    .limit(1);
  return row ? toContactView(row) : null;
}

async function contactIdsByEmail(
  db: Reader,
  companyId: string,
  emails: string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.email, emails)));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** `POST /contacts/check-exists`: for each email (normalised, in order, once), whether it is a contact. */
export async function checkEmailsExist(
  db: Reader,
  access: AccessContext,
  emails: string[],
): Promise<TEmailExists[]> {
  const unique = [...new Set(emails)];
  const found = await contactIdsByEmail(db, access.companyId, unique);
  return unique.map((email) => {
    const id = found.get(email) ?? null;
    return { email, exists: id !== null, contact_id: id };
  });
}

/** `POST /contacts/check-contact-email`: whether no other contact of the company has the email. */
export async function checkEmailAvailable(
  db: Reader,
  access: AccessContext,
  email: string,
  exceptId?: string,
): Promise<TEmailAvailability> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, access.companyId),
        eq(contacts.email, email),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return { available: !row, contact_id: row?.id ?? null };
}

export function emailTaken(email: string): AppError {
  return new AppError('CONFLICT', {
    message: `A contact with the email ${email} already exists`,
    errorCode: 'CONTACT_EMAIL_EXISTS',
  });
}

/** The contact type id a write asks for: undefined (leave as is), null (none) or an id. */
async function contactTypeIdOf(
  tx: Tx,
  companyId: string,
  input: { contact_type_id?: string | null | undefined; contact_type_name?: string | undefined },
  options: ContactWriteOptions,
): Promise<string | null | undefined> {
  if (input.contact_type_id !== undefined) {
    return input.contact_type_id === null
      ? null
      : assertContactTypeOfCompany(tx, companyId, input.contact_type_id, 'contact_type_id');
  }
  if (input.contact_type_name === undefined) return undefined;
  if (input.contact_type_name === '') return null;
  const ids = await contactTypeIdsByName(tx, companyId, [input.contact_type_name], options.canCreateType);
  const id = ids.get(typeKey(input.contact_type_name));
  if (!id) {
    throw validationError([
      { key: 'contact_type_name', message: 'Unknown contact type', path: ['contact_type_name'] },
    ]);
  }
  return id;
}

/** `POST /contacts`: 409 when the email is already a contact of the company. */
export async function createContact(
  db: Db,
  access: AccessContext,
  input: TCreateContactInput,
  options: ContactWriteOptions,
): Promise<TContact> {
  try {
    const id = await db.transaction(async (tx) => {
      const taken = await checkEmailAvailable(tx, access, input.email);
      if (!taken.available) throw emailTaken(input.email);
      const contactTypeId = await contactTypeIdOf(tx, access.companyId, input, options);
      const [row] = await tx
        .insert(contacts)
        .values({
          companyId: access.companyId,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name ?? '',
          phone: input.phone ?? '',
          title: input.title ?? '',
          accountName: input.account_name ?? '',
          address: input.address ?? {},
          contactTypeId: contactTypeId ?? null,
          createdBy: access.userId,
        })
        .returning({ id: contacts.id });
      return row!.id;
    });
    return await getContact(db, access, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken(input.email);
    throw err;
  }
}

/** `PATCH /contacts/{id}` and `POST /contacts/update`: only the fields given change. */
export async function updateContact(
  db: Db,
  access: AccessContext,
  id: string,
  input: TUpdateContactInput,
  options: ContactWriteOptions,
): Promise<TContact> {
  const current = await getContact(db, access, id);
  try {
    await db.transaction(async (tx) => {
      if (input.email !== undefined && input.email !== current.email) {
        const taken = await checkEmailAvailable(tx, access, input.email, id);
        if (!taken.available) throw emailTaken(input.email);
      }
      const contactTypeId = await contactTypeIdOf(tx, access.companyId, input, options);
      await tx
        .update(contacts)
        .set({
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.account_name !== undefined ? { accountName: input.account_name } : {}),
          ...(input.address !== undefined ? { address: input.address } : {}),
          ...(contactTypeId !== undefined ? { contactTypeId } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(contacts.companyId, access.companyId), eq(contacts.id, id)));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken(input.email ?? current.email);
    throw err;
  }
  return getContact(db, access, id);
}

/**
 * `DELETE /contacts/{id}`: removes the contact. Documents already sent keep their recipients
 * (name and email); only the link to the address book entry goes.
 */
export async function deleteContact(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  await getContact(db, access, id);
  await db.delete(contacts).where(and(eq(contacts.companyId, access.companyId), eq(contacts.id, id)));
  return { _id: id };
}

/**
 * `POST /contacts/formbuilder/user-create(s)`: each contact by email, created when new. An
 * existing contact gets the non-empty values given when `canUpdate`, else stays as it is.
 * Unknown contact type names are created. The same email twice in one call is one contact.
 */
export async function upsertFormContacts(
  db: Db,
  access: AccessContext,
  inputs: TFormContactInput[],
  canUpdate: boolean,
): Promise<TFormContactResult[]> {
  return db.transaction(async (tx) => {
    const typeIds = await contactTypeIdsByName(
      tx,
      access.companyId,
      inputs.flatMap((input) => (input.contact_type_name ? [input.contact_type_name] : [])),
      true,
    );
    for (const [index, input] of inputs.entries()) {
      if (input.contact_type_id) {
        await assertContactTypeOfCompany(
          tx,
          access.companyId,
          input.contact_type_id,
          `contacts.${index}.contact_type_id`,
        );
      }
    }
    const results: TFormContactResult[] = [];
    const seen = new Map<string, TFormContactResult>();
    for (const input of inputs) {
      const known = seen.get(input.email);
      if (known) {
        results.push(known);
        continue;
      }
      const typeId =
        input.contact_type_id ??
        (input.contact_type_name ? typeIds.get(typeKey(input.contact_type_name)) : undefined);
      const values = {
        firstName: input.first_name || undefined,
        lastName: input.last_name || undefined,
        phone: input.phone || undefined,
        title: input.title || undefined,
        accountName: input.account_name || undefined,
        address: input.address && Object.keys(input.address).length > 0 ? input.address : undefined,
        contactTypeId: typeId ?? undefined,
      };
      const [existing] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, access.companyId), eq(contacts.email, input.email)))
        .limit(1);
      let result: TFormContactResult;
      if (existing) {
        const hasChanges = Object.values(values).some((v) => v !== undefined);
        if (canUpdate && hasChanges) {
          await tx
            .update(contacts)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(contacts.id, existing.id));
        }
        result = { contact_id: existing.id, email: input.email, is_new: false };
      } else {
        const [row] = await tx
          .insert(contacts)
          .values({ companyId: access.companyId, email: input.email, createdBy: access.userId, ...values })
          .returning({ id: contacts.id });
        result = { contact_id: row!.id, email: input.email, is_new: true };
      }
      seen.set(input.email, result);
      results.push(result);
    }
    return results;
  });
}

/** Company contacts by id (used by other modules to check recipients' contact ids). */
/** The company's contacts with these (lower-case) emails: the ones that exist. */
export async function findContactsByEmails(
  db: Pick<Db, 'select'>,
  companyId: string,
  emails: string[],
): Promise<{ id: string; email: string; firstName: string; lastName: string }[]> {
  if (emails.length === 0) return [];
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.email, emails)));
}

export async function findContactsByIds(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: string[],
): Promise<{ id: string; email: string; firstName: string; lastName: string; phone: string }[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: contacts.phone,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, valid)));
}
