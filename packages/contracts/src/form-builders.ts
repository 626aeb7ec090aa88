import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';
import { VISIBILITY_OPERATORS, VALUELESS_OPERATORS, ZFieldKey } from './nocode-fields';

/*
 * Form builders ("forms" to users; spec 3 §7, ../shared/DOMAIN-FORMS-WORKFLOWS.md "Form builders"):
 * a named, multi-step process with a unique code (`/fbd/{code}`, `/public/fbd/{code}`). This file is
 * the one shape of a form's definition and of a submission, shared by the server and the web.
 */

// ---------------------------------------------------------------------------------------------
// Definition
// ---------------------------------------------------------------------------------------------

/** TEMPLATE: a form template's fields; ENTITY: an entity's primary template (the submission creates or
 * updates that entity's record); DOCUMENT: a document template to fill and sign (the e-sign flow);
 * STATIC: text to read (and accept when `require_accept`). */
export const FORM_STEP_TYPES = ['TEMPLATE', 'ENTITY', 'DOCUMENT', 'STATIC'] as const;
export type TFormStepType = (typeof FORM_STEP_TYPES)[number];

/** Who fills it (`form_builders_owner`): company users, the contacts of one contact type, or anyone. */
export const FORM_OWNER_TYPES = ['COMPANY_USERS', 'CONTACTS', 'ANYONE'] as const;
export type TFormOwnerType = (typeof FORM_OWNER_TYPES)[number];

/** DRAFT: being built (only staff preview it); ACTIVE: can be filled; INACTIVE: closed by hand. */
export const FORM_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type TFormStatus = (typeof FORM_STATUSES)[number];

/** A step's condition names a field of an earlier TEMPLATE or ENTITY step. */
export const ZStepConditionRule = z
  .object({
    step_id: ZId('Choose an earlier step'),
    field: ZFieldKey,
    operator: z.enum(VISIBILITY_OPERATORS, { error: `Use one of ${VISIBILITY_OPERATORS.join(', ')}` }),
    value: z
      .union([z.string().max(500), z.number(), z.boolean()])
      .nullable()
      .optional(),
  })
  .refine((rule) => VALUELESS_OPERATORS.includes(rule.operator) || (rule.value ?? '') !== '', {
    message: 'Give the value to compare with',
    path: ['value'],
  });
export type TStepConditionRule = z.infer<typeof ZStepConditionRule>;

/** Show the step only when all (or any) of the rules hold; null: always shown. */
export const ZStepCondition = z.object({
  match: z.enum(['ALL', 'ANY']).default('ALL'),
  rules: z.array(ZStepConditionRule).min(1, 'Add at least one rule').max(20, 'At most 20 rules'),
});
export type TStepCondition = z.infer<typeof ZStepCondition>;

const ZStepName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(120, 'At most 120 characters');

const stepBase = {
  /** Stable id of the step (kept across edits: submissions key their progress by it). New steps may omit it. */
  id: ZId().optional(),
  name: ZStepName,
  /** An optional step can be skipped; a required one must be completed before submitting. */
  required: z.boolean().default(true),
  condition: ZStepCondition.nullable().default(null),
};

export const ZFormStep = z.discriminatedUnion(
  'type',
  [
    z.object({ ...stepBase, type: z.literal('TEMPLATE'), template_id: ZId('Choose a template') }),
    z.object({
      ...stepBase,
      type: z.literal('ENTITY'),
      entity_id: ZId('Choose an entity'),
      /** With a signed-in contact or a prefilled record id: update that record instead of creating one. */
      update_existing: z.boolean().default(false),
    }),
    z.object({
      ...stepBase,
      type: z.literal('DOCUMENT'),
      /** A company document template (`company_documents`) with roles; the filler signs as `role`. */
      document_template_id: ZId('Choose a document'),
      role: z.string().trim().max(120).optional(),
    }),
    z.object({
      ...stepBase,
      type: z.literal('STATIC'),
      /** Plain text with blank lines between paragraphs (shown as is, never as HTML). */
      content: z.string().trim().min(1, 'Required').max(20_000, 'At most 20,000 characters'),
      require_accept: z.boolean().default(false),
    }),
  ],
  { error: `Use a step type of ${FORM_STEP_TYPES.join(', ')}` },
);
export type TFormStep = z.infer<typeof ZFormStep>;
export type TFormStepInput = z.input<typeof ZFormStep>;
/** A stored step always has its id. */
export type TStoredFormStep = TFormStep & { id: string };

