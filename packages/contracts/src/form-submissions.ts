import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { STEP_PROGRESS, SUBMISSION_STATUSES, ZFormSubmission } from './form-builders';
import { ZId } from './ids';
import { ZFieldKey } from './nocode-fields';

/*
 * Filling a form (`formbuilder_data`, spec 3 §7): the bodies and answers of the fill side of the
 * form-submissions module. The submission itself is `ZFormSubmission` of ./form-builders.
 */

/** A step's values by field key, checked against the step's template by the shared validator. */
const ZStepValues = z.record(z.string().max(100), z.unknown(), { error: 'Send the values as an object' });

const ZVersion = z.number({ error: 'Send the version as a whole number' }).int().min(1).max(2_147_483_647);

const stepSave = {
  step_id: ZId('Choose a step of this form'),
  values: ZStepValues.default({}),
  /** true: the step is done (every required visible field checked); false or absent: a partial save. */
  complete: z.boolean().default(false),
  /** The submission's `version` read (409 when another save moved it). */
  version: ZVersion.optional(),
};

/** `POST formbuilder-data/template`: start (or resume) the caller's submission and save a TEMPLATE step. */
export const ZStartTemplateStepRequest = z.object({
  formbuilder_details_id: ZId('Choose a form'),
  ...stepSave,
});
/** `POST formbuilder-data/template/{id}`: save a TEMPLATE step of submission {id}. */
export const ZSaveTemplateStepRequest = z.object(stepSave);

const entityStep = {
  /** With `update_existing`: the record to update (one the caller may edit). */
  entity_data_id: ZId('Invalid record id').optional(),
};
/** `POST formbuilder-data/entity`: start (or resume) and save an ENTITY step. */
export const ZStartEntityStepRequest = ZStartTemplateStepRequest.extend(entityStep);
/** `POST formbuilder-data/entity/{id}`: save an ENTITY step of submission {id}. */
export const ZSaveEntityStepRequest = ZSaveTemplateStepRequest.extend(entityStep);

/** `POST formbuilder-data/asset/{id}`: a STATIC step read (and accepted when it asks). */
export const ZAcceptStaticStepRequest = z.object({
  step_id: ZId('Choose a step of this form'),
  accepted: z.literal(true, { error: 'Accept the text to continue' }),
  version: ZVersion.optional(),
});

export const ZStepStatusRequest = z.object({ formbuilder_data_id: ZId('Invalid submission id') });

export const ZStepState = z.object({
  step_id: z.string(),
  name: z.string(),
  type: z.enum(['TEMPLATE', 'ENTITY', 'DOCUMENT', 'STATIC']),
  required: z.boolean(),
  /** false: its condition does not hold on the values given so far (the step is SKIPPED). */
  visible: z.boolean(),
  status: z.enum(STEP_PROGRESS),
});
export type TStepState = z.infer<typeof ZStepState>;

export const ZStepStatus = z.object({
  formbuilder_data_id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  version: z.number().int(),
  steps: z.array(ZStepState),
  /** The first visible step not completed yet (optional ones included); null when none is left. */
  next_step_id: z.string().nullable(),
  /** Every required visible step is completed and the submission can still be submitted. */
  can_submit: z.boolean(),
});
export type TStepStatus = z.infer<typeof ZStepStatus>;

/**
 * `PUT formbuilder-data/{id}`: `status: 'SUBMITTED'` submits (the filler); `values` (by step id then
 * field key) corrects TEMPLATE steps' values (staff with `form-builders:manage-submissions`).
 */
export const ZUpdateSubmissionRequest = z
  .object({
    status: z.literal('SUBMITTED', { error: 'Only SUBMITTED can be set' }).optional(),
    values: z.record(z.string().max(64), ZStepValues).optional(),
    version: ZVersion.optional(),
  })
  .refine((body) => body.status !== undefined || body.values !== undefined, {
    message: 'Send status SUBMITTED or values',
    path: ['status'],
  });

