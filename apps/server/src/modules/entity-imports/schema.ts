import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { TImportJobStatus, TImportProblem } from '@esigns/contracts/entity-import';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';

/**
 * Stored imports (spec 3 §7 "Imports", README): uploads kept IMPORT_UPLOAD_KEEP_DAYS days (the
 * file in storage, its sheets here), saved mappings per entity (by name), import jobs with their
 * progress, the batches each job committed (a row number key per import: a batch re-run after a
 * crash finds its row and writes nothing) and the rows it left out with their problems.
 */
export const importUploads = pgTable(
  'import_uploads',
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
    fileName: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    sheets: jsonb().$type<{ name: string; row_count: number }[]>().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('import_uploads_entity_idx').on(t.entityId, t.createdAt),
    index('import_uploads_expires_idx').on(t.expiresAt),
  ],
);

export const importMappings = pgTable(
  'import_mappings',
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
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, string | null>>().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_entity_name_idx').on(t.entityId, t.name)],
);

export const importJobs = pgTable(
  'import_jobs',
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
    uploadId: uuid().references(() => importUploads.id, { onDelete: 'set null' }),
    sheet: text().notNull(),
    headers: jsonb().$type<string[]>().notNull(),
    mapping: jsonb().$type<Record<string, string | null>>().notNull(),
    skipInvalid: boolean().notNull(),
    /** The importer's `usertimezone` (minutes): wall-clock date-times are theirs. */
    offsetMinutes: integer().notNull().default(0),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<TImportJobStatus>().notNull().default('QUEUED'),
    /**
     * No longer set: all-or-nothing imports used to check the whole file before writing; they now
     * check each batch as they write it (jobs.ts). Kept so that no migration is needed for it.
     */
    checked: boolean().notNull().default(false),
    total: integer().notNull(),
    processed: integer().notNull().default(0),
    inserted: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    errors: jsonb().$type<TImportProblem[]>().notNull().default([]),
    errorsTotal: integer().notNull().default(0),
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('import_jobs_entity_idx').on(t.entityId, t.createdAt)],
);

export const importJobBatches = pgTable(
  'import_job_batches',
  {
    importId: uuid()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    batch: integer().notNull(),
    firstRow: integer().notNull(),
    lastRow: integer().notNull(),
    inserted: integer().notNull(),
    skipped: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.batch] })],
);

export const importRejectedRows = pgTable(
  'import_rejected_rows',
  {
    importId: uuid()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer().notNull(),
    cells: jsonb().$type<string[]>().notNull(),
    problems: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);
