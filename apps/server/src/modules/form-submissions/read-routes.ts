import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZFormSubmission } from '@esigns/contracts/form-builders';
import {
  ZDeleteSubmissionsRequest,
  ZPatchTemplateDataRequest,
  ZSubmissionDetail,
  ZSubmissionListQuery,
  ZUniqueValueQuery,
  ZUserSubmissions,
} from '@esigns/contracts/form-submissions';
import { clientIp } from '../../platform/http/client-ip';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requirePermission } from '../permissions';
import { hasApproverHeaders, linkOf, readApproverLink } from './approver-access';
import { correctTemplateValues } from './corrections';
import { callerOf, requireFillerOrStaff } from './fill-access';
import { FILL_ERRORS, FILL_SECURITY, FILL_TAGS, WHO_DOC } from './fill-route-common';
import {
  deleteSubmission,
  deleteSubmissions,
  isValueUnique,
  listSubmissions,
  readSubmission,
  readSubmissionForApproval,
  submissionOfBatch,
  submissionsOfPerson,
  submissionsOfRecord,
} from './submission-read';

const SCOPE_DOC =
  'Staff with `form-builders:view-submissions` read every submission of the company; other members and guests ' +
  'only their own.';
const STAFF_SECURITY = [{ bearer: [] }];
const param = z.string().max(64);

