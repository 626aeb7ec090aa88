import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { TEmailTemplateType } from '@esigns/contracts/email';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';

/**
 * Email templates (spec 3 §7 "Email templates", DOMAIN-PLATFORM "Email"): one table for both
 * types. An ENTITY template belongs to an entity (subject and body with merge fields, deleted with
 * the entity) and may name its HEADER_FOOTER (a deleted one: null, the company default is used).
 * A HEADER_FOOTER template is the company's brand around mails; at most one per company is the
 * default (partial unique index). HTML is stored sanitised.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().$type<TEmailTemplateType>().notNull(),
    name: text().notNull(),
    entityId: uuid().references(() => entities.id, { onDelete: 'cascade' }),
    subject: text().notNull().default(''),
    bodyHtml: text().notNull().default(''),
    headerFooterId: uuid().references((): AnyPgColumn => emailTemplates.id, { onDelete: 'set null' }),
    headerHtml: text().notNull().default(''),
    footerHtml: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    mergeFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_company_updated_idx').on(t.companyId, t.updatedAt),
    index('email_templates_entity_idx').on(t.entityId),
    index('email_templates_frame_idx').on(t.headerFooterId),
    uniqueIndex('email_templates_one_default_idx')
      .on(t.companyId)
      .where(sql`is_default and type = 'HEADER_FOOTER'`),
  ],
);

export type RecordMailBatchStatus = 'QUEUED' | 'RUNNING' | 'DONE';

/**
 * One `POST /entities/emails`: the records it reaches are rows of `record_mails` written with it;
 * chunk jobs mail them in order (`next_chunk` is the chain's cursor) and count here.
 */
export const recordMailBatches = pgTable(
  'record_mail_batches',
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
    templateId: uuid().references(() => emailTemplates.id, { onDelete: 'set null' }),
    templateName: text().notNull(),
    /** `<template_id>#<field_key>` of the address; null: the entity's first EMAIL field. */
    toField: text(),
    cc: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().$type<RecordMailBatchStatus>().notNull().default('QUEUED'),
    total: integer().notNull(),
    queued: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    nextChunk: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('record_mail_batches_company_idx').on(t.companyId, t.createdAt)],
);

export type RecordMailStatus = 'PENDING' | 'QUEUED' | 'SKIPPED';

/** One record of a batch: PENDING until its chunk queues its mail (or skips it) in one transaction. */
export const recordMails = pgTable(
  'record_mails',
  {
    batchId: uuid()
      .notNull()
      .references(() => recordMailBatches.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** No foreign key: a record deleted before its chunk runs is skipped, never lost from the count. */
    recordId: uuid().notNull(),
    status: text().$type<RecordMailStatus>().notNull().default('PENDING'),
    /** The `email_logs` row of its mail. */
    mailId: uuid(),
    reason: text(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.position] }),
    uniqueIndex('record_mails_batch_record_idx').on(t.batchId, t.recordId),
  ],
);
