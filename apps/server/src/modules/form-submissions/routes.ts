import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ZFormSubmission } from '@esigns/contracts/form-builders';
import {
  ZAcceptStaticStepRequest,
  ZSaveEntityStepRequest,
  ZSaveTemplateStepRequest,
  ZStartEntityStepRequest,
  ZStartTemplateStepRequest,
  ZStepStatus,
  ZStepStatusRequest,
  ZUpdateSubmissionRequest,
} from '@esigns/contracts/form-submissions';
import { clientIp } from '../../platform/http/client-ip';
import { ok, plainJson } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { registerApprovalRoutes } from './approvals-routes';
import { correctValues } from './corrections';
import { callerOf, fillOf, requireFillerOrStaff, requireStaffSlug } from './fill-access';
import { saveStep, type StepSaveInput } from './fill-service';
import { FILL_ERRORS, FILL_SECURITY, FILL_TAGS, WHO_DOC } from './fill-route-common';
import { registerSubmissionReadRoutes } from './read-routes';
import { registerContactFormRoutes } from './contact-forms';
import { stepStatus, submitSubmission } from './submit-service';

const SAVE_DOC =
  "`values` are the step's values by field key, checked by the shared validator of template values (the one " +
  'records use): a partial save (`complete` false or absent) checks only the fields sent and keeps the others; ' +
  '`complete: true` checks the whole step (every required visible field) and marks it COMPLETED. Problems answer ' +
  '422 keyed `values.<field>` (`step_id` for a step that is not of this form or of another type). A step hidden by ' +
  "its condition answers 409. `version` (optional) is the submission's version read: 409 when another save moved " +
  'it. A submission already submitted (not DRAFT or SENT_BACK) answers 409; so does a form that is not open ' +
  '(`error_code` FORM_CLOSED, FORM_FULL, FORM_NOT_YET_OPEN, FORM_INACTIVE).';
const START_DOC =
  "Starts the caller's submission of form `formbuilder_details_id`, or resumes the one they left (DRAFT, or " +
  'SENT_BACK by an approver), and saves the step. With `one_per_person` a person who has answered already gets ' +
  '409 (ALREADY_ANSWERED).';
const ENTITY_DOC =
  "An ENTITY step is filled with its entity's primary template. Completing it writes the record through the " +
  "records' own checks in the same transaction (422 keyed `values.<template_id>.<field>` for link or duplicate " +
  "problems): a new record, or the one this submission wrote before; with the step's `update_existing`, staff " +
  'who may edit records may name `entity_data_id` to update. Staff need `entity-data:create` (or `:update`); a ' +
  "guest's record is written under the form's creator. The step keeps `entity_data_id`.";

const idParams = z.object({ id: z.string().max(64) });