export const SUBMISSION_SORTS = [
  'created_at',
  '-created_at',
  'submitted_at',
  '-submitted_at',
  'updated_at',
  '-updated_at',
] as const;
export const ZSubmissionListQuery = ZPageQuery.extend({
  formbuilder_details_id: ZId('Invalid form id').optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  /** Matches the filler's name or email (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  sort: z.enum(SUBMISSION_SORTS).default('-created_at'),
});

export const ZSubmissionEvent = z.object({
  _id: z.string(),
  /** STARTED, STEP_SAVED, STEP_COMPLETED, SUBMITTED, RESUBMITTED, APPROVAL_REQUESTED, APPROVAL_APPROVED,
   * APPROVAL_REJECTED, LEVEL_SKIPPED, APPROVED, REJECTED, SENT_BACK, APPROVALS_RESENT, VALUES_CORRECTED, DELETED. */
  type: z.string(),
  at: z.string(),
  /** Who: a member's name, a guest's or approver's email; null for the system. */
  by: z.string().nullable(),
  /** The event in words ("Completed Applicant", "Rejected at level 1: wrong name"). */
  detail: z.string(),
  details: z.record(z.string(), z.unknown()),
});

/** A submission with its form's name and its history, oldest event first. */
export const ZSubmissionDetail = ZFormSubmission.extend({
  form: z.object({ _id: z.string(), name: z.string(), code: z.string() }),
  history: z.array(ZSubmissionEvent),
});
export type TSubmissionDetail = z.infer<typeof ZSubmissionDetail>;

export const ZDeleteSubmissionsRequest = z.object({
  ids: z.array(ZId()).min(1, 'Choose at least one submission').max(500, 'At most 500 at once'),
});

// ---------------------------------------------------------------------------------------------
// Approvals
// ---------------------------------------------------------------------------------------------

export const ZApprovalDecisionRequest = z.object({
  decision: z.enum(['APPROVED', 'REJECTED'], { error: 'Use APPROVED or REJECTED' }),
  comment: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
});

/** One submission waiting for the signed-in user's decision (`current_level` is the approver's level). */
export const ZApprovalQueueItem = ZFormSubmission.extend({
  approval_id: z.string(),
  form_name: z.string(),
});

export const ZApprovalQueueQuery = ZPageQuery.extend({
  formbuilder_details_id: ZId('Invalid form id').optional(),
});

/** `GET formBuilders/approvals/auth`: who the outside approver's link proves, for what. */
export const ZApprovalAuth = z.object({
  authDetails: z.object({
    approval_id: z.string(),
    formbuilder_data_id: z.string(),
    formbuilder_details_id: z.string(),
    code: z.string(),
    level: z.number().int(),
    /** Their decision when already given; null while it waits. */
    decided: z.enum(['APPROVED', 'REJECTED']).nullable(),
    /** Whether the submission waits for this approver's level now. */
    can_decide: z.boolean(),
  }),
  userDetails: z.object({ name: z.string(), email: z.string().nullable() }),
});

export const ZResendApprovalsRequest = z.object({ formbuilder_data_id: ZId('Invalid submission id') });

// ---------------------------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------------------------

export const ZUniqueValueQuery = z.object({
  formbuilder_details_id: ZId('Invalid form id'),
  step_id: ZId('Invalid step id'),
  field: ZFieldKey,
  value: z.string().max(1000, 'At most 1,000 characters'),
  /** The caller's own submission, left out of the check. */
  formbuilder_data_id: ZId('Invalid submission id').optional(),
});

export const ZUserSubmissions = z.object({
  data: z.array(ZFormSubmission),
  total_formbuilder_submissions: z.number().int(),
});

/** `PATCH formbuilder/templates-data/{formbuilder_data_id}/{template_id}`: staff correction of a step. */
export const ZPatchTemplateDataRequest = z.object({
  values: ZStepValues,
  version: ZVersion.optional(),
});
