import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A bundle of entities, templates (document and form), global variables and workflows
 * (DOMAIN-NOCODE "Entity groups"; the unit an app packages). Members are kept as id lists and
 * checked against the company's rows on every write; a member deleted later is dropped when read.
 */
export const entityGroups = pgTable(
  'entity_groups',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    icon: text(),
    position: integer().notNull().default(0),
    entityIds: jsonb().$type<string[]>().notNull().default([]),
    formTemplateIds: jsonb().$type<string[]>().notNull().default([]),
    docTemplateIds: jsonb().$type<string[]>().notNull().default([]),
    globalVariableIds: jsonb().$type<string[]>().notNull().default([]),
    workflowIds: jsonb().$type<string[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_groups_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    index('entity_groups_company_position_idx').on(t.companyId, t.position),
  ],
);
