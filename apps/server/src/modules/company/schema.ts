import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlanType, UserType } from '@esigns/contracts/auth';
import { users } from '../auth/schema';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '@esigns/contracts/team';

/** A workspace: a person's INDIVIDUAL space or a BUSINESS with staff. Every tenant row points here. */
export const companies = pgTable(
  'companies',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text().notNull(),
    slug: text().notNull(),
    planType: text().$type<PlanType>().notNull(),
    isActive: boolean().notNull().default(true),
    /** Branding and dialog overrides (spec 1 §1-§2), merged over the defaults. */
    settings: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_slug_idx').on(t.slug)],
);

export { MEMBERSHIP_STATUSES, type MembershipStatus };

/** A user's place in a company: their user type there (OWNER/ADMIN/MANAGER/MEMBER). */
export const companyUsers = pgTable(
  'company_users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: text().$type<UserType>().notNull(),
    roleId: uuid(),
    status: text().$type<MembershipStatus>().notNull().default('ACTIVE'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_users_company_user_idx').on(t.companyId, t.userId),
    index('company_users_user_idx').on(t.userId),
  ],
);
