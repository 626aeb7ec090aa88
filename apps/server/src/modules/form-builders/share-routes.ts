import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZAnonymousForm,
  ZCreateAnonymousFormRequest,
  ZFormBuilderRef,
  ZFormBuilderUrl,
  ZFormReminderSettings,
  ZUpdateAnonymousFormRequest,
} from '@esigns/contracts/form-builders';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import {
  createAnonymousForm,
  deleteAnonymousForm,
  getAnonymousForm,
  updateAnonymousForm,
} from './anonymous-forms';
import { FORM_BUILDER_ERRORS, READ_RULE, ZFormIdParams } from './route-schemas';
import { formBuilderUrl, reminderSettingsOf } from './sharing';

const ZAnonymousIdParams = z.object({ id: z.string().max(64).describe('The anonymous form (link) id') });
const PUBLISH_RULE = "Needs `form-builders:publish`. Unknown or another company's form or link: 404.";

/** Staff calls that share a form: its public link, anonymous links, reminder settings. */
export function registerFormShareRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const publicUrl = platform.config.publicUrl;
  const tags = ['form-builders'];
  const security = [{ bearer: [] }];
  const canPublish = requirePermission(platform, 'form-builders:publish');

  r.get(
    '/formBuilders/:id/reminder-settings',
    {
      onRequest: requireAnyPermission(platform, ['form-builders:view', 'form-builders:fill']),
      schema: {
        tags,
        security,
        summary: "A form's reminder settings",
        description:
          '`settings.reminders` of the form: `enabled`, `first_after_days`, `repeat_every_days`, `max_reminders`, ' +
          `\`remind_approvers\` (change them with PUT formBuilders). ${READ_RULE}`,
        params: ZFormIdParams,
        response: { 200: ZSuccess(ZFormReminderSettings), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => ok(await reminderSettingsOf(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/formBuilders-url',
    {
      onRequest: canPublish,
      schema: {
        tags,
        security,
        summary: "A form's public link",
        description:
          '`{ url, code }` with `url` = `{PUBLIC_URL}/public/fbd/{code}`. Only ACTIVE forms are shared: a DRAFT ' +
          `or INACTIVE one answers 409. ${PUBLISH_RULE}`,
        body: ZFormBuilderRef,
        response: { 200: ZSuccess(ZFormBuilderUrl), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) =>
      ok(await formBuilderUrl(db, publicUrl, accessOf(request), request.body.formbuilder_details_id)),
  );

  r.post(
    '/anonymous-form',
    {
      onRequest: canPublish,
      schema: {
        tags,
        security,
        summary: 'Save an anonymous link to a form',
        description:
          "A named link to one of the company's forms with its own settings (`params`: a flat JSON object, at " +
          "most 100 keys and 20,000 characters). `url` is the form's public link with `?anonymous_form={_id}`. " +
          PUBLISH_RULE,
        body: ZCreateAnonymousFormRequest,
        response: { 201: ZSuccess(ZAnonymousForm), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createAnonymousForm(db, publicUrl, accessOf(request), request.body),
            'Anonymous link saved',
          ),
        ),
  );

  r.get(
    '/anonymous-form/:id',
    {
      onRequest: canPublish,
      schema: {
        tags,
        security,
        summary: 'One anonymous link',
        description: `A link of a deleted form is gone with it. ${PUBLISH_RULE}`,
        params: ZAnonymousIdParams,
        response: { 200: ZSuccess(ZAnonymousForm), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) => ok(await getAnonymousForm(db, publicUrl, accessOf(request), request.params.id)),
  );

  r.post(
    '/anonymous-form/:id',
    {
      onRequest: canPublish,
      schema: {
        tags,
        security,
        summary: 'Change an anonymous link',
        description: `Changes the \`name\` or \`params\` given. ${PUBLISH_RULE}`,
        params: ZAnonymousIdParams,
        body: ZUpdateAnonymousFormRequest,
        response: { 200: ZSuccess(ZAnonymousForm), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateAnonymousForm(db, publicUrl, accessOf(request), request.params.id, request.body),
        'Anonymous link updated',
      ),
  );

  r.delete(
    '/anonymous-form/:id',
    {
      onRequest: canPublish,
      schema: {
        tags,
        security,
        summary: 'Delete an anonymous link',
        description: `The saved link goes; the form's own public link keeps working. ${PUBLISH_RULE}`,
        params: ZAnonymousIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...FORM_BUILDER_ERRORS },
      },
    },
    async (request) =>
      ok(await deleteAnonymousForm(db, accessOf(request), request.params.id), 'Anonymous link deleted'),
  );
}
