import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';
import { VALUELESS_OPERATORS, VISIBILITY_OPERATORS } from './nocode-fields';

/*
 * Workflows ("packets" to users; spec 2 §7 "Workflows", ../shared/DOMAIN-FORMS-WORKFLOWS.md
 * "Workflows"): a reusable, ordered set of steps sent together to one PRIMARY person (a contact:
 * a tenant, a buyer) plus other recipients. The definition (`workflow`) is versioned; a started
 * instance (`workflow_data`) keeps the version it started with. Each step of an instance becomes a
 * real object of its own area: a sent document (custom, static), a document request (requested) or
 * a form submission (form). This file is the one shape of both, shared by the server and the web.
 */

// ---------------------------------------------------------------------------------------------
// Definition
// ---------------------------------------------------------------------------------------------

/**
 * custom: a template to fill and sign (a sent document); static: a document to read and
 * acknowledge (a sent document with nothing to fill: finishing it is the acknowledgement, sealed
 * like a signature); requested: a file the recipient uploads (a document request of a card type);
 * form: a form to fill (a form submission).
 */
export const WORKFLOW_STEP_KINDS = ['custom', 'static', 'requested', 'form'] as const;
export type TWorkflowStepKind = (typeof WORKFLOW_STEP_KINDS)[number];

export const WORKFLOW_STEP_KIND_LABELS: Record<TWorkflowStepKind, string> = {
  custom: 'Fill and sign',
  static: 'Read and acknowledge',
  requested: 'Upload a file',
  form: 'Fill a form',
};

