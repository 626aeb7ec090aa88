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
import type {
  PipelineTriggerEvent,
  TPipelineAction,
  TPipelineActionType,
  TPipelineCondition,
  TPipelineRunStatus,
  TPipelineSchedule,
  TPipelineTrigger,
} from '@esigns/contracts/pipelines';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { entities } from '../entities/schema';

/**
 * Automation pipelines (DOMAIN-PLATFORM "Integrations"): a trigger and ordered actions. Deleting
 * the entity a pipeline triggers on deletes the pipeline (it could never run again).
 */
export const pipelines = pgTable(
  'pipelines',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    enabled: boolean().notNull().default(true),
    trigger: text().$type<TPipelineTrigger>().notNull(),
    entityId: uuid().references(() => entities.id, { onDelete: 'cascade' }),
    /** `schedule` triggers: when they run. */
    schedule: jsonb().$type<TPipelineSchedule>(),
    /** `schedule` triggers: the next slot; null when disabled (the tick skips it). */
    nextRunAt: timestamp({ withTimezone: true }),
    conditions: jsonb()
      .$type<TPipelineCondition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    actions: jsonb()
      .$type<TPipelineAction[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pipelines_company_idx').on(t.companyId, t.updatedAt),
    index('pipelines_trigger_idx').on(t.companyId, t.trigger),
    index('pipelines_due_idx')
      .on(t.nextRunAt)
      .where(sql`next_run_at is not null`),
  ],
);

/**
 * One execution of a pipeline for one event. A delivery makes at most one run per (pipeline,
 * event) (partial unique index: re-runs asked by people carry `rerun_of`). `next_step` is the
 * cursor: the action to do next, moved in the transaction that stores a step's result.
 */
export const pipelineRuns = pgTable(
  'pipeline_runs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pipelineId: uuid()
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    /** The trigger event as delivered (re-runs start from it). */
    event: jsonb().$type<PipelineTriggerEvent>().notNull(),
    rerunOf: uuid(),
    status: text().$type<TPipelineRunStatus>().notNull().default('QUEUED'),
    depth: integer().notNull().default(0),
    nextStep: integer().notNull().default(0),
    /** Failed attempts of the current step. */
    attempts: integer().notNull().default(0),
    note: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pipeline_runs_one_per_event_idx')
      .on(t.pipelineId, t.eventId)
      .where(sql`rerun_of is null`),
    index('pipeline_runs_pipeline_idx').on(t.pipelineId, t.createdAt),
  ],
);

/** What each action of a run did: written in the transaction that does it (DONE) or after it failed. */
export const pipelineRunSteps = pgTable(
  'pipeline_run_steps',
  {
    runId: uuid()
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().$type<TPipelineActionType>().notNull(),
    status: text().$type<'DONE' | 'FAILED'>().notNull(),
    attempts: integer().notNull().default(1),
    input: jsonb().$type<unknown>(),
    output: jsonb().$type<unknown>(),
    error: text(),
    finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);

/**
 * Records a run wrote (created or updated), with the transaction's time: an event about that
 * record stamped with the same time (`integration_events.occurred_at` is the writing
 * transaction's `now()`) was caused by the run, one level deeper (the loop guard).
 */
export const pipelineCauses = pgTable(
  'pipeline_causes',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectId: text().notNull(),
    runId: uuid()
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: 'cascade' }),
    depth: integer().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pipeline_causes_subject_idx').on(t.subjectId, t.writtenAt)],
);
