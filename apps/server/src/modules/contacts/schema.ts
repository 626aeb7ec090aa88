import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/** Contact types of a company's address book ("Buyer", "Tenant", "Vendor"...), unique by name. */
export const contactTypes = pgTable(
  'contact_types',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_types_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * A contact of a company: a person documents are sent to. The email is stored lowercased and is
 * unique in the company. `userId` links the contact to a login once they have one (contact area).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    title: text().notNull().default(''),
    /** The organisation the contact belongs to (spec "account name"). */
    accountName: text().notNull().default(''),
    contactTypeId: uuid().references(() => contactTypes.id, { onDelete: 'set null' }),
    address: jsonb().$type<Record<string, string>>().notNull().default({}),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_email_idx').on(t.companyId, t.email),
    index('contacts_company_type_idx').on(t.companyId, t.contactTypeId),
    index('contacts_company_account_idx').on(t.companyId, t.accountName),
  ],
);
