import { z } from 'zod';
import { EMAIL_STATUSES } from './outbox';
import { ZPageQuery } from './envelope';
import { FILLER_KINDS, SUBMISSION_STATUSES } from './form-builders';
import { ZId } from './ids';
import { ZFieldKey } from './nocode-fields';
import { FILTER_OPERATORS } from './nocode-filters';

/*
 * Forms, send and data-out side (spec 3 §7 `formbuilder-data/send*`, `formbuilders-batch`,
 * `template-data`, `export`): sending a form to people as one batch with progress, resending a
 * personal link, checking a contact, and the submissions' data as a grid and as CSV. The shapes
 * of the form and of a submission are in `form-builders.ts`.
 */

/** The most people one send reaches (one batch, one durable job chain). */
export const MAX_SEND_RECIPIENTS = 10_000;

const ZEmail = z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().max(254);
const ZFormId = ZId('Choose a form');
const ZPersonName = z.string().trim().max(120, 'At most 120 characters');

// ---------------------------------------------------------------------------------------------
// Contacts
// ---------------------------------------------------------------------------------------------

/** `POST /formbuilder-data/contact/check`. */
export const ZFormContactCheckRequest = z.object({ formbuilder_details_id: ZFormId, email: ZEmail });

export const ZFormContactCheck = z.object({
  contact: z
    .object({ _id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  /** Submissions of this form by that person (any status but DRAFT). */
  submissions_count: z.number().int(),
  /** Whether the person may start a submission now (the form is open, and one_per_person allows it). */
  can_start: z.boolean(),
  /** Why not, when `can_start` is false. */
  reason: z.string().nullable(),
});
export type TFormContactCheck = z.infer<typeof ZFormContactCheck>;

/** `POST /formbuilder-data/contact`: the contact (found or created) is sent a personal link at once. */
export const ZFormContactCreateRequest = z.object({
  formbuilder_details_id: ZFormId,
  email: ZEmail,
  first_name: ZPersonName.default(''),
  last_name: ZPersonName.default(''),
});
export type TFormContactCreateRequest = z.input<typeof ZFormContactCreateRequest>;

/** One personal link sent (contact creation, resend). */
export const ZFormLinkSent = z.object({
  formbuilder_data_id: z.string(),
  contact_id: z.string().nullable(),
  email: z.string(),
  /** When the link's session ends (guests); null for staff links (they sign in). */
  expires_at: z.string().nullable(),
});
export type TFormLinkSent = z.infer<typeof ZFormLinkSent>;

// ---------------------------------------------------------------------------------------------
// Sends (batches)
// ---------------------------------------------------------------------------------------------

/** `POST /formbuilder-data/send`: contacts by id and/or emails (new emails become contacts). */
export const ZFormSendRequest = z
  .object({
    formbuilder_details_id: ZFormId,
    contact_ids: z
      .array(ZId('Invalid contact id'))
      .max(MAX_SEND_RECIPIENTS, `At most ${MAX_SEND_RECIPIENTS} contacts`)
      .default([]),
    emails: z.array(ZEmail).max(MAX_SEND_RECIPIENTS, `At most ${MAX_SEND_RECIPIENTS} emails`).default([]),
  })
  .refine((body) => body.contact_ids.length + body.emails.length > 0, {
    message: 'Choose at least one contact or email',
    path: ['contact_ids'],
  });
export type TFormSendRequest = z.input<typeof ZFormSendRequest>;

/** `POST /formbuilder-data/send/multiple-users`: company users (they open the form signed in). */
export const ZFormSendUsersRequest = z.object({
  formbuilder_details_id: ZFormId,
  user_ids: z
    .array(ZId('Invalid user id'))
    .min(1, 'Choose at least one user')
    .max(MAX_SEND_RECIPIENTS, `At most ${MAX_SEND_RECIPIENTS} users`),
});

/**
 * `POST /formbuilder-data/multiple-entities`: every record of an entity, to the email in a field
 * of its primary template (`email_field`; default: its first EMAIL field). Records without a valid
 * email are left out (counted in `skipped`).
 */
export const ZFormSendEntityRequest = z.object({
  formbuilder_details_id: ZFormId,
  entity_id: ZId('Choose an entity'),
  email_field: ZFieldKey.optional(),
});

export const ZFormBatchStarted = z.object({
  batch_id: z.string(),
  /** People who get a link (duplicates removed). */
  total: z.number().int(),
  /** Given people left out (duplicates, records without an email). */
  skipped: z.number().int(),
});
export type TFormBatchStarted = z.infer<typeof ZFormBatchStarted>;

/** CANCELLED: stopped by staff (`/formbuilders-batch/{id}/cancel`); the people sent before stay sent. */
export const FORM_BATCH_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;

export const ZFormBatch = z.object({
  _id: z.string(),
  formbuilder_details_id: z.string(),
  status: z.enum(FORM_BATCH_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** 0-100: people done (sent or failed) of the total. */
  progress: z.number().int(),
  message: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The send that retried this one's failed people (`/formbuilders-batch/{id}/retry`); null until then. */
  retry_batch_id: z.string().nullable(),
});
export type TFormBatch = z.infer<typeof ZFormBatch>;

export const ZFormBatchListQuery = ZPageQuery.extend({
  formbuilder_details_id: ZId('Invalid form id').optional(),
  status: z.enum(FORM_BATCH_STATUSES).optional(),
});

/** `GET /formbuilders-batch/email-data/{id}`: one row per person the batch reached. */
export const ZFormBatchMail = z.object({
  formbuilder_data_id: z.string(),
  email: z.string(),
  name: z.string(),
  filler_kind: z.enum(FILLER_KINDS),
  submission_status: z.enum(SUBMISSION_STATUSES),
  /** The personal-link mail's delivery; null when none was queued (an older link, or none yet). */
  mail_status: z.enum(EMAIL_STATUSES).nullable(),
  mail_sent_at: z.string().nullable(),
});
export type TFormBatchMail = z.infer<typeof ZFormBatchMail>;

// ---------------------------------------------------------------------------------------------
// Data out
// ---------------------------------------------------------------------------------------------

/** Columns of the grid besides the step's fields. */
export const SUBMISSION_SYSTEM_COLUMNS = [
  'status',
  'filler_name',
  'filler_email',
  'created_at',
  'submitted_at',
] as const;

/** The record grid's operators but the list ones (IN, NOT_IN, BETWEEN). */
const LIST_OPERATORS = ['IN', 'NOT_IN', 'BETWEEN'] as const;
const ZSubmissionFilterOperator = z.enum(FILTER_OPERATORS).exclude(LIST_OPERATORS, {
  error: `Use one of ${FILTER_OPERATORS.filter((op) => !(LIST_OPERATORS as readonly string[]).includes(op)).join(', ')}`,
});
export const SUBMISSION_FILTER_OPERATORS = ZSubmissionFilterOperator.options;
export type TSubmissionFilterOperator = (typeof SUBMISSION_FILTER_OPERATORS)[number];

/** A column: a field key of the step, or one of SUBMISSION_SYSTEM_COLUMNS. */
const ZColumn = z
  .string({ error: 'Name a column' })
  .trim()
  .min(1, 'Name a column')
  .max(64, 'At most 64 characters')
  .regex(/^[a-z][a-z0-9_]*$/, 'Use a field key or a column name');

export const ZSubmissionFilter = z
  .object({
    field: ZColumn,
    operator: ZSubmissionFilterOperator,
    value: z
      .union([z.string().max(500, 'At most 500 characters'), z.number(), z.boolean()])
      .nullable()
      .optional(),
  })
  .refine(
    (rule) => rule.operator === 'IS_EMPTY' || rule.operator === 'IS_NOT_EMPTY' || (rule.value ?? '') !== '',
    { message: 'Give the value to compare with', path: ['value'] },
  );
export type TSubmissionFilter = z.infer<typeof ZSubmissionFilter>;

export const ZSubmissionSort = z.object({
  field: ZColumn,
  direction: z.enum(['asc', 'desc'], { error: 'Use asc or desc' }).default('asc'),
});

/** `GET /template-data`: one step's values of a form's submissions. */
export const ZTemplateDataQuery = ZPageQuery.extend({
  formbuilder_details_id: ZFormId,
  /** A TEMPLATE or ENTITY step of the form; default its first such step. */
  step_id: ZId('Choose a step').optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});

/** `POST /template-data` (filters in the body) and `POST /sort-template-data` (with a sort). */
export const ZTemplateDataRequest = z.object({
  formbuilder_details_id: ZFormId,
  step_id: ZId('Choose a step').optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  filters: z.array(ZSubmissionFilter).max(20, 'At most 20 filters').default([]),
  match: z.enum(['ALL', 'ANY']).default('ALL'),
  sort: z.array(ZSubmissionSort).max(5, 'At most 5 sorts').default([]),
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(500).default(20),
});
export type TTemplateDataRequest = z.input<typeof ZTemplateDataRequest>;

export const ZTemplateDataColumn = z.object({ key: z.string(), label: z.string(), type: z.string() });

export const ZTemplateDataRow = z.object({
  _id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  filler: z.object({
    kind: z.enum(FILLER_KINDS),
    id: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string(),
  }),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  /** The step's values by field key. */
  values: z.record(z.string(), z.unknown()),
});

export const ZTemplateDataPage = z.object({
  step: z.object({ _id: z.string(), name: z.string(), type: z.enum(['TEMPLATE', 'ENTITY']) }),
  columns: z.array(ZTemplateDataColumn),
  data: z.array(ZTemplateDataRow),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TTemplateDataPage = z.infer<typeof ZTemplateDataPage>;

/** `POST /export?tz=`: a CSV of the submissions (every step, or one step's fields). */
export const ZFormExportRequest = z.object({
  formbuilder_details_id: ZFormId,
  step_id: ZId('Choose a step').optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
});

/** `tz`: an IANA zone (`Asia/Kolkata`) or minutes as the `usertimezone` header (`-330`); default UTC. */
export const ZFormExportQuery = z.object({
  tz: z.string().trim().max(64, 'At most 64 characters').optional(),
});
