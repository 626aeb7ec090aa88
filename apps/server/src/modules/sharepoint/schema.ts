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
import type {
  TSharePointCopyKind,
  TSharePointCopyStatus,
  TSharePointFile,
} from '@esigns/contracts/sharepoint';
import { companies } from '../company/schema';

/**
 * A company's SharePoint connection (one per company, README): its Entra ID app (the client
 * secret sealed with the instance secret, bound to the company), the library chosen, the folder
 * pattern and what is copied. `backfillRun` names the running "copy all sealed documents" chain;
 * its job acts only while the row holds its run and cursor.
 */
export const sharepointConnections = pgTable(
  'sharepoint_connections',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: text().notNull(),
    clientId: text().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (platform secret box). */
    secretEncrypted: text().notNull(),
    siteId: text(),
    siteName: text(),
    siteUrl: text(),
    driveId: text(),
    driveName: text(),
    folderPattern: text().notNull(),
    copyDocuments: boolean().notNull().default(true),
    copyWorkflows: boolean().notNull().default(true),
    enabled: boolean().notNull().default(true),
    verifiedAt: timestamp({ withTimezone: true }),
    backfillRun: uuid(),
    backfillStatus: text().$type<'RUNNING' | 'DONE'>(),
    backfillCursor: text(),
    backfillQueued: integer().notNull().default(0),
    backfillStartedAt: timestamp({ withTimezone: true }),
    backfillFinishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sharepoint_connections_company_uq').on(t.companyId)],
);

/**
 * One thing to copy for one connection: unique per (connection, kind, subject), so an event replay
 * or a second backfill adds nothing. `files` lists what is in SharePoint already (a rerun skips
 * them). A try job acts only when its (chain, try) is the row's next one.
 */
export const sharepointCopies = pgTable(
  'sharepoint_copies',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: uuid()
      .notNull()
      .references(() => sharepointConnections.id, { onDelete: 'cascade' }),
    kind: text().$type<TSharePointCopyKind>().notNull(),
    subjectId: uuid().notNull(),
    name: text().notNull(),
    status: text().$type<TSharePointCopyStatus>().notNull().default('PENDING'),
    chain: integer().notNull().default(1),
    chainTries: integer().notNull().default(0),
    tries: integer().notNull().default(0),
    lastError: text(),
    nextTryAt: timestamp({ withTimezone: true }),
    files: jsonb().$type<TSharePointFile[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    copiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sharepoint_copies_subject_uq').on(t.connectionId, t.kind, t.subjectId),
    index('sharepoint_copies_company_idx').on(t.companyId, t.createdAt),
  ],
);
