import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAppManifest, TAppStatus } from '@esigns/contracts/apps';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * An app a company packaged (README): its current manifest, the version in it, and where it is in
 * review. The shipped apps are files (`shipped/`), not rows.
 */
export const apps = pgTable(
  'apps',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    version: text().notNull(),
    industryType: text().notNull(),
    status: text().$type<TAppStatus>().notNull().default('DRAFT'),
    manifest: jsonb().$type<TAppManifest>().notNull(),
    /** The entity group it was packaged from (null: uploaded or from a workbook). */
    entityGroupId: uuid(),
    reviewNote: text(),
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apps_company_idx').on(t.companyId), index('apps_status_idx').on(t.status, t.industryType)],
);

/**
 * An app installed in a company: the manifest installed (the version), and what installing created,
 * by manifest reference (`@entity:property` -> the entity's id here), so uninstall and update know.
 * `appId` is an `apps` row or a shipped app's fixed id (no foreign key: shipped apps are files).
 */
export const appInstallations = pgTable(
  'app_installations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appId: uuid().notNull(),
    name: text().notNull(),
    version: text().notNull(),
    industryType: text().notNull(),
    manifest: jsonb().$type<TAppManifest>().notNull(),
    created: jsonb().$type<Record<string, string>>().notNull().default({}),
    renamed: jsonb().$type<Record<string, string>>().notNull().default({}),
    installedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_installations_company_app_idx').on(t.companyId, t.appId)],
);
