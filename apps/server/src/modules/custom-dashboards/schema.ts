import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Custom dashboards (DOMAIN-PLATFORM "Custom dashboards"): a named grid of widgets, assigned to
 * staff user types and to contact types. Widgets are one JSON list (at most 30, checked against
 * the company's entities, views and filters when saved); their numbers are never stored.
 * `contact_type_ids` is a plain array (no foreign key can reach into it): deleting a contact type
 * removes its id here in the same transaction (contacts' deletion hook).
 */
export const customDashboards = pgTable(
  'custom_dashboards',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    userTypes: text()
      .array()
      .$type<UserType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactTypeIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    widgets: jsonb().$type<TDashboardWidget[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_dashboards_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('custom_dashboards_contact_types_idx').using('gin', t.contactTypeIds),
  ],
);
