import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from './schema';

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
