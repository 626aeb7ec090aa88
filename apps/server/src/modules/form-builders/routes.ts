import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  ZCreateFormBuilderRequest,
  ZFormBuilder,
  ZFormBuilderListQuery,
  ZUpdateFormBuilderRequest,
} from '@esigns/contracts/form-builders';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-user-permissions';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { registerFormGuestRoutes } from './guest-routes';
import { findContactFormByCode, presentContactForm } from './contact-forms';
import { FORM_BUILDER_ERRORS, READ_RULE, ZFormIdParams } from './route-schemas';
import { findFormByCode, findReadableForm, listFormBuilders, presentFormBuilder } from './service';
import { registerFormShareRoutes } from './share-routes';
import { createFormBuilder, deleteFormBuilder, updateFormBuilder } from './write-service';

const DEFINITION_DOC =
  '`steps` (1 to 50, in order) are TEMPLATE (`template_id`: a form template of the company or a standard ' +
  'one), ENTITY (`entity_id`: its primary template; `update_existing`), DOCUMENT (`document_template_id`: a ' +
  'document template of the company, `role`) or STATIC (`content`, `require_accept`), each with `name`, ' +
  '`required` and an optional `condition` ({ match: ALL|ANY, rules: [{ step_id, field, operator, value }] }) ' +
  'whose rules name a field of an EARLIER TEMPLATE or ENTITY step. A step keeps its `id` (given ids are kept, ' +
  'new steps get one): submissions key their progress by it. `settings`: `secure_access` (guests confirm ' +
  'their email with a mailed code), `contact_type_id` (required with `owner_type` CONTACTS), `opens_at` < ' +
  '`closes_at`, `one_per_person`, `max_submissions`, `thank_you_message`, `approval_levels` (approvers: ' +
  'COMPANY_USER `user_id` an active member, USER_TYPE, CONTACT `contact_id` of the company, FIELD_EMAIL ' +
  '`step_id` + `field` an EMAIL field of a step) and `reminders`. Every problem answers 422 at once, keyed by ' +
  'its path (`steps.2.template_id`, `steps.3.condition.rules.0.field`, `settings.closes_at`, ' +
  "`settings.approval_levels.0.approvers.1.field`). `name` is unique among the company's live forms.";

/** Form builders (spec 3 §7): definitions, sharing, guest passcodes and anonymous links. */
export function registerFormBuilderRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['form-builders'];
  const security = [{ bearer: [] }];
  const canRead = requireAnyPermission(platform, ['form-builders:view', 'form-builders:fill']);

  r.post(
    '/formBuilders',
    {
      onRequest: requirePermission(platform, 'form-builders:create'),
      schema: {
        tags,
        security,
        summary: 'Create a form',
        description:
          'Needs `form-builders:create`. A new form is a DRAFT unless `status` says otherwise; its `code` (the ' +
          'segment of `/fbd/{code}` and `/public/fbd/{code}`) is the slug of the name, a dash and 6 random ' +
          `characters, unique across the instance and kept for the form's life. ${DEFINITION_DOC}`,
        body: ZCreateFormBuilderRequest,
        response: { 201: ZSuccess(ZFormBuilder), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createFormBuilder(db, accessOf(request), request.body), 'Form created')),
  );

  r.get(
    '/formBuilders',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: "The company's forms, paged",
        description:
          '`search` matches name, code or description (case-insensitive); `status` and `owner_type` filter; ' +
          '`sort`: name, created_at or updated_at, `-` first for descending (default `-updated_at`). Each form ' +
          `carries \`submissions_count\` (answers submitted). The start-up cache asks 50 per page. ${READ_RULE}`,
        querystring: ZFormBuilderListQuery,
        response: { 200: ZSuccess(ZPaged(ZFormBuilder)), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listFormBuilders(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/formBuilders/code/:code',
    {
      onRequest: requireStaffOrContact(platform, canRead),
      schema: {
        tags,
        security,
        summary: 'A form by its code',
        description:
          `The company's form with that code (case-insensitive). ${READ_RULE} A signed-in contact of the contact ` +
          'area reads the ACTIVE CONTACTS forms of their contact type and the forms sent to them (not DRAFT), each ' +
          'TEMPLATE and ENTITY step carrying its `template` ({ _id, name, code, fields }) and without the approval ' +
          'chain (`settings.approval_levels` empty); any other form is 404 to them.',
        params: z.object({ code: z.string().max(80) }),
        response: { 200: ZSuccess(ZFormBuilder), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => {
      if (request.contact) {
        const form = await findContactFormByCode(db, request.contact, request.params.code);
        return ok(await presentContactForm(db, form));
      }
      return ok(
        await presentFormBuilder(db, await findFormByCode(db, accessOf(request), request.params.code)),
      );
    },
  );

  r.get(
    '/formBuilders/:id',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'One form',
        description: `The whole definition with \`version\` (send it back on PUT) and \`submissions_count\`. ${READ_RULE}`,
        params: ZFormIdParams,
        response: { 200: ZSuccess(ZFormBuilder), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) =>
      ok(await presentFormBuilder(db, await findReadableForm(db, accessOf(request), request.params.id))),
  );

  r.put(
    '/formBuilders',
    {
      onRequest: requirePermission(platform, 'form-builders:update'),
      schema: {
        tags,
        security,
        summary: 'Change a form',
        description:
          'Needs `form-builders:update`. `_id` names the form; the body is its whole definition (name, ' +
          'description, owner_type, status, steps, settings). With `version` (the one read), a form saved by ' +
          "someone else meanwhile answers 409. The code never changes. Unknown or another company's: 404. " +
          DEFINITION_DOC,
        body: ZUpdateFormBuilderRequest,
        response: { 200: ZSuccess(ZFormBuilder), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => ok(await updateFormBuilder(db, accessOf(request), request.body), 'Form updated'),
  );

  r.delete(
    '/formBuilders/:id',
    {
      onRequest: requirePermission(platform, 'form-builders:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a form',
        description:
          'Needs `form-builders:delete`. The form disappears from lists, its links and guest sessions stop ' +
          "working and its name becomes free; its submissions are kept. Unknown or another company's: 404.",
        params: ZFormIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => ok(await deleteFormBuilder(db, accessOf(request), request.params.id), 'Form deleted'),
  );

  registerFormShareRoutes(api, platform);
  registerFormGuestRoutes(api, platform);
}
