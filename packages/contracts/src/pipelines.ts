import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';
import { isTimeZone } from './dates';
import {
  INTEGRATION_EVENT_TYPES,
  type IntegrationEvent,
  type IntegrationEventType,
} from './integration-events';

/*
 * Automation pipelines (DOMAIN-PLATFORM "Integrations"): a trigger (an integration event type, for
 * record events an entity, and conditions) and ordered actions, run as durable jobs with a run log.
 *
 * Names (merge fields, as email templates write them: `{{name}}`) say which value of the trigger a
 * condition tests or an action's text uses:
 * - `<template code>.<field key>`: a field of the triggering record (record events), its stored value;
 * - `record.id`, `record.entity_id`; `event.id`, `event.type`, `event.subject_id`;
 * - `data.<key>` or `data.<key>.<sub key>`: the event's data (`data.name`, `data.submitter.email`);
 * - `step<N>.<key>`: what action N (1-based) answered (`step1.record_id`, `step2.document_id`).
 * A schedule trigger (`schedule`: every hour, day, week or month at a time of a time zone) has no
 * record: its values are `event.*` and `data.scheduled_for` (the slot, ISO-8601).
 * A text that is exactly one merge field gives that value as it is (a number stays a number);
 * inside other text values are written as text. An unknown name is empty.
 */

export const PIPELINE_CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
  'changed',
] as const;
export type TPipelineConditionOperator = (typeof PIPELINE_CONDITION_OPERATORS)[number];

export const PIPELINE_OPERATOR_LABELS: Record<TPipelineConditionOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  greater_than: 'is greater than',
  less_than: 'is less than',
  changed: 'changed (record updated)',
};

/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly TPipelineConditionOperator[] = [
  'is_empty',
  'is_not_empty',
  'changed',
];

const ZName = z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters');
const ZMergeName = z
  .string()
  .trim()
  .min(1, 'Choose a field')
  .max(200)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,2}$/, 'Not a field name');
const ZText = z.string().max(10_000, 'At most 10,000 characters');

/** One condition: every condition of a pipeline must hold (AND). */
export const ZPipelineCondition = z.object({
  field: ZMergeName,
  operator: z.enum(PIPELINE_CONDITION_OPERATORS),
  value: z.string().max(1_000).default(''),
});
export type TPipelineCondition = z.infer<typeof ZPipelineCondition>;

/** Record values by field (`<template code>.<field key>` of the target entity) -> text with merge fields. */
const ZValueMap = z
  .record(ZMergeName, ZText)
  .refine((v) => Object.keys(v).length <= 200, 'At most 200 fields');

export const PIPELINE_ACTION_TYPES = [
  'create_record',
  'update_record',
  'send_email',
  'start_workflow',
  'call_webhook',
  'send_document',
] as const;
export type TPipelineActionType = (typeof PIPELINE_ACTION_TYPES)[number];

export const PIPELINE_ACTION_LABELS: Record<TPipelineActionType, string> = {
  create_record: 'Create a record',
  update_record: 'Update the triggering record',
  send_email: 'Send an email template',
  start_workflow: 'Start a workflow',
  call_webhook: 'Call a webhook',
  send_document: 'Send a document template',
};

/** A role's person in a `send_document` action: texts with merge fields (`{{data.submitter.email}}`) or fixed. */
export const ZPipelineDocumentRecipient = z.object({
  email: z.string().trim().min(1, 'Who is this role?').max(320),
  /** First and last name (the first word is the first name); may be empty. */
  name: z.string().trim().max(200).default(''),
});
export type TPipelineDocumentRecipient = z.infer<typeof ZPipelineDocumentRecipient>;

