import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';

/**
 * How an entity's screens look (spec 3 §3 "Entity customization: label, entity_id, isActive"):
 * several named customizations per entity, at most one active (partial unique index).
 */
export const entityCustomizations = pgTable(
  'entity_customizations',
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
    label: text().notNull(),
    isActive: boolean().notNull().default(false),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_customizations_active_idx')
      .on(t.entityId)
      .where(sql`${t.isActive}`),
    index('entity_customizations_company_idx').on(t.companyId, t.updatedAt),
  ],
);