/** ANY: one approver's decision settles the level; ALL: every approver must approve. */
export const APPROVAL_RULES = ['ANY', 'ALL'] as const;
export const APPROVER_KINDS = ['COMPANY_USER', 'USER_TYPE', 'CONTACT', 'FIELD_EMAIL'] as const;
export type TApproverKind = (typeof APPROVER_KINDS)[number];

export const ZApprover = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('COMPANY_USER'), user_id: ZId('Choose a user') }),
    z.object({ kind: z.literal('USER_TYPE'), user_type: z.enum(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER']) }),
    z.object({ kind: z.literal('CONTACT'), contact_id: ZId('Choose a contact') }),
    /** The email typed in a field of the submission (e.g. "Manager's email"). */
    z.object({ kind: z.literal('FIELD_EMAIL'), step_id: ZId('Choose a step'), field: ZFieldKey }),
  ],
  { error: `Use an approver kind of ${APPROVER_KINDS.join(', ')}` },
);
export type TApprover = z.infer<typeof ZApprover>;

export const ZApprovalLevel = z.object({
  name: z.string().trim().max(120).default(''),
  rule: z.enum(APPROVAL_RULES).default('ANY'),
  approvers: z.array(ZApprover).min(1, 'Add at least one approver').max(50, 'At most 50 approvers'),
  /** A rejection at this level sends the submission back to its filler for edits instead of ending it. */
  send_back_on_reject: z.boolean().default(false),
});
export type TApprovalLevel = z.infer<typeof ZApprovalLevel>;

const ZDateTime = z.iso.datetime({ offset: true, error: 'Use an ISO date and time' });

export const ZFormSettings = z.object({
  /** Guests prove their email with a 6-digit passcode before filling. */
  secure_access: z.boolean().default(false),
  /** With CONTACTS: the contact type whose contacts fill it. */
  contact_type_id: ZId().nullable().default(null),
  opens_at: ZDateTime.nullable().default(null),
  closes_at: ZDateTime.nullable().default(null),
  /** One submission per person (email, contact or user), or many. */
  one_per_person: z.boolean().default(false),
  /** The most submissions in total; null: no cap. */
  max_submissions: z.number().int().min(1).max(10_000_000).nullable().default(null),
  thank_you_message: z.string().trim().max(5000).default('Thank you. Your response has been recorded.'),
  approval_levels: z.array(ZApprovalLevel).max(10, 'At most 10 levels').default([]),
  reminders: z
    .object({
      enabled: z.boolean().default(false),
      /** Days after the link is sent, then every `repeat_every_days`, at most `max_reminders` times. */
      first_after_days: z.number().int().min(1).max(365).default(2),
      repeat_every_days: z.number().int().min(1).max(365).default(2),
      max_reminders: z.number().int().min(1).max(20).default(3),
      /** Remind approvers who have not decided, on the same schedule. */
      remind_approvers: z.boolean().default(true),
    })
    .default({
      enabled: false,
      first_after_days: 2,
      repeat_every_days: 2,
      max_reminders: 3,
      remind_approvers: true,
    }),
});
export type TFormSettings = z.infer<typeof ZFormSettings>;
export type TFormSettingsInput = z.input<typeof ZFormSettings>;

export const ZFormName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(120, 'At most 120 characters');

export const ZCreateFormBuilderRequest = z.object({
  name: ZFormName,
  description: z.string().trim().max(2000).default(''),
  owner_type: z.enum(FORM_OWNER_TYPES).default('ANYONE'),
  status: z.enum(FORM_STATUSES).default('DRAFT'),
  steps: z.array(ZFormStep).min(1, 'Add at least one step').max(50, 'At most 50 steps'),
  settings: ZFormSettings.default(ZFormSettings.parse({})),
});
export type TCreateFormBuilderRequest = z.input<typeof ZCreateFormBuilderRequest>;

/** PUT formBuilders: the id in the body, the whole definition, and the version read (409 if it moved). */
export const ZUpdateFormBuilderRequest = ZCreateFormBuilderRequest.extend({
  _id: ZId(),
  version: z.number().int().min(1).optional(),
});
export type TUpdateFormBuilderRequest = z.input<typeof ZUpdateFormBuilderRequest>;

export const ZFormBuilder = z.object({
  _id: z.string(),
  company_id: z.string(),
  name: z.string(),
  /** Unique across the instance: the segment of `/fbd/{code}` and `/public/fbd/{code}`. */
  code: z.string(),
  description: z.string(),
  owner_type: z.enum(FORM_OWNER_TYPES),
  status: z.enum(FORM_STATUSES),
  steps: z.array(z.any()) as unknown as z.ZodType<TStoredFormStep[]>,
  settings: ZFormSettings,
  version: z.number().int(),
  /** Submissions received (any status but DRAFT). */
  submissions_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFormBuilder = z.infer<typeof ZFormBuilder>;

export const FORM_BUILDER_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export const ZFormBuilderListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: z.enum(FORM_STATUSES).optional(),
  owner_type: z.enum(FORM_OWNER_TYPES).optional(),
  sort: z.enum(FORM_BUILDER_SORTS).default('-updated_at'),
});

/** What a guest sees before filling: enough to render the form, nothing about the company's other data. */
export const ZPublicFormBuilder = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  owner_type: z.enum(FORM_OWNER_TYPES),
  secure_access: z.boolean(),
  /** OPEN, or why it cannot be filled now. */
  availability: z.enum(['OPEN', 'NOT_YET_OPEN', 'CLOSED', 'FULL', 'INACTIVE']),
  steps: z.array(z.any()) as unknown as z.ZodType<TStoredFormStep[]>,
  thank_you_message: z.string(),
  total_submissions_count: z.number().int(),
  company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  /** The guest the request's headers prove, if any. */
  auth_user: z
    .object({ _id: z.string(), email: z.string().nullable(), kind: z.enum(['GUEST', 'ANONYMOUS']) })
    .nullable(),
});
export type TPublicFormBuilder = z.infer<typeof ZPublicFormBuilder>;

