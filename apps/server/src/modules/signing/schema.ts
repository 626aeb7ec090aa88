import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TPageSize } from '@esigns/contracts/files';
import type { TVerificationMethod } from '@esigns/contracts/signing';
import { companies } from '../company/schema';
import { documentUsers, employeeDocuments } from '../documents/schema';

/*
 * The signer's side of a sent document (issue 5). Kept beside, not inside, the documents tables:
 * what a recipient has proved (gates), the values they gave, and the sealed result.
 */

/**
 * What one recipient has done on the way to signing: the gates passed (email code,
 * representative password), their code (keyed hash, expiry, tries) and the terms accepted.
 * One row per recipient, created the first time they act.
 */
export const signerStates = pgTable(
  'signer_states',
  {
    documentUserId: uuid()
      .primaryKey()
      .references(() => documentUsers.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeDocumentId: uuid()
      .notNull()
      .references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    /** How they proved who they are (shown on the certificate). */
    verificationMethod: text().$type<TVerificationMethod>(),
    /** The email gate passed (a code checked, or the document needed none and was opened). */
    verifiedAt: timestamp({ withTimezone: true }),
    codeHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeSentAt: timestamp({ withTimezone: true }),
    /** Wrong tries of the current code; at the limit the code is dead. */
    codeAttempts: integer().notNull().default(0),
    /** Codes mailed in the current hour (`codesWindowStart`): caps guessing across codes. */
    codesSent: integer().notNull().default(0),
    codesWindowStart: timestamp({ withTimezone: true }),
    representativeVerifiedAt: timestamp({ withTimezone: true }),
    representativeAttempts: integer().notNull().default(0),
    representativeLockedUntil: timestamp({ withTimezone: true }),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    /** Where they finished from (certificate of completion). */
    finishedIp: text(),
    finishedUserAgent: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signer_states_document_idx').on(t.employeeDocumentId)],
);

/** A value a recipient gave to one field (by field key): one per document and field. */
export const documentFieldValues = pgTable(
  'document_field_values',
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
    fieldKey: text().notNull(),
    documentUserId: uuid()
      .notNull()
      .references(() => documentUsers.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    filledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_field_values_document_field_idx').on(t.employeeDocumentId, t.fieldKey)],
);

export type SealStatus = 'PENDING' | 'SEALING' | 'DONE' | 'FAILED';

/**
 * The sealing of a document (DOMAIN-ESIGN "Completion"): its progress, the last error (shown to
 * the sender), and once DONE the final file and its SHA-256, which is how `POST /verify-document`
 * recognises a completed document of this instance.
 */
export const documentSeals = pgTable(
  'document_seals',
  {
    employeeDocumentId: uuid()
      .primaryKey()
      .references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text().$type<SealStatus>().notNull().default('PENDING'),
    /** Attempts that failed so far, and the last failure's reason. */
    failures: integer().notNull().default(0),
    error: text(),
    /** Lease of the run building the file: another run waits until it is released or stale. */
    claimId: text(),
    claimedAt: timestamp({ withTimezone: true }),
    fileKey: text(),
    sha256: text(),
    size: integer(),
    pageCount: integer(),
    /** Page sizes of the final file (the document's pages, then the certificate's). */
    pages: jsonb().$type<TPageSize[]>(),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sealedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_seals_sha256_idx').on(t.sha256)],
);
