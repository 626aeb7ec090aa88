import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Company-wide named values (DOMAIN-NOCODE "Global variables"): a typed value (one of the field
 * types) that templates show through GLOBAL_VARIABLE fields. `is_fixed`: the value cannot be
 * overridden where it is used.
 */
export const globalVariables = pgTable(
  'global_variables',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    key: text().notNull(),
    inputType: text().$type<TFormFieldType>().notNull(),
    /** The field settings of `input_type` (options of a SELECT, currency...). */
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    value: jsonb().$type<unknown>(),
    description: text().notNull().default(''),
    isFixed: boolean().notNull().default(false),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('global_variables_company_key_idx').on(t.companyId, t.key),
    uniqueIndex('global_variables_company_label_idx').on(t.companyId, sql`lower(${t.label})`),
    index('global_variables_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

export const globalVariableTags = pgTable(
  'global_variable_tags',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('global_variable_tags_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);
