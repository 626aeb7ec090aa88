import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TFormTemplateType, TPrimaryUserType } from '@esigns/contracts/form-templates';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Form templates (spec 3 §7): named sets of typed fields. `company_id` is null for the STANDARD
 * templates built into the product (same ids everywhere, kept in step with the code by
 * `ensureStandardTemplates`); CUSTOM templates belong to one company. Deleting sets `deleted_at`:
 * records keep pointing at a template that still exists.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The slug (`templates/code/{code}`), unique among the company's live templates. */
    code: text().notNull(),
    type: text().$type<TFormTemplateType>().notNull(),
    description: text().notNull().default(''),
    /** Checked by `ZFormFields` before every write; every field has its grid place. */
    fields: jsonb().$type<TFormField[]>().notNull(),
    isRepeatable: boolean().notNull().default(false),
    maxEntries: integer(),
    primaryForUserType: text().$type<TPrimaryUserType>(),
    icon: text(),
    version: integer().notNull().default(1),
    /** STANDARD templates: a hash of the built-in definition, to refresh rows when the code changes. */
    definitionHash: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('form_templates_company_code_idx')
      .on(t.companyId, t.code)
      .where(sql`${t.deletedAt} is null and ${t.companyId} is not null`),
    uniqueIndex('form_templates_standard_code_idx')
      .on(t.code)
      .where(sql`${t.companyId} is null`),
    uniqueIndex('form_templates_company_name_idx')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null and ${t.companyId} is not null`),
    uniqueIndex('form_templates_company_primary_idx')
      .on(t.companyId, t.primaryForUserType)
      .where(sql`${t.deletedAt} is null and ${t.primaryForUserType} is not null`),
    index('form_templates_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);