/** DRAFT: being built; ACTIVE: can be started; INACTIVE: closed by hand; ARCHIVED: deleted softly. */
export const WORKFLOW_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE', 'ARCHIVED'] as const;
export type TWorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** A step's condition names a value of an earlier step (a form answer, a filled field's value). */
export const ZWorkflowConditionRule = z
  .object({
    step_id: z.string().min(1, 'Choose an earlier step').max(64),
    /** A form field's key, or a template field's key / label. */
    field: z.string().trim().min(1, 'Choose a field').max(200),
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
export type TWorkflowConditionRule = z.infer<typeof ZWorkflowConditionRule>;

/** Run the step only when all (or any) of the rules hold; null: always. A step not run is SKIPPED. */
export const ZWorkflowCondition = z.object({
  match: z.enum(['ALL', 'ANY']).default('ALL'),
  rules: z.array(ZWorkflowConditionRule).min(1, 'Add at least one rule').max(20, 'At most 20 rules'),
});
export type TWorkflowCondition = z.infer<typeof ZWorkflowCondition>;

/**
 * Who fills one of a custom/static template's recipient roles (by the role's `key`):
 * PRIMARY: the instance's primary contact; USER: a company user (e.g. the agent countersigns);
 * EMAIL: a fixed person. Roles not named go to the primary person when the template has one role.
 */
export const ZWorkflowStepRecipient = z.discriminatedUnion('source', [
  z.object({ role_key: z.string().min(1).max(64), source: z.literal('PRIMARY') }),
  z.object({ role_key: z.string().min(1).max(64), source: z.literal('USER'), user_id: ZId('Choose a user') }),
  z.object({
    role_key: z.string().min(1).max(64),
    source: z.literal('EMAIL'),
    email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().max(254),
    first_name: z.string().trim().max(100).default(''),
    last_name: z.string().trim().max(100).default(''),
  }),
]);
export type TWorkflowStepRecipient = z.infer<typeof ZWorkflowStepRecipient>;

/** File types a requested step accepts (what the recipient's file picker allows). */
export const WORKFLOW_ACCEPTED_FILE_TYPES = ['pdf', 'image', 'word', 'spreadsheet'] as const;

const ZStepName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(120, 'At most 120 characters');

/**
 * One step of a definition. `id` is the step's stable key (the client makes it, e.g. a UUID):
 * conditions and instances' steps refer to it. Steps with the same `stage` run at the same time;
 * stages run in ascending order, each once every required step of the one before is done.
 */
export const ZWorkflowStep = z
  .object({
    id: z.string().min(1).max(64),
    kind: z.enum(WORKFLOW_STEP_KINDS, { error: `Use one of ${WORKFLOW_STEP_KINDS.join(', ')}` }),
    name: ZStepName,
    description: z.string().max(2000).default(''),
    stage: z.number().int().min(1).max(50).default(1),
    required: z.boolean().default(true),
    /** custom, static: the company template (configurable document) sent. */
    template_id: ZId('Choose a template').nullable().default(null),
    /** requested: the card type asked for (PAN card, Aadhaar, salary slip...). */
    card_type: z.string().trim().max(100).default(''),
    accepted_types: z.array(z.enum(WORKFLOW_ACCEPTED_FILE_TYPES)).max(4).default(['pdf', 'image']),
    /** form: the form builder filled. */
    form_builder_id: ZId('Choose a form').nullable().default(null),
    /** custom, static: who fills each of the template's roles. */
    recipients: z.array(ZWorkflowStepRecipient).max(20).default([]),
    condition: ZWorkflowCondition.nullable().default(null),
  })
  .superRefine((step, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (step.kind === 'custom' || step.kind === 'static')
      need(step.template_id !== null, 'template_id', 'Choose a template');
    if (step.kind === 'requested') need(step.card_type !== '', 'card_type', 'Say which document to upload');
    if (step.kind === 'form') need(step.form_builder_id !== null, 'form_builder_id', 'Choose a form');
  });
export type TWorkflowStep = z.infer<typeof ZWorkflowStep>;
export type TWorkflowStepInput = z.input<typeof ZWorkflowStep>;

/** Reminders per due step when the timing does not say (`max_reminders` absent). */
export const WORKFLOW_MAX_REMINDERS_DEFAULT = 3;

/** Expiry and reminders of an instance (defaults: `GET /workflows/settings`). */
export const ZWorkflowTiming = z.object({
  /** Days from the start until the instance expires; null: never. */
  expire_after_days: z.number().int().min(1).max(365).nullable().default(30),
  /** Days between reminders to whoever is due; null: no reminders. */
  reminder_every_days: z.number().int().min(1).max(60).nullable().default(3),
  /**
   * Reminders of a due upload or form step at most; absent: `WORKFLOW_MAX_REMINDERS_DEFAULT`. (A
   * step's document is reminded by the documents' own sweep at the instance's cadence, uncapped.)
   */
  max_reminders: z.number().int().min(1).max(20).optional(),
});
export type TWorkflowTiming = z.infer<typeof ZWorkflowTiming>;

/** `POST /create-workflow`, `PUT /workflow/{id}` (a new version when instances use the current one). */
export const ZWorkflowWrite = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(150, 'At most 150 characters'),
    description: z.string().max(2000).default(''),
    /** The contact type the primary person must be of; null: any contact. */
    contact_type_id: ZId('Choose a contact type').nullable().default(null),
    steps: z.array(ZWorkflowStep).max(50, 'At most 50 steps').default([]),
    timing: ZWorkflowTiming.default({ expire_after_days: 30, reminder_every_days: 3 }),
  })
  .superRefine((w, ctx) => {
    const seen = new Map<string, number>();
    w.steps.forEach((step, i) => {
      if (seen.has(step.id))
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: 'Two steps have this id' });
      seen.set(step.id, step.stage);
      for (const [r, rule] of (step.condition?.rules ?? []).entries()) {
        const earlier = seen.get(rule.step_id);
        if (earlier === undefined || earlier >= step.stage || rule.step_id === step.id) {
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, 'condition', 'rules', r, 'step_id'],
            message: 'A condition can only name a step of an earlier stage',
          });
        }
      }
    });
  });
export type TWorkflowWrite = z.input<typeof ZWorkflowWrite>;

