import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUBLIC_LINK_MAX_DAYS,
  ZPublicLinkRequest,
  ZPublicRecordView,
} from '@esigns/contracts/entity-actions';
import { ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZRecordShareLink,
  ZRecordShareLinkCreated,
  ZRecordShareLinkParams,
  ZRecordShareLinksQuery,
} from '@esigns/contracts/record-share-links';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { perMinute } from '../signing';
import { createPublicLink, PUBLIC_LINK_PERMISSION, readPublicRecord } from './public-view-service';
import { listRecordShareLinks, revokeRecordShareLink } from './share-links-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody };

/** Public record links: made, listed and revoked by staff, read by anyone holding one (the public `/view/...` screen). */
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
          'link is revoked (`POST /entities-data/public-link/{id}/revoke`), the record is deleted, or the creator ' +
          'leaves the workspace or loses `entity-data:export` (needed to make one). The link carries `<_id>.<secret>` ' +
          'as its token; only a hash of the secret is stored, so the URL is shown once, here.',
        body: ZPublicLinkRequest,
        response: { 200: ZSuccess(ZRecordShareLinkCreated), ...ERRORS },
      },
    },
    async (request) => ok(await createPublicLink(platform, accessOf(request), request.body), 'Link created'),
  );

  r.get(
    '/entities-data/public-links',
    {
      onRequest: requirePermission(platform, PUBLIC_LINK_PERMISSION),
      schema: {
        tags: ['entity-data'],
        security: [{ bearer: [] }],
        summary: "A record's public links (not in the spec)",
        description:
          'Every link made for `entity_data_id` (a record of the workspace, else 404), newest first, paged ' +
          '(`page`, `limit`): its template, who made it and when, its expiry, when it was last opened and its ' +
          '`status` (ACTIVE, EXPIRED, or REVOKED with who revoked it and when). Never the secret: a link is ' +
          'shown once, when it is made. Needs `entity-data:export`, like making one.',
        querystring: ZRecordShareLinksQuery,
        response: { 200: ZSuccess(ZPaged(ZRecordShareLink)), ...ERRORS },
      },
    },
    async (request) => ok(await listRecordShareLinks(platform, accessOf(request), request.query)),
  );

  r.post(
    '/entities-data/public-link/:id/revoke',
    {
      onRequest: requirePermission(platform, PUBLIC_LINK_PERMISSION),
      schema: {
        tags: ['entity-data'],
        security: [{ bearer: [] }],
        summary: 'Revoke a public link before it expires (not in the spec)',
        description:
          '`{id}`: the `_id` of a link of the workspace (else 404). The link stops working at once: opening it ' +
          'answers 410 "This link was revoked". Revoking again changes nothing and answers the link as it is. ' +
          'Needs `entity-data:export`, like making one. Links made before links were stored (stateless tokens) ' +
          'have no id: they run until they expire.',
        params: ZRecordShareLinkParams,
        response: { 200: ZSuccess(ZRecordShareLink), ...ERRORS },
      },
    },
    async (request) =>
      ok(await revokeRecordShareLink(platform, accessOf(request), request.params.id), 'Link revoked'),
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
          'this record and template, a deleted record, or a creator who can no longer share: 404; a revoked or ' +
          'expired link: 410 (`error_code` LINK_REVOKED or LINK_EXPIRED).',
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
