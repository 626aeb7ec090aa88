import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Roles (spec 3 §6): named, company-scoped groups of staff within one user type ("Sales
 * managers", "Back office"). A membership's `role_id` points here; rows of other areas that are
 * assigned to a role are guarded by the role's user type (`canActOnRow`).
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    userType: text().$type<UserType>().notNull(),
    description: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique per company whatever their case.
    uniqueIndex('roles_company_name_idx').on(t.companyId, sql`lower(name)`),
    index('roles_company_type_idx').on(t.companyId, t.userType),
  ],
);