// ---------------------------------------------------------------------------------------------
// Guest access (headers `anonymoususerid` or `userid`, `passcode`, `formbuilderid`)
// ---------------------------------------------------------------------------------------------

export const PASSCODE_DIGITS = 6;
export const PASSCODE_TTL_MINUTES = 10;
export const PASSCODE_MAX_TRIES = 5;

export const ZSendFormPasscodeRequest = z.object({
  formbuilder_details_id: ZId(),
  email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().max(254),
});
export const ZVerifyFormPasscodeRequest = ZSendFormPasscodeRequest.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
/** The guest's identity and session secret: send them back as `userid` and `passcode` headers. */
export const ZGuestSession = z.object({
  contact: z.object({ _id: z.string(), email: z.string().nullable(), kind: z.enum(['GUEST', 'ANONYMOUS']) }),
  /** The session secret (not the mailed code); only this answer carries it. */
  passcode: z.string(),
  secure_access: z.boolean(),
  formbuilder_details_id: z.string(),
  expires_at: z.string(),
});
export type TGuestSession = z.infer<typeof ZGuestSession>;

// ---------------------------------------------------------------------------------------------
// Submissions (`formbuilder_data`)
// ---------------------------------------------------------------------------------------------

/**
 * CLOSED: a DRAFT or SENT_BACK submission closed before it was submitted (the workflow packet it
 * was a step of ended): read only, never counted as an answer.
 */
export const SUBMISSION_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
  'SENT_BACK',
  'CLOSED',
] as const;
export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const STEP_PROGRESS = ['PENDING', 'SAVED', 'COMPLETED', 'SKIPPED'] as const;
export type TStepProgress = (typeof STEP_PROGRESS)[number];
export const FILLER_KINDS = ['USER', 'CONTACT', 'GUEST', 'ANONYMOUS'] as const;
export type TFillerKind = (typeof FILLER_KINDS)[number];

