import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TFilterGroup, TFilterRule, TSort } from '@esigns/contracts/nocode-filters';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';

/**
 * Saved filters of one entity (`entity-filter`). `is_quick`: shown as a one-click chip above the
 * grid. `user_id` null: shared with the company; set: the author's own.
 */
export const entityFilters = pgTable(
  'entity_filters',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    filterName: text().notNull(),
    filters: jsonb().$type<TFilterGroup>().notNull(),
    sort: jsonb().$type<TSort[]>().notNull().default([]),
    columns: jsonb().$type<string[]>(),
    isQuick: boolean().notNull().default(false),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entity_filters_entity_idx').on(t.entityId, t.filterName),
    index('entity_filters_company_idx').on(t.companyId),
  ],
);

/**
 * A user's global filters (/profilesettings/global-filters): a rule on a template field applied
 * to every entity whose templates include that template (the `field` of the rule names it).
 */
export const globalFilters = pgTable(
  'global_filters',
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
    templateId: uuid().notNull(),
    rule: jsonb().$type<TFilterRule>().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('global_filters_user_idx').on(t.companyId, t.userId)],
);
