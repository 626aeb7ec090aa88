import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Saved views over one or several entities (`entity-view-configuration`): per entity the
 * columns, filters and sorts, plus the layout. `config` is checked by the contracts schema.
 */
export const entityViews = pgTable(
  'entity_views',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** The first entity of the view (spec: "Entity view configuration: id, name, entity_id"). */
    entityId: uuid().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_views_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    index('entity_views_entity_idx').on(t.entityId),
  ],
);
