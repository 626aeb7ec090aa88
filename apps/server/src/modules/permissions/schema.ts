import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import { companies } from '../company/schema';

/**
 * The permission set of each user type in each company (spec 1 §6), edited in the permission
 * matrix. Seeded from DEFAULT_PERMISSIONS when the company is created.
 */
export const userTypePermissions = pgTable(
  'user_type_permissions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userType: text().$type<UserType>().notNull(),
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_type_permissions_company_type_idx').on(t.companyId, t.userType)],
);
