import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  WEBHOOK_MAX_ATTEMPTS,
  ZAppIntegrationData,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TIMEOUT_SECONDS,
  ZAppWebhook,
  ZFetchAppWebhook,
  ZSaveAppWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreate,
  ZWebhookEndpointQuery,
  ZWebhookEndpointUpdate,
  ZWebhookEndpointWithSecret,
  ZWebhookSecret,
  ZWebhookTestRequest,
} from '@esigns/contracts/webhooks';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { getDelivery, listDeliveries, redeliver, sendTestEvent } from './deliveries';
import { appIntegrationData } from './integration-data';
import {
  createEndpoint,
  deleteEndpoint,
  fetchAppWebhook,
  getEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  saveAppWebhook,
  updateEndpoint,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['webhooks'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().describe('The id') });

const SIGNING =
  'Each event is POSTed as Standard Webhooks: body `{ type, timestamp, data }`, headers `webhook-id` (the event id, the same on every retry: deduplicate by it), ' +
  '`webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret, verifiable with the `standardwebhooks` libraries). ' +
  `A 2xx within ${WEBHOOK_TIMEOUT_SECONDS} s delivers; anything else is retried with growing delays (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h by default), ${WEBHOOK_MAX_ATTEMPTS} tries in all, then FAILED. ` +
  'Redirects are not followed. ';
const SSRF =
  'The URL must be http(s), without a user name or password, and its host must resolve to public addresses only (private, loopback, link-local, unique-local, CGNAT, multicast and reserved ones are refused with a 422 under `url`, unless the instance runs with WEBHOOKS_ALLOW_PRIVATE=1); ' +
  'the host is checked again at every delivery, and the connection goes to the address checked. ';
const READ = 'Needs `oauth:view`. ';
const MANAGE = 'Needs `oauth:manage-webhooks` (OWNER and ADMIN by default). ';