/** Filling a form: starting and saving steps, step status, submitting, reading submissions, approvals. */
export function registerSubmissionFillRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  // Saves and submits read the guest's session, form and submission in one statement; their
  // answers (built by `toSubmission`) are printed with plain JSON.stringify.
  const fillAuth = requireFillerOrStaff(platform, 'form-builders:fill', { preload: true });
  const schema = (summary: string, description: string) => ({
    tags: FILL_TAGS,
    security: FILL_SECURITY,
    summary,
    description: `${description} ${WHO_DOC}`,
    response: { 200: ZSuccess(ZFormSubmission), ...FILL_ERRORS },
  });
  const save = (request: Parameters<typeof callerOf>[0], input: Omit<StepSaveInput, 'ip'>) =>
    saveStep(db, callerOf(request), { ...input, ip: clientIp(request) }, fillOf(request));

  r.post(
    '/formbuilder-data/template',
    {
      onRequest: fillAuth,
      serializerCompiler: plainJson,
      schema: {
        ...schema('Start (or resume) a submission and save a form-template step', `${START_DOC} ${SAVE_DOC}`),
        body: ZStartTemplateStepRequest,
      },
    },
    async (request) => {
      const { formbuilder_details_id: formId, step_id: stepId, ...rest } = request.body;
      return ok(await save(request, { formId, stepId, type: 'TEMPLATE', ...rest }), 'Saved');
    },
  );

  r.post(
    '/formbuilder-data/template/:id',
    {
      onRequest: fillAuth,
      serializerCompiler: plainJson,
      schema: {
        ...schema('Save a form-template step of a submission', SAVE_DOC),
        params: idParams,
        body: ZSaveTemplateStepRequest,
      },
    },
    async (request) => {
      const { step_id: stepId, ...rest } = request.body;
      return ok(
        await save(request, { submissionId: request.params.id, stepId, type: 'TEMPLATE', ...rest }),
        'Saved',
      );
    },
  );

  r.post(
    '/formbuilder-data/entity',
    {
      onRequest: fillAuth,
      serializerCompiler: plainJson,
      schema: {
        ...schema(
          'Start (or resume) a submission and save an entity step',
          `${START_DOC} ${SAVE_DOC} ${ENTITY_DOC}`,
        ),
        body: ZStartEntityStepRequest,
      },
    },
    async (request) => {
      const {
        formbuilder_details_id: formId,
        step_id: stepId,
        entity_data_id: entityDataId,
        ...rest
      } = request.body;
      return ok(await save(request, { formId, stepId, type: 'ENTITY', entityDataId, ...rest }), 'Saved');
    },
  );

  r.post(
    '/formbuilder-data/entity/:id',
    {
      onRequest: fillAuth,
      serializerCompiler: plainJson,
      schema: {
        ...schema('Save an entity step of a submission', `${SAVE_DOC} ${ENTITY_DOC}`),
        params: idParams,
        body: ZSaveEntityStepRequest,
      },
    },
    async (request) => {
      const { step_id: stepId, entity_data_id: entityDataId, ...rest } = request.body;
      const input = {
        submissionId: request.params.id,
        stepId,
        type: 'ENTITY' as const,
        entityDataId,
        ...rest,
      };
      return ok(await save(request, input), 'Saved');
    },
  );

  r.post(
    '/formbuilder-data/asset/:id',
    {
      onRequest: fillAuth,
      serializerCompiler: plainJson,
      schema: {
        ...schema(
          'Mark a static step read and accepted',
          'The STATIC step `step_id` of submission {id} becomes COMPLETED (`accepted` must be true). 422 keyed `step_id` for a step that is not a STATIC step of the form; 409 as for the other saves.',
        ),
        params: idParams,
        body: ZAcceptStaticStepRequest,
      },
    },
    async (request) => {
      const input = {
        submissionId: request.params.id,
        stepId: request.body.step_id,
        type: 'STATIC' as const,
        values: {},
        complete: true,
        version: request.body.version,
      };
      return ok(await save(request, input), 'Accepted');
    },
  );

  r.post(
    '/formbuilder-data/step-status',
    {
      onRequest: requireFillerOrStaff(platform),
      schema: {
        tags: FILL_TAGS,
        security: FILL_SECURITY,
        summary: 'Every step of a submission with its visibility and progress',
        description:
          'Conditions are evaluated on the values saved so far: a step whose condition does not hold is not visible ' +
          'and SKIPPED. `next_step_id` is the first visible step not completed; `can_submit` says every required ' +
          `visible step is completed and the submission is still DRAFT or SENT_BACK. ${WHO_DOC} Staff who view ` +
          "submissions (or approve this one) may ask about any of the company's.",
        body: ZStepStatusRequest,
        response: { 200: ZSuccess(ZStepStatus), ...FILL_ERRORS },
      },
    },
    async (request) => ok(await stepStatus(db, callerOf(request), request.body.formbuilder_data_id)),
  );

  r.put(
    '/formbuilder-data/:id',
    {
      onRequest: requireFillerOrStaff(platform, undefined, { preload: true }),
      serializerCompiler: plainJson,
      schema: {
        tags: FILL_TAGS,
        security: FILL_SECURITY,
        summary: 'Submit a submission, or correct its values (staff)',
        description:
          '`status: "SUBMITTED"` (the filler): every required visible step must be COMPLETED (else 422 keyed ' +
          '`steps.<step_id>` naming the step); steps hidden by their condition become SKIPPED and lose their values. ' +
          'Without approval levels the submission becomes SUBMITTED; with them PENDING_APPROVAL, and the first ' +
          "level's approvers are mailed. A form that is closed, full or inactive answers 409 (a SENT_BACK " +
          'submission is stopped only by INACTIVE); with `one_per_person` a second answer 409. `values` (by step id ' +
          'then field key, TEMPLATE steps only): corrections by staff with `form-builders:manage-submissions`, ' +
          'merged over the stored values and checked by the shared validator (422 keyed `values.<step_id>.<field>`), ' +
          `written to the history with the fields changed. \`version\`: 409 when it moved. ${WHO_DOC}`,
        params: idParams,
        body: ZUpdateSubmissionRequest,
        response: { 200: ZSuccess(ZFormSubmission), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const ip = clientIp(request);
      const { values, status, version } = request.body;
      if (values) {
        requireStaffSlug(caller, 'form-builders:manage-submissions');
        const corrected = await correctValues(db, caller, request.params.id, { values, version, ip });
        if (!status) return ok(corrected, 'Saved');
      }
      const submitted = await submitSubmission(
        platform,
        caller,
        request.params.id,
        { version: values ? undefined : version, ip },
        // Corrections changed the row the hook read: read it again.
        values ? undefined : fillOf(request),
      );
      return ok(submitted, 'Submitted');
    },
  );

  registerSubmissionReadRoutes(api, platform);
  registerApprovalRoutes(api, platform);
  registerContactFormRoutes(api, platform);
}
