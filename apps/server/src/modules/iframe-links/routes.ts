import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZId } from '@esigns/contracts/ids';
import {
  IFRAME_LINK_MAX_DAYS,
  ZIframeLink,
  ZIframeLinkCreate,
  ZIframeLinkDataUpdate,
  ZIframeLinkDeleted,
  ZIframeLinkDocument,
  ZIframeLinkListQuery,
  ZIframeLinkPublic,
  ZIframeLinkRecords,
  ZIframeLinkRecordsQuery,
  ZIframeLinkUpdate,
} from '@esigns/contracts/iframe-links';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { perMinute } from '../signing';
import { describeLink, linkDocuments, linkRecords } from './public-reads';
import {
  createLink,
  getLink,
  listLinks,
  revokeLink,
  updateLink,
  updateLinkData,
  type LinkInstance,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const PUBLIC_ERRORS = { 404: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };
const tags = ['iframe-links'];
const security = [{ bearer: [] }];
const TARGET =
  'FORM: `target_id` a form of the company anyone may fill (not a DRAFT, owner type ANYONE; the link opens ' +
  'the public form flow); ENTITY_VIEW: an entity view of the company (the link shows its rows, read only, its ' +
  'columns only); DOCUMENT_LIST: one of the documents lists (`all-documents`, `completed`...) of the creator, ' +
  "read only (names, status, dates). Another company's or an unknown target: 422 on `target_id`. The caller " +
  'needs the permissions of the kind (FORM `form-builders:publish`; ENTITY_VIEW `entity-views:view` and ' +
  "`entity-data:view`; DOCUMENT_LIST `documents:view`): the link reads with its creator's rights. ";
const LINK =
  "Each link answers its `token` (`ifl_{id}.{mac}`, an HMAC of the id and the link's own secret with the " +
  'instance key), its `url` (`/if/{token}/link`) and an `<iframe>` `snippet`. ';
const TOKEN = z.object({ token: z.string().max(200) });

/** Iframe links (spec 1 §7-8, 3): the staff calls and the link screen's token-only reads. */
export function registerIframeLinkRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const instance: LinkInstance = {
    secret: platform.config.secrets.jwtSecret,
    publicUrl: platform.config.publicUrl,
  };

  r.get(
    '/iframe/get',
    {
      onRequest: requirePermission(platform, 'iframe-links:view'),
      schema: {
        tags,
        security,
        summary: "The company's iframe links",
        description:
          'Newest first, paged (`page`, `limit`), revoked and expired ones too (`status` says which; filter with ' +
          "`status`, `kind`, `search` on the name and the target's). " +
          LINK +
          'Needs `iframe-links:view`.',
        querystring: ZIframeLinkListQuery.extend(ZPageQuery.shape),
        response: { 200: ZSuccess(ZPaged(ZIframeLink)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listLinks(db, instance, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/iframe/getIframeLink',
    {
      onRequest: requirePermission(platform, 'iframe-links:view'),
      schema: {
        tags,
        security,
        summary: 'One iframe link',
        description:
          "`?id=` the link's id (staff only: the link screen reads through `/iframe-link/{token}`). Another " +
          "company's link: 404. " +
          LINK +
          'Needs `iframe-links:view`.',
        querystring: z.object({ id: ZId('Use a link id') }),
        response: { 200: ZSuccess(ZIframeLink), ...ERRORS },
      },
    },
    async (request) => ok(await getLink(db, instance, accessOf(request).companyId, request.query.id)),
  );

  r.post(
    '/iframe/create',
    {
      onRequest: requirePermission(platform, 'iframe-links:create'),
      schema: {
        tags,
        security,
        summary: 'Create an iframe link',
        description:
          `\`expires_at\` is required: in the future, at most ${IFRAME_LINK_MAX_DAYS} days ahead. ` +
          TARGET +
          LINK +
          'Needs `iframe-links:create`.',
        body: ZIframeLinkCreate,
        response: { 200: ZSuccess(ZIframeLink), ...ERRORS },
      },
    },
    async (request) => ok(await createLink(db, instance, accessOf(request), request.body)),
  );

  r.put(
    '/iframe/updateIframeLink',
    {
      onRequest: requirePermission(platform, 'iframe-links:update'),
      schema: {
        tags,
        security,
        summary: 'Rename an iframe link or change its expiry',
        description:
          'Body `id` and `name` and/or `expires_at` (a new expiry may bring an expired link back, within ' +
          `${IFRAME_LINK_MAX_DAYS} days). A revoked link: 409 (make a new one). Needs \`iframe-links:update\`.`,
        body: ZIframeLinkUpdate,
        response: { 200: ZSuccess(ZIframeLink), ...ERRORS },
      },
    },
    async (request) => ok(await updateLink(db, instance, accessOf(request), request.body)),
  );

  r.put(
    '/iframe/updateIframeDataLink',
    {
      onRequest: requirePermission(platform, 'iframe-links:update'),
      schema: {
        tags,
        security,
        summary: 'Change what an iframe link shows',
        description:
          'Body `id`, `kind`, `target_id`; the token and address stay. ' +
          TARGET +
          'A revoked link: 409. Needs `iframe-links:update`.',
        body: ZIframeLinkDataUpdate,
        response: { 200: ZSuccess(ZIframeLink), ...ERRORS },
      },
    },
    async (request) => ok(await updateLinkData(db, instance, accessOf(request), request.body)),
  );

  r.delete(
    '/iframe/deleteIframeLink/:id',
    {
      onRequest: requirePermission(platform, 'iframe-links:delete'),
      schema: {
        tags,
        security,
        summary: 'Revoke an iframe link',
        description:
          'The link stops working at once (its screen answers 410 LINK_REVOKED); the row stays for the audit and ' +
          'the list shows it REVOKED. Revoking again changes nothing. Needs `iframe-links:delete`.',
        params: z.object({ id: ZId('Use a link id') }),
        response: { 200: ZSuccess(ZIframeLinkDeleted), ...ERRORS },
      },
    },
    async (request) => ok(await revokeLink(db, instance, accessOf(request), request.params.id)),
  );

  const GONE =
    'No sign-in: the token is the only credential. Unknown or forged token: 404; revoked: 410 `error_code` ' +
    'LINK_REVOKED; expired: 410 LINK_EXPIRED; its creator left the company or lost the permissions of the ' +
    'kind, or the target is gone: 410 LINK_UNAVAILABLE.';

  r.get(
    '/iframe-link/:token',
    {
      config: perMinute(120),
      schema: {
        tags,
        summary: 'What an iframe link shows (its screen)',
        description:
          "Kind, name, expiry, the company's name, and FORM: the form's id and code (the screen fills it through the " +
          "public form calls); ENTITY_VIEW: the view's name and entities; DOCUMENT_LIST: which list. Counts an open, " +
          "unless `preview` is the staff preview marker of this link's `preview_url` (valid 30 minutes; a wrong " +
          'or expired one counts as an ordinary open). ' +
          GONE,
        params: TOKEN,
        querystring: z.object({ preview: z.string().max(200).optional() }),
        response: { 200: ZSuccess(ZIframeLinkPublic), ...PUBLIC_ERRORS },
      },
    },
    async (request) =>
      ok(await describeLink(db, instance.secret, request.params.token, request.query.preview)),
  );

  r.get(
    '/iframe-link/:token/records',
    {
      config: perMinute(240),
      schema: {
        tags,
        summary: "An ENTITY_VIEW link's rows",
        description:
          "A page (`page`, `limit` at most 100) of one of the view's entities (`entity_id`, default its first): " +
          "the view's filters and sorts, its columns only, values as text. Read only. Another kind of link: 404. " +
          GONE,
        params: TOKEN,
        querystring: ZIframeLinkRecordsQuery.extend(ZPageQuery.shape),
        response: { 200: ZSuccess(ZIframeLinkRecords), ...PUBLIC_ERRORS },
      },
    },
    async (request) => ok(await linkRecords(db, instance.secret, request.params.token, request.query)),
  );

  r.get(
    '/iframe-link/:token/documents',
    {
      config: perMinute(240),
      schema: {
        tags,
        summary: "A DOCUMENT_LIST link's documents",
        description:
          "A page (`page`, `limit` at most 100) of the creator's documents list the link names, as the creator " +
          'sees it now: name, status and dates only. Read only. Another kind of link: 404. ' +
          GONE,
        params: TOKEN,
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZIframeLinkDocument)), ...PUBLIC_ERRORS },
      },
    },
    async (request) => {
      const { rows, total, limit } = await linkDocuments(
        db,
        instance.secret,
        request.params.token,
        request.query,
      );
      return ok(toPaged(rows, total, { page: request.query.page, limit }));
    },
  );
}
