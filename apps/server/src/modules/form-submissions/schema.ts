import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TFillerKind, TStepProgress, TSubmissionStatus } from '@esigns/contracts/form-builders';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { formBuilders } from '../form-builders/schema';

/**
 * Submissions of a form (`formbuilder_data`). The filler is a company user, a contact, or a guest
 * of the form-builders module (`filler_id` names the row of its kind). `values` holds the template
 * data by step id then field key, checked by the same validator as records. `version` goes up on
 * every write (optimistic concurrency for partial saves from two tabs).
 */
export const formSubmissions = pgTable(
  'form_submissions',
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
    /** The form's version the submission was started on. */
    formVersion: integer().notNull(),
    status: text().$type<TSubmissionStatus>().notNull().default('DRAFT'),
    fillerKind: text().$type<TFillerKind>().notNull(),
    fillerId: uuid(),
    fillerEmail: text(),
    fillerName: text().notNull().default(''),
    values: jsonb().$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    /** The approval level waiting for decisions (0-based), null when none waits. */
    currentLevel: integer(),
    batchId: uuid(),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('form_submissions_form_idx').on(t.formBuilderId, t.createdAt),
    index('form_submissions_company_status_idx').on(t.companyId, t.status),
    index('form_submissions_filler_idx').on(t.formBuilderId, t.fillerKind, t.fillerId),
    index('form_submissions_batch_idx').on(t.batchId),
  ],
);

/** Progress of each step of a submission (one row per step that was touched). */
export const formSubmissionSteps = pgTable(
  'form_submission_steps',
  {
    submissionId: uuid()
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    stepId: uuid().notNull(),
    status: text().$type<TStepProgress>().notNull(),
    entityDataId: uuid(),
    documentId: uuid(),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_submission_steps_pk').on(t.submissionId, t.stepId)],
);

/**
 * Approvers of a submission, materialised when it reaches their level: one row per person with
 * their decision. Approvers outside the company open their link with a secret (stored hashed).
 */
export const formApprovals = pgTable(
  'form_approvals',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    submissionId: uuid()
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    approverKind: text().$type<'USER' | 'CONTACT' | 'EMAIL'>().notNull(),
    approverUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    approverContactId: uuid(),
    approverEmail: text(),
    approverName: text().notNull().default(''),
    linkSecretHash: text(),
    decision: text().$type<'APPROVED' | 'REJECTED'>(),
    comment: text().notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_approvals_submission_idx').on(t.submissionId, t.level),
    index('form_approvals_user_idx').on(t.approverUserId, t.decision),
    uniqueIndex('form_approvals_secret_idx').on(t.linkSecretHash),
  ],
);

/** The submission's history: every save, submit, decision, send-back and resend, in order. */
export const formSubmissionEvents = pgTable(
  'form_submission_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    submissionId: uuid()
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    actor: text().notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submission_events_submission_idx').on(t.submissionId, t.createdAt)],
);

/**
 * A send of one form to many people (`formbuilders-batch`): one job with progress; `cursor` is the
 * last recipient index done, so a restarted chunk never mails anyone twice.
 */
export const formBatches = pgTable(
  'form_batches',
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
    status: text()
      .$type<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED'>()
      .notNull()
      .default('QUEUED'),
    /** [{ kind, id, email, name }]: who gets a personal link, in order. */
    recipients: jsonb()
      .$type<{ kind: TFillerKind; id: string | null; email: string; name: string }[]>()
      .notNull(),
    total: integer().notNull(),
    cursor: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    message: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** The send that retried this one's failed people (a send is retried once; its retry may be retried). */
    retryBatchId: uuid(),
  },
  (t) => [index('form_batches_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Reminders claimed by the reminder sweep: one row per person, round and slot. A FILLER row's
 * subject is the submission, an APPROVER row's the approval; `base_at` is when the person was
 * last asked (the link sent or resent, the submission sent back, the approval asked), `slot` the
 * reminder's number from it. The row and the reminder's mail are written in one transaction, and
 * the unique key makes a second sweep (or a rerun after a crash) find the slot taken.
 */
export const formReminders = pgTable(
  'form_reminders',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    submissionId: uuid()
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    target: text().$type<'FILLER' | 'APPROVER'>().notNull(),
    subjectId: uuid().notNull(),
    baseAt: timestamp({ withTimezone: true }).notNull(),
    slot: integer().notNull(),
    emailLogId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_reminders_slot_idx').on(t.subjectId, t.baseAt, t.slot),
    index('form_reminders_submission_idx').on(t.submissionId),
  ],
);