export const ZPipelineAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('create_record'), entity_id: ZId(), values: ZValueMap }),
  /** `record_id` empty: the triggering record; else a text with merge fields (`{{step1.record_id}}`). */
  z.object({
    type: z.literal('update_record'),
    record_id: z.string().max(200).default(''),
    values: ZValueMap,
  }),
  z.object({
    type: z.literal('send_email'),
    template_id: ZId(),
    /** One address or merge field (`{{lead.owner_email}}`); several separated by commas. */
    to: z.string().trim().min(1, 'Who receives it?').max(1_000),
  }),
  z.object({
    type: z.literal('start_workflow'),
    workflow_id: ZId(),
    /** The contact's email (a merge field or an address): the workflow starts for that contact. */
    contact_email: z.string().trim().min(1, 'Whose workflow?').max(320),
  }),
  z.object({
    type: z.literal('call_webhook'),
    /** http(s), checked like webhook endpoints (no private addresses unless the operator allows them). */
    url: z.string().trim().min(1, 'Give the address').max(2_000, 'At most 2,000 characters'),
    /** JSON with merge fields (filled as JSON text); empty: the trigger event and the run's ids. */
    body: ZText.default(''),
  }),
  z.object({
    type: z.literal('send_document'),
    /** An ACTIVE document template of the company. */
    template_id: ZId(),
    /** Each role of the template (by role key) -> its person. Every role needs one. */
    recipients: z
      .record(z.string().min(1).max(64), ZPipelineDocumentRecipient)
      .refine((v) => Object.keys(v).length <= 50, 'At most 50 roles'),
  }),
]);
export type TPipelineAction = z.infer<typeof ZPipelineAction>;

export const MAX_PIPELINE_ACTIONS = 20;

/** What can start a pipeline: an integration event, or its schedule. */
export const PIPELINE_TRIGGERS = [...INTEGRATION_EVENT_TYPES, 'schedule'] as const;
export type TPipelineTrigger = (typeof PIPELINE_TRIGGERS)[number];

export const PIPELINE_SCHEDULE_EVERY = ['hour', 'day', 'week', 'month'] as const;

/**
 * When a `schedule` pipeline runs, in `timezone`: every hour at `at`'s minute, every day at `at`,
 * every week on `weekday` (0 Sunday ... 6 Saturday) at `at`, or every month on `day` (1-28: every
 * month has it) at `at`. A slot missed while the instance was down runs once when it is back.
 */
export const ZPipelineSchedule = z.object({
  every: z.enum(PIPELINE_SCHEDULE_EVERY),
  at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM (24 hours)')
    .default('09:00'),
  weekday: z.number().int().min(0).max(6).default(1),
  day: z.number().int().min(1, 'From 1').max(28, 'At most 28 (every month has it)').default(1),
  timezone: z.string().max(64).refine(isTimeZone, 'Not a known time zone').default('Asia/Kolkata'),
});
export type TPipelineSchedule = z.infer<typeof ZPipelineSchedule>;

/** The event a schedule run starts from (stored with the run like an integration event). */
export type PipelineScheduleEvent = {
  id: string;
  type: 'schedule';
  company_id: string;
  /** The pipeline. */
  subject_id: string;
  occurred_at: string;
  data: { pipeline_id: string; scheduled_for: string };
};
/** What a run starts from. */
export type PipelineTriggerEvent = IntegrationEvent | PipelineScheduleEvent;

const ZPipelineFields = {
  name: ZName,
  enabled: z.boolean().default(true),
  trigger: z.enum(PIPELINE_TRIGGERS),
  /** Record events: the entity whose records trigger (required for them, ignored otherwise). */
  entity_id: ZId().nullable().default(null),
  /** `schedule` triggers: when (required for them, ignored otherwise). */
  schedule: ZPipelineSchedule.nullable().default(null),
  conditions: z.array(ZPipelineCondition).max(20, 'At most 20 conditions').default([]),
  actions: z
    .array(ZPipelineAction)
    .min(1, 'Add an action')
    .max(MAX_PIPELINE_ACTIONS, `At most ${MAX_PIPELINE_ACTIONS} actions`),
};

export const ZCreatePipelineRequest = z.object(ZPipelineFields);
export type TCreatePipelineRequest = z.input<typeof ZCreatePipelineRequest>;