/** The developer portal's webhook calls and the spec's client-app calls (`/oauth2/save-webhook`, `/oauth2/fetch-webhook`). */
export function registerWebhookRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const canRead = () => requirePermission(platform, 'oauth:view');
  const canManage = () => requirePermission(platform, 'oauth:manage-webhooks');

  r.get(
    '/get-app-integration-data',
    {
      onRequest: canRead(),
      schema: {
        tags,
        security,
        summary: "What the workspace has connected: its API key, OAuth client apps and webhooks' state",
        description:
          'The API key without its secret (null when none), each OAuth client app with how many webhook endpoints ' +
          'it has, and the endpoints: how many, enabled, turned off after repeated failure, deliveries that used up ' +
          'every try in the last day, the last delivery (of the last 30 days). ' +
          READ,
        response: { 200: ZSuccess(ZAppIntegrationData), ...ERRORS },
      },
    },
    async (request) => ok(await appIntegrationData(platform, accessOf(request))),
  );

  r.get(
    '/webhooks/endpoints',
    {
      onRequest: canRead(),
      schema: {
        tags,
        security,
        summary: "The company's webhook endpoints (or one client app's)",
        description: `Oldest first; never the secrets. ${READ}`,
        querystring: ZWebhookEndpointQuery,
        response: { 200: ZSuccess(z.array(ZWebhookEndpoint)), ...ERRORS },
      },
    },
    async (request) => ok(await listEndpoints(db, accessOf(request).companyId, request.query.app_id)),
  );

  r.post(
    '/webhooks/endpoints',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Create a webhook endpoint',
        description:
          `Answers the endpoint with its signing secret (\`whsec_\` + base64 of 32 random bytes), also readable later with \`POST /webhooks/endpoints/{id}/secret\`. ` +
          `\`app_id\` ties it to one of the company's OAuth client apps (422 under \`app_id\` for another). At most ${WEBHOOK_MAX_ENDPOINTS} endpoints per company (409). ${SSRF}${SIGNING}${MANAGE}`,
        body: ZWebhookEndpointCreate,
        response: { 200: ZSuccess(ZWebhookEndpointWithSecret), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createEndpoint(platform, accessOf(request), request.body), 'Webhook endpoint created'),
  );

  r.get(
    '/webhooks/endpoints/:id',
    {
      onRequest: canRead(),
      schema: {
        tags,
        security,
        summary: 'One webhook endpoint',
        description: `404 for an id of another company. ${READ}`,
        params: ZIdParams,
        response: { 200: ZSuccess(ZWebhookEndpoint), ...ERRORS },
      },
    },
    async (request) => ok(await getEndpoint(db, accessOf(request).companyId, request.params.id)),
  );

  r.patch(
    '/webhooks/endpoints/:id',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Change a webhook endpoint (URL, description, event types, enabled, client app)',
        description:
          'Fields left out stay. Enabling an endpoint (also one disabled after repeated failure) clears its failure streak; deliveries that failed meanwhile are not resent by themselves (redeliver them from the log). ' +
          `Disabled endpoints get no new deliveries. ${SSRF}${MANAGE}`,
        params: ZIdParams,
        body: ZWebhookEndpointUpdate,
        response: { 200: ZSuccess(ZWebhookEndpoint), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateEndpoint(platform, accessOf(request), request.params.id, request.body),
        'Webhook endpoint saved',
      ),
  );

  r.delete(
    '/webhooks/endpoints/:id',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Delete a webhook endpoint with its delivery log',
        description: `Tries still queued are dropped. ${MANAGE}`,
        params: ZIdParams,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await deleteEndpoint(platform, accessOf(request), request.params.id);
      return ok(null, 'Webhook endpoint deleted');
    },
  );

  r.post(
    '/webhooks/endpoints/:id/secret',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "Reveal an endpoint's signing secret",
        description: `Stored encrypted (AES-256-GCM, a key derived from the instance secret). ${MANAGE}`,
        params: ZIdParams,
        response: { 200: ZSuccess(ZWebhookSecret), ...ERRORS },
      },
    },
    async (request) => ok({ secret: await revealSecret(platform, accessOf(request), request.params.id) }),
  );

  r.post(
    '/webhooks/endpoints/:id/secret/rotate',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "Rotate an endpoint's signing secret",
        description: `A new secret, used from the next try on; the old one no longer signs anything. ${MANAGE}`,
        params: ZIdParams,
        response: { 200: ZSuccess(ZWebhookSecret), ...ERRORS },
      },
    },
    async (request) =>
      ok({ secret: await rotateSecret(platform, accessOf(request), request.params.id) }, 'Secret rotated'),
  );

  r.post(
    '/webhooks/endpoints/:id/test',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Send a test event to an endpoint',
        description:
          "An example event of `event_type` (default: the endpoint's first type) with a new id, delivered and retried like any other and listed in the log with `is_test: true`; " +
          `test deliveries never count towards disabling the endpoint. A disabled endpoint: 409. ${MANAGE}`,
        params: ZIdParams,
        body: ZWebhookTestRequest.optional(),
        response: { 200: ZSuccess(ZWebhookDelivery), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await sendTestEvent(platform, accessOf(request), request.params.id, request.body?.event_type),
        'Test event queued',
      ),
  );

  r.get(
    '/webhooks/deliveries',
    {
      onRequest: canRead(),
      schema: {
        tags,
        security,
        summary: 'The webhook delivery log, newest first',
        description:
          'Paged (`page`, `limit`); filters: `endpoint_id`, `app_id` (the endpoints of a client app), `status` (PENDING, DELIVERED, FAILED), `event_type`. ' +
          `Deliveries are kept 30 days. ${READ}`,
        querystring: ZPageQuery.extend(ZWebhookDeliveryQuery.shape),
        response: { 200: ZSuccess(ZPaged(ZWebhookDelivery)), ...ERRORS },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(await listDeliveries(db, accessOf(request).companyId, filter, { page, limit }));
    },
  );

  r.get(
    '/webhooks/deliveries/:id',
    {
      onRequest: canRead(),
      schema: {
        tags,
        security,
        summary: 'One delivery with its tries',
        description:
          'The body posted, and per try: the request headers (with the signature), the answer status and its first 2 KB, the duration and the error (timeout, refused connection, refused address). ' +
          READ,
        params: ZIdParams,
        response: { 200: ZSuccess(ZWebhookDeliveryDetail), ...ERRORS },
      },
    },
    async (request) => ok(await getDelivery(db, accessOf(request).companyId, request.params.id)),
  );

  r.post(
    '/webhooks/deliveries/:id/redeliver',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Redeliver an event to its endpoint',
        description:
          `A new chain of up to ${WEBHOOK_MAX_ATTEMPTS} tries with the same event id and body (a chain still running is replaced). A disabled endpoint: 409. ` +
          MANAGE,
        params: ZIdParams,
        response: { 200: ZSuccess(ZWebhookDelivery), ...ERRORS },
      },
    },
    async (request) =>
      ok(await redeliver(platform, accessOf(request), request.params.id), 'Redelivery queued'),
  );

  r.post(
    '/oauth2/save-webhook',
    {
      onRequest: canManage(),
      schema: {
        tags: ['oauth'],
        security,
        summary: "Save a client app's webhook",
        description:
          "Creates the app's webhook endpoint (every event type unless `event_types` is given; the answer then carries its `secret`) or updates it (the URL, and what else is given). " +
          `One webhook per app here; the developer portal can add more endpoints. An app of another company: 404. ${SSRF}${SIGNING}${MANAGE}`,
        body: ZSaveAppWebhook,
        response: { 200: ZSuccess(ZAppWebhook), ...ERRORS },
      },
    },
    async (request) => ok(await saveAppWebhook(platform, accessOf(request), request.body), 'Webhook saved'),
  );

  r.post(
    '/oauth2/fetch-webhook',
    {
      onRequest: canRead(),
      schema: {
        tags: ['oauth'],
        security,
        summary: "A client app's webhook",
        description: `The app's (first) webhook endpoint, or \`data: null\` when it has none. An app of another company: 404. ${READ}`,
        body: ZFetchAppWebhook,
        response: { 200: ZSuccess(ZWebhookEndpoint.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await fetchAppWebhook(platform, accessOf(request), request.body.app_id)),
  );
}
