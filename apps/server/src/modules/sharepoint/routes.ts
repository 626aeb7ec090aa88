import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  SHAREPOINT_MAX_TRIES,
  SHAREPOINT_PATTERN_TOKENS,
  ZSharePointConnection,
  ZSharePointCopy,
  ZSharePointCopyQuery,
  ZSharePointCredentials,
  ZSharePointDrive,
  ZSharePointSettings,
  ZSharePointSite,
  ZSharePointSiteQuery,
  ZSharePointTestResult,
} from '@esigns/contracts/sharepoint';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { startBackfill } from './backfill';
import {
  deleteConnection,
  findDrives,
  findSites,
  getConnection,
  saveCredentials,
  testConnection,
  updateSettings,
} from './connection';
import { listCopies, retryCopy } from './copies';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
  503: ZErrorBody,
};
const tags = ['sharepoint'];
const security = [{ bearer: [] }];
const MANAGE = 'Needs `settings:manage-integrations` (OWNER and ADMIN by default). ';
const GRAPH =
  "Calls Microsoft Graph with the company's app (client-credentials token); Microsoft's refusal is a 409 with its message, Microsoft unreachable a 503. ";

/** `/configuration/share_point`'s calls (not in the spec; the module's README). */
export function registerSharePointRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const canManage = () => requirePermission(platform, 'settings:manage-integrations');
  const companyOf = (request: Parameters<typeof accessOf>[0]) => accessOf(request).companyId;

  r.get(
    '/sharepoint/connection',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "The company's SharePoint connection, or null",
        description: `Never the client secret (\`has_secret\`). \`is_copying\`: enabled with a library chosen. ${MANAGE}`,
        response: { 200: ZSuccess(ZSharePointConnection.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await getConnection(db, companyOf(request))),
  );

  r.put(
    '/sharepoint/connection',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "Connect (or reconnect) the company's Entra ID app",
        description:
          'The directory (tenant) id, the application (client) id and a client secret of an app registered in Microsoft Entra ID ' +
          'with the Graph application permission Sites.Selected (granted on the site) or Sites.ReadWrite.All, admin consent given. ' +
          'A token is asked for first: credentials Microsoft refuses are not saved (422 under the field concerned, with its message). ' +
          'The secret may be left out to keep the stored one (same tenant and app). Changing the tenant or app forgets the chosen site and library. ' +
          `The secret is stored encrypted and never answered. ${MANAGE}`,
        body: ZSharePointCredentials,
        response: { 200: ZSuccess(ZSharePointConnection), ...ERRORS },
      },
    },
    async (request) =>
      ok(await saveCredentials(platform, companyOf(request), request.body), 'Connected to Microsoft'),
  );

  r.patch(
    '/sharepoint/connection',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Choose the site and library, the folder pattern and what is copied',
        description:
          '`site_id` and `drive_id` as `GET /sharepoint/sites` and `/sharepoint/sites/{site_id}/drives` answer them (checked with Graph: 422 under the field otherwise). ' +
          `\`folder_pattern\`: \`/\`-separated folders with the tokens ${SHAREPOINT_PATTERN_TOKENS.join(', ')} (the date is when the document or workflow finished, UTC). ` +
          '`copy_documents`: each sealed document (its PDF and audit trail); `copy_workflows`: each finished workflow packet (ZIP). `enabled`: copying at all. ' +
          `404 before connecting. ${GRAPH}${MANAGE}`,
        body: ZSharePointSettings,
        response: { 200: ZSuccess(ZSharePointConnection), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateSettings(platform, companyOf(request), request.body), 'SharePoint settings saved'),
  );

  r.delete(
    '/sharepoint/connection',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Disconnect SharePoint',
        description: `Deletes the connection with its copy log; files already in SharePoint stay there. 404 when not connected. ${MANAGE}`,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await deleteConnection(platform, companyOf(request));
      return ok(null, 'SharePoint disconnected');
    },
  );

  r.post(
    '/sharepoint/connection/test',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Test the connection now',
        description: `A new token, and the chosen library when there is one; \`ok\` false with Microsoft's message when either fails. 404 when not connected. ${MANAGE}`,
        response: { 200: ZSuccess(ZSharePointTestResult), ...ERRORS },
      },
    },
    async (request) => ok(await testConnection(platform, companyOf(request))),
  );

  r.get(
    '/sharepoint/sites',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Sites the app can see',
        description: `Graph's site search (\`search\`, default every site). With Sites.Selected only the sites granted to the app. ${GRAPH}${MANAGE}`,
        querystring: ZSharePointSiteQuery,
        response: { 200: ZSuccess(z.array(ZSharePointSite)), ...ERRORS },
      },
    },
    async (request) => ok(await findSites(platform, companyOf(request), request.query.search ?? '')),
  );

  r.get(
    '/sharepoint/sites/:site_id/drives',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "A site's document libraries",
        description: `404 for a site Graph does not know. ${GRAPH}${MANAGE}`,
        params: z.object({ site_id: z.string().min(1).max(500) }),
        response: { 200: ZSuccess(z.array(ZSharePointDrive)), ...ERRORS },
      },
    },
    async (request) => ok(await findDrives(platform, companyOf(request), request.params.site_id)),
  );

  r.get(
    '/sharepoint/copies',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'The copy log',
        description:
          `Newest first, paged; \`status\` PENDING (being tried; \`next_try_at\`), COPIED (\`files\`: each file's path and link in SharePoint) or FAILED ` +
          `(after ${SHAREPOINT_MAX_TRIES} tries, or at once when the document no longer exists; \`last_error\`). ${MANAGE}`,
        querystring: ZPageQuery.extend(ZSharePointCopyQuery.shape),
        response: { 200: ZSuccess(ZPaged(ZSharePointCopy)), ...ERRORS },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(await listCopies(db, companyOf(request), filter, { page, limit }));
    },
  );

  r.post(
    '/sharepoint/copies/:id/retry',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Copy a failed one again',
        description: `A new chain of tries for a FAILED copy (409 for one COPIED or still PENDING); files already placed are not uploaded again. ${MANAGE}`,
        params: z.object({ id: z.string() }),
        response: { 200: ZSuccess(ZSharePointCopy), ...ERRORS },
      },
    },
    async (request) => ok(await retryCopy(platform, companyOf(request), request.params.id), 'Copying again'),
  );

  r.post(
    '/sharepoint/backfill',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Copy every sealed document of the company',
        description:
          'A durable job walks the sealed documents in chunks and queues a copy for each one not copied yet (the connection’s `backfill` tells progress). ' +
          `409 without a library or while one runs. ${MANAGE}`,
        response: { 200: ZSuccess(ZSharePointConnection), ...ERRORS },
      },
    },
    async (request) => ok(await startBackfill(platform, companyOf(request)), 'Copying sealed documents'),
  );
}
