import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUBLIC_LINK_MAX_DAYS,
  ZPublicLink,
  ZPublicLinkRequest,
  ZPublicRecordView,
} from '@esigns/contracts/entity-actions';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions/access';
import { perMinute } from '../signing/route-common';
import { createPublicLink, PUBLIC_LINK_PERMISSION, readPublicRecord } from './public-view-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody };

/** Public record links: made by staff, read by anyone holding one (the public `/view/...` screen). */
export function registerPublicRecordRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/entities-data/public-link',
    {
      onRequest: requirePermission(platform, PUBLIC_LINK_PERMISSION),
      schema: {
        tags: ['entity-data'],
        security: [{ bearer: [] }],
        summary:
          'A public link to one template of a record (not in the spec: it makes the links `oa_entitydata` reads)',
        description:
          "`entity_data_id`: a record of the workspace (else 404); `template_id`: one of its entity's non-repeatable " +
          "templates (default the primary one; else 422). Anyone with the link reads that template's values as text " +
          `until \`expires_in_days\` (1 to ${PUBLIC_LINK_MAX_DAYS}, default 30) pass, the record is deleted, or the ` +
          'creator leaves the workspace or loses `entity-data:export` (needed to make one). Nothing is stored: the ' +
          'link carries a signed token.',
        body: ZPublicLinkRequest,
        response: { 200: ZSuccess(ZPublicLink), ...ERRORS },
      },
    },
    async (request) => ok(await createPublicLink(platform, accessOf(request), request.body), 'Link created'),
  );

  r.get(
    '/oa_entitydata/:id',
    {
      config: perMinute(60),
      schema: {
        tags: ['entity-data'],
        summary: 'A record as a public link shows it (no sign-in)',
        description:
          'The read behind the public screen `/view/{entityDataId}/{entityId}/{templateId}?token=`: `{id}` the record, ' +
          '`entity_id`, `template_id` and `token` from the link (`POST /entities-data/public-link`). Answers the ' +
          "record's title, its entity, the template and each field's value as text. A token that was not made for " +
          'this record and template, a deleted record, or a creator who can no longer share: 404; an expired link: 410.',
        params: z.object({ id: z.uuid('Use a record id') }),
        querystring: z.object({
          entity_id: z.uuid('Use an entity id'),
          template_id: z.uuid('Use a template id'),
          token: z.string().min(1, 'The link has no token').max(300),
        }),
        response: { 200: ZSuccess(ZPublicRecordView), 404: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request) => {
      const { entity_id, template_id, token } = request.query;
      const view = await readPublicRecord(
        platform,
        { recordId: request.params.id, entityId: entity_id, templateId: template_id },
        token,
      );
      return ok(view);
    },
  );
}
