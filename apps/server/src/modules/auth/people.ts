import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { queryBuilder } from '../../platform/db/query-builder';
import { users } from './schema';

/**
 * The accounts' public details as a subquery other modules join in hot list queries (a note's
 * author, the company user list): id, email, first and last name, phone and job title.
 * PostgreSQL flattens it into the join (the plan of a direct join); the table, with its passwords
 * and second factors, stays this module's.
 */
export const userDirectory = queryBuilder
  .select({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    title: users.title,
  })
  .from(users)
  .as('user_directory');

/**
 * For a raw statement of another module: a correlated subquery answering the account's
 * `[first_name, last_name, email]` as a JSON array (null for no account) of the user whose id is
 * the SQL expression `userIdExpr` (e.g. `ed.sender_id`).
 */
export const userNamesTupleText = (userIdExpr: string): string =>
  `(select json_build_array(u.first_name, u.last_name, u.email) from users u where u.id = ${userIdExpr})`;

export type PersonNames = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
};

/** The names, emails, phones and addresses of the users among `ids` (unknown ones are absent), in one query. */
export async function findPeople(
  db: Pick<Db, 'select'>,
  ids: readonly (string | null)[],
): Promise<Map<string, PersonNames>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      address: users.address,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** The ids of the accounts with these emails (as stored: lowercased), by email, in one query. */
export async function userIdsByEmails(
  db: Pick<Db, 'select'>,
  emails: readonly string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(emails)]));
  return new Map(rows.map((u) => [u.email, u.id]));
}
