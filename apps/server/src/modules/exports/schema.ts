import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TExportFormat, TExportStatus } from '@esigns/contracts/data-exports';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

export type ExportKind = 'ENTITY' | 'ALL_ENTITIES' | 'ENTITY_VIEW';

/**
 * An export run as a job (README "Jobs"): what was asked (`request`, checked again by the job),
 * its progress, and its stored file until `expires_at`. Direct exports (the answer is the file)
 * leave no row.
 */
export const dataExports = pgTable(
  'data_exports',
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
    kind: text().$type<ExportKind>().notNull(),
    format: text().$type<TExportFormat>().notNull(),
    status: text().$type<TExportStatus>().notNull().default('QUEUED'),
    fileName: text().notNull(),
    /** The request as the job replays it (entity, filters, columns, tz...). */
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    total: integer(),
    processed: integer().notNull().default(0),
    /** Set when the file is stored (a rerun writes the same key again). */
    storageKey: text(),
    error: text(),
    /** Runs started (a rerun after a crash starts from the first row again). */
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('data_exports_expiry_idx').on(t.expiresAt),
  ],
);