/** Fields sent replace the stored ones (`actions` whole, in order). */
export const ZUpdatePipelineRequest = z.object({
  name: ZName.optional(),
  enabled: z.boolean().optional(),
  trigger: z.enum(PIPELINE_TRIGGERS).optional(),
  entity_id: ZId().nullable().optional(),
  schedule: ZPipelineSchedule.nullable().optional(),
  conditions: ZPipelineFields.conditions.optional(),
  actions: ZPipelineFields.actions.optional(),
});
export type TUpdatePipelineRequest = z.input<typeof ZUpdatePipelineRequest>;

export const ZPipeline = z.object({
  _id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  trigger: z.enum(PIPELINE_TRIGGERS),
  entity_id: z.string().nullable(),
  entity_name: z.string().nullable(),
  schedule: ZPipelineSchedule.nullable(),
  /** `schedule` triggers: the next slot (ISO-8601), null when disabled. */
  next_run_at: z.string().nullable(),
  conditions: z.array(ZPipelineCondition),
  actions: z.array(ZPipelineAction),
  last_run_status: z.string().nullable(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPipeline = z.infer<typeof ZPipeline>;

export const ZPipelineListQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
});

export const PIPELINE_RUN_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SKIPPED'] as const;
export type TPipelineRunStatus = (typeof PIPELINE_RUN_STATUSES)[number];

export const ZPipelineRunStep = z.object({
  position: z.number().int(),
  type: z.enum(PIPELINE_ACTION_TYPES),
  status: z.enum(['DONE', 'FAILED']),
  attempts: z.number().int(),
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TPipelineRunStep = z.infer<typeof ZPipelineRunStep>;

export const ZPipelineRun = z.object({
  _id: z.string(),
  pipeline_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  subject_id: z.string(),
  status: z.enum(PIPELINE_RUN_STATUSES),
  /** Why it was skipped, or what happened (re-run of which run). */
  note: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  depth: z.number().int(),
  rerun_of: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  steps: z.array(ZPipelineRunStep),
});
export type TPipelineRun = z.infer<typeof ZPipelineRun>;

/** One choice of a picker (entity-actions). */
const ZOption = z.object({ value: z.string(), label: z.string() });

export const ZPipelineField = z.object({
  /** Merge name, `<template code>.<field key>`. */
  name: z.string(),
  label: z.string(),
  type: z.string(),
  group: z.string(),
  options: z.array(ZOption),
});
export type TPipelineField = z.infer<typeof ZPipelineField>;

/** `GET /automation-pipeline/entity-actions`: what triggers and actions are available (for an entity). */
export const ZPipelineEntityActions = z.object({
  triggers: z.array(z.object({ value: z.enum(PIPELINE_TRIGGERS), label: z.string(), record: z.boolean() })),
  actions: z.array(z.object({ value: z.enum(PIPELINE_ACTION_TYPES), label: z.string() })),
  operators: z.array(z.object({ value: z.enum(PIPELINE_CONDITION_OPERATORS), label: z.string() })),
  /** The entity's fields (the trigger's conditions and merge fields, a record action's values). */
  fields: z.array(ZPipelineField),
  /** Merge fields besides the record's (record.id, event.*, data.*). */
  merge_fields: z.array(z.object({ name: z.string(), label: z.string() })),
  email_templates: z.array(ZOption),
  workflows: z.array(ZOption),
  /** The company's ACTIVE document templates with their roles (`send_document`). */
  document_templates: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      roles: z.array(z.object({ key: z.string(), name: z.string() })),
    }),
  ),
});
export type TPipelineEntityActions = z.infer<typeof ZPipelineEntityActions>;

export const RECORD_EVENT_TYPES: readonly IntegrationEventType[] = [
  'record.created',
  'record.updated',
  'record.deleted',
];
export const isRecordEvent = (type: string): boolean =>
  (RECORD_EVENT_TYPES as readonly string[]).includes(type);
