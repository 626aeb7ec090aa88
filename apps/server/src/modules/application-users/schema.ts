import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TApplicationUserStatus } from '@esigns/contracts/application-users';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { contacts } from '../contacts/schema';
import { entityData } from '../entity-data/schema';

/**
 * Portal access of a contact (the contact area under `/ap`): the login (`user_id`, a row of
 * `users`, shared with any staff account of the same email) a contact of the company signs in
 * with. INVITED until the invitation is accepted (password set), ACTIVE, or REVOKED by staff
 * (sessions ended, sign-in refused). `account_data_id` is the contact's own account record: what
 * "own records" of the contact's entity permissions are linked to.
 */
export const applicationUsers = pgTable(
  'application_users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<TApplicationUserStatus>().notNull().default('INVITED'),
    accountDataId: uuid().references(() => entityData.id, { onDelete: 'set null' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastSigninAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_users_contact_idx').on(t.contactId),
    uniqueIndex('application_users_company_user_idx').on(t.companyId, t.userId),
    index('application_users_user_idx').on(t.userId),
  ],
);
