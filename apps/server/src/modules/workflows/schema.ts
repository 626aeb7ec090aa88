import { sql } from 'drizzle-orm';
import {
  bigint,
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
  TWorkflowInstanceStatus,
  TWorkflowStatus,
  TWorkflowStep,
  TWorkflowStepKind,
  TWorkflowStepStatus,
  TWorkflowTiming,
} from '@esigns/contracts/workflows';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { contacts, contactTypes } from '../contacts/schema';

/**
 * Workflow definitions (spec 2 §7 "Workflows"): name, description, the contact type of the primary
 * person, status. Steps and timing live in `workflow_versions`; `version` is the current one.
 * ARCHIVED is the soft delete; DeleteArchivedStatusWorkflow removes the row for good.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text().$type<TWorkflowStatus>().notNull().default('DRAFT'),
    contactTypeId: uuid().references(() => contactTypes.id, { onDelete: 'set null' }),
    /** The current version's number (`workflow_versions.version`). */
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('workflows_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('workflows_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

/**
 * The frozen steps and timing of one version of a definition. Instances point at the version they
 * were created with, so a version outlives its definition's deletion (`workflow_id` set null) as
 * long as an instance uses it.
 */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workflowId: uuid().references(() => workflows.id, { onDelete: 'set null' }),
    version: integer().notNull(),
    steps: jsonb().$type<TWorkflowStep[]>().notNull(),
    timing: jsonb().$type<TWorkflowTiming>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workflow_versions_workflow_version_idx').on(t.workflowId, t.version)],
);

/** One start of a workflow for many contacts (`documents/send-workflow` of a batch): its progress. */
export const workflowBatches = pgTable(
  'workflow_batches',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workflowId: uuid().references(() => workflows.id, { onDelete: 'set null' }),
    total: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    status: text().$type<'DRAFT' | 'QUEUED' | 'RUNNING' | 'DONE'>().notNull().default('DRAFT'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('workflow_batches_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * An instance (`workflow_data`): one definition version sent to one primary person. The primary's
 * email and name are copied (the contact may change or go); the definition's name too.
 */
export const workflowData = pgTable(
  'workflow_data',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workflowId: uuid().references(() => workflows.id, { onDelete: 'set null' }),
    workflowName: text().notNull(),
    versionId: uuid()
      .notNull()
      .references(() => workflowVersions.id, { onDelete: 'restrict' }),
    /** The version's number, copied for lists. */
    version: integer().notNull(),
    status: text().$type<TWorkflowInstanceStatus>().notNull().default('DRAFT'),
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    email: text(),
    name: text().notNull().default(''),
    /** The instance's own timing (the version's, changed on a DRAFT by `PUT /workflow-data/{id}`). */
    timing: jsonb().$type<TWorkflowTiming>().notNull(),
    batchId: uuid().references(() => workflowBatches.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_data_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('workflow_data_workflow_idx').on(t.workflowId, t.status),
    index('workflow_data_version_idx').on(t.versionId),
    index('workflow_data_contact_idx').on(t.contactId),
    index('workflow_data_batch_idx').on(t.batchId),
  ],
);

/** The steps of an instance (copied from its version when created) and the object each became. */
export const workflowDataSteps = pgTable(
  'workflow_data_steps',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workflowDataId: uuid()
      .notNull()
      .references(() => workflowData.id, { onDelete: 'cascade' }),
    stepId: text().notNull(),
    /** The step's place in its version's list (the order shown). */
    position: integer().notNull(),
    kind: text().$type<TWorkflowStepKind>().notNull(),
    name: text().notNull(),
    stage: integer().notNull(),
    required: boolean().notNull().default(true),
    status: text().$type<TWorkflowStepStatus>().notNull().default('WAITING'),
    /** The sent document (custom, static), document request (requested) or submission (form). */
    objectId: uuid(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_data_steps_instance_step_idx').on(t.workflowDataId, t.stepId),
    index('workflow_data_steps_object_idx').on(t.objectId),
  ],
);

/** The timeline of an instance: created, sent, step due / done, declined, voided, expired, resent. */
export const workflowDataEvents = pgTable(
  'workflow_data_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workflowDataId: uuid()
      .notNull()
      .references(() => workflowData.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    event: text().notNull(),
    stepId: text(),
    /** Who did it: a user's or contact's name, an email, or null for the system. */
    actor: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Insertion order: events of one transaction share `at`, the timeline is ordered by `seq`. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('workflow_data_events_instance_idx').on(t.workflowDataId, t.seq)],
);