/** A definition as answered (`GET /workflow/{id}`, rows of `GET /workflows`). */
export const ZWorkflow = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  contact_type_id: z.string().nullable(),
  /** The current version (1, 2...): a change while instances use it makes a new one. */
  version: z.number().int(),
  steps: z.array(ZWorkflowStep),
  timing: ZWorkflowTiming,
  created_by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Instances made (any status), and those not finished yet (DRAFT or IN_PROGRESS). */
  instances_count: z.number().int(),
  running_count: z.number().int(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;

/** `POST /workflow/{id}/status`. ARCHIVED through DeleteWorkflow; DRAFT only before any start. */
export const ZWorkflowStatusRequest = z.object({
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'Use ACTIVE or INACTIVE' }),
});

/** `GET /workflows` (definitions) query. */
export const ZWorkflowListQuery = ZPageQuery.extend({
  status: z.enum(WORKFLOW_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});

/** `GET /workflows/settings`: the company's defaults for new workflows and what the builder may pick. */
export const ZWorkflowSettings = z.object({
  timing: ZWorkflowTiming,
  step_kinds: z.array(z.object({ kind: z.enum(WORKFLOW_STEP_KINDS), label: z.string() })),
  accepted_file_types: z.array(z.enum(WORKFLOW_ACCEPTED_FILE_TYPES)),
  /** The most contacts one start reaches (one batch, one durable job). */
  max_contacts_per_start: z.number().int(),
});
export type TWorkflowSettings = z.infer<typeof ZWorkflowSettings>;

// ---------------------------------------------------------------------------------------------
// Instances (workflow data)
// ---------------------------------------------------------------------------------------------

/**
 * DRAFT: created, not sent (its contacts can change); IN_PROGRESS: sent; COMPLETED: every required
 * step done; DECLINED: a recipient refused a step; VOIDED: cancelled by staff; EXPIRED: not
 * finished in time. The last four are final.
 */
export const WORKFLOW_INSTANCE_STATUSES = [
  'DRAFT',
  'IN_PROGRESS',
  'COMPLETED',
  'DECLINED',
  'VOIDED',
  'EXPIRED',
] as const;
export type TWorkflowInstanceStatus = (typeof WORKFLOW_INSTANCE_STATUSES)[number];
export const FINAL_WORKFLOW_INSTANCE_STATUSES: readonly TWorkflowInstanceStatus[] = [
  'COMPLETED',
  'DECLINED',
  'VOIDED',
  'EXPIRED',
];

/**
 * WAITING: its stage has not begun; DUE: sent, waiting for its recipient; DONE; DECLINED;
 * SKIPPED: its condition did not hold; VOIDED: the instance ended before it was done.
 */
export const WORKFLOW_STEP_STATUSES = ['WAITING', 'DUE', 'DONE', 'DECLINED', 'SKIPPED', 'VOIDED'] as const;
export type TWorkflowStepStatus = (typeof WORKFLOW_STEP_STATUSES)[number];

/** One step of an instance: the definition's step and the object it became. */
export const ZWorkflowInstanceStep = z.object({
  step_id: z.string(),
  kind: z.enum(WORKFLOW_STEP_KINDS),
  name: z.string(),
  stage: z.number().int(),
  required: z.boolean(),
  status: z.enum(WORKFLOW_STEP_STATUSES),
  /** The sent document (custom, static), document request (requested) or submission (form). */
  object_id: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TWorkflowInstanceStep = z.infer<typeof ZWorkflowInstanceStep>;

export const ZWorkflowPerson = z.object({
  contact_id: z.string().nullable(),
  email: z.string(),
  name: z.string(),
});

/** One event of an instance's timeline (also in the audit trail). */
export const ZWorkflowEvent = z.object({
  at: z.string(),
  event: z.string(),
  step_id: z.string().nullable(),
  actor: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

/** An instance as answered (`GET /workflow-data/{id}`, rows of `GET /workflow-data/`). */
export const ZWorkflowInstance = z.object({
  _id: z.string(),
  workflow_id: z.string().nullable(),
  workflow_name: z.string(),
  version: z.number().int(),
  status: z.enum(WORKFLOW_INSTANCE_STATUSES),
  primary: ZWorkflowPerson.nullable(),
  /** Several DRAFT instances made by one "add contacts" share a batch, started by one job. */
  batch_id: z.string().nullable(),
  steps: z.array(ZWorkflowInstanceStep),
  /** Steps done out of steps to do (not SKIPPED). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TWorkflowInstance = z.infer<typeof ZWorkflowInstance>;

export const ZWorkflowInstanceDetail = ZWorkflowInstance.extend({
  timeline: z.array(ZWorkflowEvent),
});
export type TWorkflowInstanceDetail = z.infer<typeof ZWorkflowInstanceDetail>;

/** `GET /workflow-data/` query. */
export const ZWorkflowInstanceListQuery = ZPageQuery.extend({
  status: z.enum(WORKFLOW_INSTANCE_STATUSES).optional(),
  workflow_id: ZId('Invalid workflow id').optional(),
  contact_id: ZId('Invalid contact id').optional(),
  search: z.string().trim().max(200).optional(),
});

/** `POST /workflow/count`: counts per status tab of definitions and of instances. */
export const ZWorkflowCountRequest = z.object({
  search: z.string().trim().max(200).optional(),
  workflow_id: ZId('Invalid workflow id').optional(),
});
export const ZWorkflowCounts = z.object({
  workflows: z.record(z.enum(WORKFLOW_STATUSES), z.number().int()),
  instances: z.record(z.enum(WORKFLOW_INSTANCE_STATUSES), z.number().int()),
});
export type TWorkflowCounts = z.infer<typeof ZWorkflowCounts>;

/** The most contacts one start reaches. */
export const MAX_WORKFLOW_START_CONTACTS = 5_000;

/** `POST /create-workflow-data/{workflow_id}`: a DRAFT instance of the current version. */
export const ZWorkflowDataCreate = z.object({
  contact_id: ZId('Choose a contact').nullable().default(null),
});

/**
 * `POST addWorkflow-contacts`: the draft gets its first contact; each further contact gets a DRAFT
 * instance of its own in the draft's batch (answered: every instance of the batch).
 */
export const ZAddWorkflowContacts = z.object({
  workflow_data_id: ZId('Invalid workflow data id'),
  contact_ids: z
    .array(ZId('Invalid contact id'))
    .min(1, 'Choose at least one contact')
    .max(MAX_WORKFLOW_START_CONTACTS, `At most ${MAX_WORKFLOW_START_CONTACTS} contacts`),
});

/** `PUT /workflow-data/{id}`: change a DRAFT's contact or timing, or void a running instance. */
export const ZWorkflowDataUpdate = z
  .object({
    contact_id: ZId('Choose a contact').optional(),
    timing: ZWorkflowTiming.optional(),
    status: z.literal('VOIDED', { error: 'Only VOIDED can be set' }).optional(),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((b) => b.contact_id !== undefined || b.timing !== undefined || b.status !== undefined, {
    message: 'Nothing to change',
    path: ['status'],
  });

/** `POST /documents/send-workflow`: send a DRAFT instance, or its whole batch (one durable job). */
export const ZSendWorkflow = z.object({
  workflow_data_id: ZId('Invalid workflow data id'),
  whole_batch: z.boolean().default(true),
});

/** The answer of a send: the batch's progress (`GET /workflow-data/{id}` of any of its instances follows it). */
export const ZWorkflowSendProgress = z.object({
  batch_id: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE']),
});
export type TWorkflowSendProgress = z.infer<typeof ZWorkflowSendProgress>;

// ---------------------------------------------------------------------------------------------
// Recipients (the `workflowdataid` header: spec 1 §7)
// ---------------------------------------------------------------------------------------------

/** `POST /workflow/users`: the people of an instance, each with their steps' states (staff). */
export const ZWorkflowUsersRequest = z.object({ workflow_data_id: ZId('Invalid workflow data id') });
export const ZWorkflowUser = ZWorkflowPerson.extend({
  role: z.enum(['PRIMARY', 'USER', 'EMAIL']),
  steps: z.array(z.object({ step_id: z.string(), name: z.string(), status: z.enum(WORKFLOW_STEP_STATUSES) })),
});
export type TWorkflowUser = z.infer<typeof ZWorkflowUser>;

/**
 * `POST /workflow/user-status` body. Without `open_step_id` every `open_url` is null except the
 * step whose link the caller came by; with it, a fresh link to that DUE step of the caller is minted
 * and answered as its `open_url` (the "Next step" button: links are never minted by a mere read).
 */
export const ZWorkflowUserStatusRequest = z.object({
  open_step_id: z.string().trim().min(1).max(64).optional(),
});
export type TWorkflowUserStatusRequest = z.infer<typeof ZWorkflowUserStatusRequest>;

/**
 * `POST /workflow/user-status`: a recipient's own packet, from a step's link (headers
 * `workflowdataid` + the step link's `documentid`/`userid`/... secrets, or a signed-in contact):
 * their steps in order, which are due and how to open each. Never another recipient's steps.
 */
export const ZWorkflowUserStatus = z.object({
  workflow_data_id: z.string(),
  workflow_name: z.string(),
  status: z.enum(WORKFLOW_INSTANCE_STATUSES),
  company_name: z.string(),
  steps: z.array(
    z.object({
      step_id: z.string(),
      kind: z.enum(WORKFLOW_STEP_KINDS),
      name: z.string(),
      status: z.enum(WORKFLOW_STEP_STATUSES),
      /** Where the recipient opens a DUE step (a signing link, an upload page, a form link). */
      open_url: z.string().nullable(),
      /**
       * A read-and-acknowledge (static) step the caller views: true while their acknowledgement is
       * still wanted (`POST /workflow/acknowledge`); opening the document only marks it viewed.
       */
      must_acknowledge: z.boolean().optional(),
      /** When the caller acknowledged this step (static steps), else null. */
      acknowledged_at: z.string().nullable().optional(),
    }),
  ),
});
export type TWorkflowUserStatus = z.infer<typeof ZWorkflowUserStatus>;

/**
 * `POST /workflow/acknowledge` (not in the spec): the recipient of a read-and-acknowledge step,
 * with the same credentials as `user-status`, says they have read its document. Answers their
 * packet as `user-status` does.
 */
export const ZWorkflowAcknowledgeRequest = z.object({
  step_id: z.string().trim().min(1, 'Name the step').max(64),
});
export type TWorkflowAcknowledgeRequest = z.infer<typeof ZWorkflowAcknowledgeRequest>;

/** `GET /view-workflow/{id}`: the definition, its instances' counts per status and the latest ones. */
export const ZWorkflowView = z.object({
  workflow: ZWorkflow,
  instances: z.record(z.enum(WORKFLOW_INSTANCE_STATUSES), z.number().int()),
  /** The 10 newest instances, newest first. */
  latest: z.array(ZWorkflowInstance),
});
export type TWorkflowView = z.infer<typeof ZWorkflowView>;

// ---------------------------------------------------------------------------------------------
// Resend and download (staff)
// ---------------------------------------------------------------------------------------------

/**
 * `POST /resend-workflow/{workflow_id}` (the id is the instance, as `workflow_data_id`): mails every
 * DUE step's link again to its recipients, or only the steps named. Not IN_PROGRESS: 409.
 */
export const ZResendWorkflow = z.object({
  step_ids: z.array(z.string().trim().min(1).max(64)).min(1).max(50).optional(),
});
export type TResendWorkflow = z.infer<typeof ZResendWorkflow>;
export const ZResendWorkflowResult = z.object({
  resent: z.array(z.object({ step_id: z.string(), name: z.string(), emails: z.array(z.string()) })),
});
export type TResendWorkflowResult = z.infer<typeof ZResendWorkflowResult>;

/**
 * `GET /workflow-data/{id}/download` (not named by the spec; the instance page's "Download all"):
 * one ZIP of the instance's DONE steps: sealed PDFs of signed and acknowledged documents, uploaded
 * files of requests, a PDF of each submitted form (its questions and answers) with its uploaded
 * files, and `packet.json` (steps, states, timeline).
 */
export const workflowDownloadPath = (workflowDataId: string): string =>
  `/workflow-data/${encodeURIComponent(workflowDataId)}/download`;