/** Reading, correcting and deleting submissions; lookups by person, record, send and value. */
export function registerSubmissionReadRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const anyCaller = requireFillerOrStaff(platform);
  const read = (summary: string, description: string) => ({
    tags: FILL_TAGS,
    security: FILL_SECURITY,
    summary,
    description: `${description} ${SCOPE_DOC} ${WHO_DOC}`,
  });

  r.get(
    '/formbuilder-data',
    {
      onRequest: anyCaller,
      schema: {
        ...read(
          'Submissions, paged',
          'Filters: `formbuilder_details_id`, `status`, `search` (filler name or email); `sort` by created_at, ' +
            'submitted_at or updated_at (`-` for newest first; default `-created_at`). A guest lists their submissions of their form.',
        ),
        querystring: ZSubmissionListQuery,
        response: { 200: ZSuccess(ZPaged(ZFormSubmission)), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listSubmissions(db, callerOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/formbuilder-data/unique',
    {
      onRequest: anyCaller,
      schema: {
        ...read(
          'Whether a value is still free in a field of a form',
          '`unique` is false when another live submission of the form holds the same value (ignoring case) in ' +
            "field `field` of step `step_id`; `formbuilder_data_id` (the caller's own) is left out.",
        ),
        querystring: ZUniqueValueQuery,
        response: { 200: ZSuccess(z.object({ unique: z.boolean() })), ...FILL_ERRORS },
      },
    },
    async (request) => ok(await isValueUnique(db, callerOf(request), request.query)),
  );

  r.post(
    '/formbuilder-data/delete-many',
    {
      onRequest: requirePermission(platform, 'form-builders:manage-submissions'),
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: 'Delete submissions',
        description:
          "Needs `form-builders:manage-submissions`. Deletes the company's submissions among `ids` (at most 500); " +
          "unknown or other companies' ids are left out of `deleted`. Each deletion is in its history.",
        body: ZDeleteSubmissionsRequest,
        response: { 200: ZSuccess(z.object({ deleted: z.number().int() })), ...FILL_ERRORS },
      },
    },
    async (request) => ok(await deleteSubmissions(db, callerOf(request), request.body.ids), 'Deleted'),
  );

  r.get(
    '/formbuilder-data/:id',
    {
      onRequest: async function (request, reply) {
        if (hasApproverHeaders(request)) return readApproverLink(platform, request);
        return anyCaller.call(this, request, reply);
      },
      schema: {
        ...read(
          'One submission with its history',
          'The history lists every save, submit, decision and correction, oldest first. Staff approvers read the ' +
            'submissions they are asked about; an approver outside the company reads the one of their link ' +
            '(headers `approvercontactid` + `passcode`).',
        ),
        params: z.object({ id: param }),
        response: { 200: ZSuccess(ZSubmissionDetail), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const link = linkOf(request);
      if (link) return ok(await readSubmissionForApproval(db, link, request.params.id));
      return ok(await readSubmission(db, callerOf(request), request.params.id));
    },
  );

  r.delete(
    '/formbuilder-data/:id',
    {
      onRequest: requirePermission(platform, 'form-builders:manage-submissions'),
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: 'Delete a submission',
        description:
          "Needs `form-builders:manage-submissions`. Unknown, deleted or another company's id: 404.",
        params: z.object({ id: param }),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...FILL_ERRORS },
      },
    },
    async (request) => ok(await deleteSubmission(db, callerOf(request), request.params.id), 'Deleted'),
  );

  r.get(
    '/formbuilder-data/:details_id/user-data/:user_id',
    {
      onRequest: anyCaller,
      schema: {
        ...read(
          "One person's submissions of a form",
          "`user_id` is the filler's id (a user, contact or guest id), newest first (at most 500); " +
            '`total_formbuilder_submissions` counts them.',
        ),
        params: z.object({ details_id: param, user_id: param }),
        response: { 200: ZSuccess(ZUserSubmissions), ...FILL_ERRORS },
      },
    },
    async (request) =>
      ok(await submissionsOfPerson(db, callerOf(request), request.params.details_id, request.params.user_id)),
  );

  r.get(
    '/formbuilder-data/entity-user/:details_id/user-data/:user_id',
    {
      onRequest: anyCaller,
      schema: {
        ...read(
          'The submissions of a form that wrote a record',
          '`user_id` is a record id: the submissions whose ENTITY step created or updated it, newest first (at most 500).',
        ),
        params: z.object({ details_id: param, user_id: param }),
        response: { 200: ZSuccess(ZUserSubmissions), ...FILL_ERRORS },
      },
    },
    async (request) =>
      ok(await submissionsOfRecord(db, callerOf(request), request.params.details_id, request.params.user_id)),
  );

  r.get(
    '/formbuilder-data/:user_id/:schedule_id',
    {
      onRequest: anyCaller,
      schema: {
        ...read(
          "A person's submission of one send",
          "`schedule_id` is a send (batch, `formbuilders-batch`), `user_id` the filler's id (user, contact or guest): " +
            'the submission the send made for them, or 404.',
        ),
        params: z.object({ user_id: param, schedule_id: param }),
        response: { 200: ZSuccess(ZFormSubmission), ...FILL_ERRORS },
      },
    },
    async (request) =>
      ok(await submissionOfBatch(db, callerOf(request), request.params.user_id, request.params.schedule_id)),
  );

  r.patch(
    '/formbuilder/templates-data/:formbuilder_data_id/:template_id',
    {
      onRequest: requirePermission(platform, 'form-builders:manage-submissions'),
      schema: {
        tags: FILL_TAGS,
        security: STAFF_SECURITY,
        summary: "Correct the values of a submission's form-template step",
        description:
          'Needs `form-builders:manage-submissions`. `values` (by field key) are merged over the stored values of ' +
          'every TEMPLATE step of the form with template `template_id` and checked by the shared validator (422 ' +
          'keyed `values.<field>`); the fields changed are written to the history. A form without such a step, or ' +
          "an unknown or another company's submission: 404. `version`: 409 when it moved.",
        params: z.object({ formbuilder_data_id: param, template_id: param }),
        body: ZPatchTemplateDataRequest,
        response: { 200: ZSuccess(ZFormSubmission), ...FILL_ERRORS },
      },
    },
    async (request) => {
      const { formbuilder_data_id: id, template_id: templateId } = request.params;
      const input = { ...request.body, ip: clientIp(request) };
      return ok(await correctTemplateValues(db, callerOf(request), id, templateId, input), 'Saved');
    },
  );
}
