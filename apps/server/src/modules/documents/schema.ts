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
  TDocumentSettings,
  TDocumentStatus,
  TField,
  TRecipient,
  TRecipientStatus,
  TRecipientType,
} from '@esigns/contracts/documents';
import type { TFileInfo, TPageSize } from '@esigns/contracts/files';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { contacts } from '../contacts/schema';

/*
 * The e-signature objects of DOMAIN-ESIGN.md. Layouts (fields, recipients, settings) are JSON
 * documents validated by the contracts' zod schemas on the way in; anything queried or updated
 * on its own (recipients of sent documents, logs) has its own table.
 */

/** The uploaded source: one or more converted files and the merged PDF. */
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The files as uploaded (converted to PDF), in order. */
    files: jsonb().$type<TFileInfo[]>().notNull(),
    /** The merged PDF everything else is placed on. */
    file: jsonb().$type<TFileInfo>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_documents_company_idx').on(t.companyId, t.createdAt)],
);

export type TPublishState = { published: boolean; secure_access: boolean; token: string | null };

/** The layout on a company document; a template when `isTemplate`. */
export const configurableDocuments = pgTable(
  'configurable_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyDocumentId: uuid()
      .notNull()
      .references(() => companyDocuments.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    isTemplate: boolean().notNull().default(false),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    /** The PDF the layout sits on (the company document's, or a page-edited copy). */
    file: jsonb().$type<TFileInfo>().notNull(),
    pages: jsonb().$type<TPageSize[]>().notNull(),
    fields: jsonb().$type<TField[]>().notNull().default([]),
    /** Recipients, or template roles. Representative passwords are stored hashed. */
    documentUsers: jsonb().$type<TRecipient[]>().notNull().default([]),
    settings: jsonb().$type<TDocumentSettings>().notNull(),
    publish: jsonb()
      .$type<TPublishState>()
      .notNull()
      .default({ published: false, secure_access: false, token: null }),
    /** Free-form view state of the editor (`updateViewData`): zoom, last page... */
    viewData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    sharedWith: jsonb().$type<string[]>().notNull().default([]),
    /** Soft delete of templates (`DELETE /document-templates/{id}`); permanent delete removes the row. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('configurable_documents_company_idx').on(t.companyId, t.isTemplate, t.updatedAt),
    uniqueIndex('configurable_documents_publish_token_idx').on(sql`(${t.publish}->>'token')`),
  ],
);

/** A sent document ("envelope"), or a DRAFT not yet sent. */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text().$type<TDocumentStatus>().notNull().default('DRAFT'),
    configurableDocumentId: uuid().references(() => configurableDocuments.id, { onDelete: 'set null' }),
    companyDocumentId: uuid().references(() => companyDocuments.id, { onDelete: 'set null' }),
    /** Its own copy of the PDF, made when sent (a draft points at its layout's file). */
    file: jsonb().$type<TFileInfo>().notNull(),
    pages: jsonb().$type<TPageSize[]>().notNull(),
    fields: jsonb().$type<TField[]>().notNull().default([]),
    settings: jsonb().$type<TDocumentSettings>().notNull(),
    senderId: uuid()
      .notNull()
      .references(() => users.id),
    sharedWith: jsonb().$type<string[]>().notNull().default([]),
    /** The client's idempotency key of the send call: sending twice sends once. */
    sendKey: text(),
    sentAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    /** When the "expires soon" warning went out (sent once per expiry date). */
    expiryWarnedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employee_documents_company_status_idx').on(t.companyId, t.status, t.updatedAt),
    index('employee_documents_sender_idx').on(t.senderId, t.updatedAt),
    uniqueIndex('employee_documents_send_key_idx').on(t.companyId, t.sendKey),
    // The document lists (document-lists/list-query.ts): a status tab in list order and the whole
    // list in list order. Searches use the `search_words` column and its GIN index, made and kept
    // by triggers outside this schema (migration 0014, see document-lists/README.md).
    index('employee_documents_list_idx')
      .on(t.companyId, t.status, t.updatedAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('employee_documents_recent_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/** A recipient of a sent document (`document_users`). */
export const documentUsers = pgTable(
  'document_users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeDocumentId: uuid()
      .notNull()
      .references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    /** The recipient key fields refer to. */
    key: text().notNull(),
    roleName: text().notNull().default(''),
    type: text().$type<'SENDER' | 'RECEIVER'>().notNull().default('RECEIVER'),
    userType: text().$type<TRecipientType>().notNull(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    /** The recipient's login, when the email belongs to a user (notifications, saved signature). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    signingOrder: integer().notNull().default(1),
    color: text().notNull().default(''),
    emailVerification: boolean().notNull().default(false),
    representativePasswordHash: text(),
    /** Keyed hash of the recipient's link secret (the `password` header); the secret is never stored. */
    secretHash: text(),
    /**
     * Hashes of the recipient's earlier links that still open the document: a reminder, a resend
     * or a generated link adds a new secret without killing the ones already mailed (newest
     * first, at most `MAX_LIVE_LINKS` in all). Cleared with `secretHash` when the links must die.
     */
    previousSecretHashes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Hash of the link the sender generated to hand over in person (`generate-document-link`),
     * while it is one of the live ones: acting through it is recorded as in-person signing hosted
     * by `hostedByUserId`, never as the recipient's own mailed link.
     */
    hostedSecretHash: text(),
    /**
     * Hashes of the recipient's links that no longer open the document because newer ones replaced
     * them (pushed out of `MAX_LIVE_LINKS`, or ended by a generated link), newest first, at most
     * `MAX_RETIRED_LINKS`. They open nothing: they only let the holder of such a link ask for a
     * fresh one mailed to the recipient's address (signing's expired links). Cleared with the live
     * ones when the links must die (another person, not due any more).
     */
    retiredSecretHashes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hostedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<TRecipientStatus>().notNull().default('PENDING'),
    sentAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    lastRemindedAt: timestamp({ withTimezone: true }),
    remindersSent: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_users_document_key_idx').on(t.employeeDocumentId, t.key),
    index('document_users_email_idx').on(t.companyId, t.email),
    index('document_users_contact_idx').on(t.contactId),
    index('document_users_user_idx').on(t.userId),
  ],
);

/**
 * What happened to a document: append-only and hash-chained (`hash` = SHA-256 of the previous
 * row's hash and this row's content), so a changed or removed row breaks the chain.
 */
export const documentLogs = pgTable(
  'document_logs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeDocumentId: uuid()
      .notNull()
      .references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    /** Position in the document's chain, from 1. */
    seq: integer().notNull(),
    action: text().notNull(),
    documentUserId: uuid().references(() => documentUsers.id, { onDelete: 'set null' }),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    prevHash: text().notNull(),
    hash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_logs_document_seq_idx').on(t.employeeDocumentId, t.seq),
    // The dashboard's recent activity: a company's newest events first, and those since a marker.
    index('document_logs_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** One bulk send: a template sent to N rows of a CSV/XLSX, one document each, by a job. */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    configurableDocumentId: uuid()
      .notNull()
      .references(() => configurableDocuments.id, { onDelete: 'cascade' }),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    status: text().$type<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>().notNull().default('QUEUED'),
    /** The parsed rows: per role, the person (and prefilled values). */
    rows: jsonb().$type<Record<string, unknown>[]>().notNull(),
    total: integer().notNull(),
    sent: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errors: jsonb().$type<{ row: number; message: string }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('bulk_sends_company_idx').on(t.companyId, t.createdAt)],
);

/** A request to a contact to upload a document of a card type (PAN card, Aadhaar, sale deed...). */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    cardType: text().notNull(),
    message: text().notNull().default(''),
    /** CANCELLED: closed before a file came (its workflow packet ended); final. */
    status: text()
      .$type<'REQUESTED' | 'UPLOADED' | 'APPROVED' | 'REJECTED' | 'CANCELLED'>()
      .notNull()
      .default('REQUESTED'),
    file: jsonb().$type<TFileInfo | null>(),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Keyed hashes of the request's live link secrets (the `password` header beside `requestid`;
     * the secret itself is only in the mail or the minted link), newest first, at most
     * `MAX_LIVE_LINKS`: each new link joins the earlier ones, as signing links do.
     */
    linkSecretHashes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_requests_company_card_idx').on(t.companyId, t.cardType, t.createdAt)],
);