export const ZSubmissionStep = z.object({
  step_id: z.string(),
  status: z.enum(STEP_PROGRESS),
  completed_at: z.string().nullable(),
  /** ENTITY steps: the record the step created or updated. */
  entity_data_id: z.string().nullable(),
  /** DOCUMENT steps: the document sent to the filler for signing. */
  document_id: z.string().nullable(),
});
export type TSubmissionStep = z.infer<typeof ZSubmissionStep>;

export const ZApprovalDecision = z.object({
  level: z.number().int(),
  approver: z.object({
    kind: z.enum(['USER', 'CONTACT', 'EMAIL']),
    id: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string(),
  }),
  decision: z.enum(['APPROVED', 'REJECTED']),
  comment: z.string(),
  at: z.string(),
});

export const ZFormSubmission = z.object({
  _id: z.string(),
  formbuilder_details_id: z.string(),
  code: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  filler: z.object({
    kind: z.enum(FILLER_KINDS),
    id: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string(),
  }),
  steps: z.array(ZSubmissionStep),
  /** Values by step id, then field key (template data of the submission). */
  values: z.record(z.string(), z.record(z.string(), z.unknown())),
  /** The approval level waiting for decisions (0-based), null when none waits. */
  current_level: z.number().int().nullable(),
  decisions: z.array(ZApprovalDecision),
  batch_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type TFormSubmission = z.infer<typeof ZFormSubmission>;

// ---------------------------------------------------------------------------------------------
// form-builders (builders helper): sharing, passcodes and anonymous links
// ---------------------------------------------------------------------------------------------

/** The body of calls that name one form (`formBuilders-url`, `formbuilder-url/create`). */
export const ZFormBuilderRef = z.object({ formbuilder_details_id: ZId('Choose a form') });

/** `POST formBuilders-url`: the form's public link. */
export const ZFormBuilderUrl = z.object({ url: z.string(), code: z.string() });
export type TFormBuilderUrl = z.infer<typeof ZFormBuilderUrl>;

/** `POST formBuilders/sent-otp` on a `secure_access` form: a code was mailed (nothing says whether the email is known). */
export const ZFormPasscodeSent = z.object({
  secure_access: z.literal(true),
  formbuilder_details_id: z.string(),
  contact: z.object({ email: z.string() }),
  /** When the mailed code stops working. */
  expires_at: z.string(),
});
export type TFormPasscodeSent = z.infer<typeof ZFormPasscodeSent>;

/** `POST formBuilders/sent-otp`: a code was mailed, or (no `secure_access`) the session at once. */
export const ZSendFormPasscodeAnswer = z.union([ZFormPasscodeSent, ZGuestSession]);
export type TSendFormPasscodeAnswer = z.infer<typeof ZSendFormPasscodeAnswer>;

/** `GET formBuilders/{id}/reminder-settings`. */
export const ZFormReminderSettings = ZFormSettings.shape.reminders.unwrap();
export type TFormReminderSettings = z.infer<typeof ZFormReminderSettings>;

/** An anonymous link's own settings (prefilled values, labels the link carries...): a flat JSON object. */
export const ZAnonymousFormParams = z
  .record(z.string().max(100), z.unknown())
  .refine((params) => Object.keys(params).length <= 100, { message: 'At most 100 settings' })
  .refine((params) => JSON.stringify(params).length <= 20_000, {
    message: 'At most 20,000 characters of settings',
  });

export const ZCreateAnonymousFormRequest = z.object({
  formbuilder_details_id: ZId('Choose a form'),
  name: z.string().trim().max(120, 'At most 120 characters').default(''),
  params: ZAnonymousFormParams.default({}),
});
export type TCreateAnonymousFormRequest = z.input<typeof ZCreateAnonymousFormRequest>;

/** `POST anonymous-form/{id}`: changes what is given. */
export const ZUpdateAnonymousFormRequest = z.object({
  name: z.string().trim().max(120, 'At most 120 characters').optional(),
  params: ZAnonymousFormParams.optional(),
});
export type TUpdateAnonymousFormRequest = z.input<typeof ZUpdateAnonymousFormRequest>;

export const ZAnonymousForm = z.object({
  _id: z.string(),
  formbuilder_details_id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** The form's public link carrying this anonymous link's id (`?anonymous_form={_id}`). */
  url: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAnonymousForm = z.infer<typeof ZAnonymousForm>;
