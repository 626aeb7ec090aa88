import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  TFormOwnerType,
  TFormSettings,
  TFormStatus,
  TStoredFormStep,
} from '@esigns/contracts/form-builders';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Form builders (spec 3 §7): a company's multi-step forms. `code` is unique across the instance
 * (guests reach `/public/fbd/{code}` without a company). Steps and settings are checked by the
 * contracts' zod schemas before every write; a step keeps its id across edits. Deleting sets
 * `deleted_at`: submissions keep pointing at the form.
 */
export const formBuilders = pgTable(
  'form_builders',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    code: text().notNull(),
    description: text().notNull().default(''),
    ownerType: text().$type<TFormOwnerType>().notNull(),
    status: text().$type<TFormStatus>().notNull().default('DRAFT'),
    steps: jsonb().$type<TStoredFormStep[]>().notNull(),
    settings: jsonb().$type<TFormSettings>().notNull(),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('form_builders_code_idx').on(t.code),
    uniqueIndex('form_builders_company_name_idx')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('form_builders_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

/**
 * The people outside the company who fill a form: a GUEST proved their email by passcode (or was
 * sent a personal link), an ANONYMOUS one got an identity from a public link without one. The
 * session secret is stored hashed (sha256), like every link secret; `expires_at` ends the session.
 */
export const formGuests = pgTable(
  'form_guests',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    formBuilderId: uuid()
      .notNull()
      .references(() => formBuilders.id, { onDelete: 'cascade' }),
    kind: text().$type<'GUEST' | 'ANONYMOUS'>().notNull(),
    email: text(),
    /** When the guest is one of the company's contacts (sent a form, or their email matched). */
    contactId: uuid(),
    secretHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('form_guests_form_email_idx').on(t.formBuilderId, t.email),
    uniqueIndex('form_guests_secret_idx').on(t.secretHash),
  ],
);

/**
 * One-time passcodes mailed to a guest (6 digits, stored hashed, 10 minutes, 5 tries). Also the
 * passcodes of approvers outside the company (`purpose` APPROVAL, `subject_id` the approval's id).
 */
export const formPasscodes = pgTable(
  'form_passcodes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    formBuilderId: uuid()
      .notNull()
      .references(() => formBuilders.id, { onDelete: 'cascade' }),
    purpose: text().$type<'GUEST' | 'APPROVAL'>().notNull().default('GUEST'),
    email: text().notNull(),
    subjectId: uuid(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_passcodes_form_email_idx').on(t.formBuilderId, t.email, t.createdAt)],
);

/** `anonymous-form` (spec 3 §7): saved anonymous links to a form, with their own settings (params). */
export const anonymousForms = pgTable(
  'anonymous_forms',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    formBuilderId: uuid()
      .notNull()
      .references(() => formBuilders.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anonymous_forms_company_idx').on(t.companyId, t.formBuilderId)],
);
