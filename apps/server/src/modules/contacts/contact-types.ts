import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { TContactType } from '@esigns/contracts/contacts';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import type { AccessContext } from '../permissions';
import { likePattern } from '../roles';
import { runContactTypeDeletionHooks } from './hooks';
import { contacts, contactTypes } from './schema';

type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Type names are the same when equal ignoring case and surrounding spaces (the unique index). */
export const typeKey = (name: string): string => name.trim().toLowerCase();

type TypeRow = { id: string; name: string; createdAt: Date; updatedAt: Date; contactCount: number };

function toView(row: TypeRow): TContactType {
  return {
    _id: row.id,
    name: row.name,
    contact_count: Number(row.contactCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectTypes(db: Pick<Db, 'select'>, companyId: string) {
  const used = db
    .select({ typeId: contacts.contactTypeId, n: count().as('n') })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .groupBy(contacts.contactTypeId)
    .as('used');
  return db
    .select({
      id: contactTypes.id,
      name: contactTypes.name,
      createdAt: contactTypes.createdAt,
      updatedAt: contactTypes.updatedAt,
      contactCount: sql<number>`coalesce(${used.n}, 0)::int`,
    })
    .from(contactTypes)
    .leftJoin(used, eq(used.typeId, contactTypes.id));
}

/** `GET /contact-types`: every type of the company by name, with how many contacts have it. */
export async function listContactTypes(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  search?: string,
): Promise<TContactType[]> {
  const rows = await selectTypes(db, access.companyId)
    .where(
      and(
        eq(contactTypes.companyId, access.companyId),
        search ? ilike(contactTypes.name, likePattern(search)) : undefined,
      ),
    )
    .orderBy(sql`lower(${contactTypes.name})`, asc(contactTypes.id));
  return rows.map(toView);
}

export async function getContactType(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  id: string,
): Promise<TContactType> {
  if (!isUuid(id)) throw notFound('Contact type');
  const [row] = await selectTypes(db, access.companyId)
    .where(and(eq(contactTypes.companyId, access.companyId), eq(contactTypes.id, id)))
    .limit(1);
  if (!row) throw notFound('Contact type');
  return toView(row);
}

function duplicateName(name: string): AppError {
  return new AppError('CONFLICT', { message: `A contact type named "${name}" already exists` });
}

async function assertNameFree(db: Pick<Db, 'select'>, companyId: string, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .where(
      and(
        eq(contactTypes.companyId, companyId),
        sql`lower(${contactTypes.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${contactTypes.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) throw duplicateName(clash.name);
}

/** `POST /contact-types`: names are unique per company ignoring case (409). */
export async function createContactType(db: Db, access: AccessContext, name: string): Promise<TContactType> {
  await assertNameFree(db, access.companyId, name);
  try {
    const [row] = await db
      .insert(contactTypes)
      .values({ companyId: access.companyId, name })
      .returning({ id: contactTypes.id });
    return await getContactType(db, access, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

/** `PATCH /contact-types/{id}/updating_contact`: rename. */
export async function renameContactType(
  db: Db,
  access: AccessContext,
  id: string,
  name: string,
): Promise<TContactType> {
  await getContactType(db, access, id);
  await assertNameFree(db, access.companyId, name, id);
  try {
    await db
      .update(contactTypes)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(contactTypes.companyId, access.companyId), eq(contactTypes.id, id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
  return getContactType(db, access, id);
}

/**
 * `DELETE /contact-types/{id}`: refused (409) while contacts have the type, so that a click
 * never silently strips the type from many contacts; move or delete them first.
 */
export async function deleteContactType(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  const type = await getContactType(db, access, id);
  if (type.contact_count > 0) {
    throw new AppError('CONFLICT', {
      message:
        type.contact_count === 1
          ? `1 contact has the type "${type.name}": change its type first`
          : `${type.contact_count} contacts have the type "${type.name}": change their type first`,
    });
  }
  // The contact check and the delete race with a contact being given this type: the foreign key
  // then sets that contact's type to null, which is the same as the type never having been set.
  await db.transaction(async (tx) => {
    await tx
      .delete(contactTypes)
      .where(and(eq(contactTypes.companyId, access.companyId), eq(contactTypes.id, id)));
    // What other modules keep of the type goes with it (menus: its application users' menu).
    await runContactTypeDeletionHooks(tx, access.companyId, id);
  });
  return { _id: id };
}

/**
 * The ids of contact types by name (case-insensitive), creating the missing ones when `create`
 * is set. Answers a map from `typeKey(name)` to id; names not found (and not created) are absent.
 */
export async function contactTypeIdsByName(
  db: Queryable,
  companyId: string,
  names: Iterable<string>,
  create: boolean,
): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const clean = name.trim();
    // The first spelling in the input names a new type.
    if (clean && !wanted.has(typeKey(clean))) wanted.set(typeKey(clean), clean);
  }
  const found = new Map<string, string>();
  if (wanted.size === 0) return found;
  const read = async () => {
    const rows = await db
      .select({ id: contactTypes.id, name: contactTypes.name })
      .from(contactTypes)
      .where(
        and(
          eq(contactTypes.companyId, companyId),
          inArray(sql`lower(${contactTypes.name})`, [...wanted.keys()]),
        ),
      );
    for (const row of rows) found.set(typeKey(row.name), row.id);
  };
  await read();
  const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, name]) => name);
  if (create && missing.length > 0) {
    // A concurrent creation of the same name is absorbed by the unique index, then read back.
    await db
      .insert(contactTypes)
      .values(missing.map((name) => ({ companyId, name })))
      .onConflictDoNothing();
    await read();
  }
  return found;
}

/**
 * A contact type given by id or by name (spec paths use either): its id, or 404. Names match
 * case-insensitively.
 */
export async function resolveContactTypeParam(
  db: Pick<Db, 'select'>,
  companyId: string,
  idOrName: string,
): Promise<{ id: string; name: string }> {
  const byId = isUuid(idOrName) ? eq(contactTypes.id, idOrName) : undefined;
  const [row] = await db
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .where(
      and(
        eq(contactTypes.companyId, companyId),
        byId ?? sql`lower(${contactTypes.name}) = ${typeKey(idOrName)}`,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Contact type');
  return row;
}

/** The id of a contact type of the company given in a request body, or a 422 on `key`. */
export async function assertContactTypeOfCompany(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
  key: string,
): Promise<string> {
  const [row] = await db
    .select({ id: contactTypes.id })
    .from(contactTypes)
    .where(and(eq(contactTypes.companyId, companyId), eq(contactTypes.id, id)))
    .limit(1);
  if (!row) throw validationError([{ key, message: 'Unknown contact type', path: key.split('.') }]);
  return row.id;
}

/** The company's contact types among `ids` (non-UUIDs and other companies' ids are not found). */
export async function findContactTypes(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  return db
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .where(and(eq(contactTypes.companyId, companyId), inArray(contactTypes.id, wanted)));
}
