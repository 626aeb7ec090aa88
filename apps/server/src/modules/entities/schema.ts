import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TDuplicateRule, TEntityTemplate, TEntityType } from '@esigns/contracts/entities';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Entities (DOMAIN-NOCODE): business record types made of form templates, one of them primary.
 * Records live in `entity_data` (one table for every entity, values in JSONB).
 */
export const entities = pgTable(
  'entities',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    entityType: text().$type<TEntityType>().notNull(),
    icon: text(),
    /** In display order; exactly one `is_primary`. */
    templates: jsonb().$type<TEntityTemplate[]>().notNull(),
    primaryTemplateId: uuid().notNull(),
    displayField: text(),
    duplicateRules: jsonb().$type<TDuplicateRule[]>().notNull().default([]),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entities_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('entities_company_slug_idx').on(t.companyId, t.slug),
    index('entities_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

/**
 * The next AUTO_INCREMENT number of one field of one entity, taken with
 * `UPDATE ... SET next_value = next_value + 1 RETURNING` so concurrent records never share one.
 */
export const entityCounters = pgTable(
  'entity_counters',
  {
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    templateId: uuid().notNull(),
    fieldKey: text().notNull(),
    nextValue: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.templateId, t.fieldKey] })],
);
