import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_ALLOWED_ORIGINS,
  SSO_AUTH_TTL,
  ZAllowedOrigin,
  ZAllowedOriginInput,
  ZEmbedSessionReply,
  ZEmbedSessionRequest,
  ZSsoAuthReply,
  ZSsoAuthRequest,
} from '@esigns/contracts/embedding';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { addAllowedOrigin, listAllowedOrigins, removeAllowedOrigin } from './origins';
import {
  companyOfCredentials,
  EMBEDDED_SESSION_TTL_SECONDS,
  mintSsoAuth,
  openEmbeddedSession,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['embedding'];
const bearer = [{ bearer: [] }];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const EMBEDDED_REFUSED =
  'An embedded session (inside a host frame) is refused with 403 EMBEDDED_SESSION_REFUSED. ';

/** The embedded mode `/if/{ssoAuth}`: allowed host origins, minting and exchanging host session tokens. */
export function registerEmbeddingRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;

  r.get(
    '/embed/allowed-origins',
    {
      onRequest: requirePermission(platform, 'iframe-links:view'),
      schema: {
        tags,
        security: bearer,
        summary: 'The host origins allowed to frame the embedded mode',
        description:
          "`frame-ancestors` of `/if/{ssoAuth}/...` pages and the only targets of the frame's postMessage " +
          'events. Needs `iframe-links:view`. ' +
          EMBEDDED_REFUSED,
        response: { 200: ZSuccess(z.array(ZAllowedOrigin)), ...ERRORS },
      },
    },
    async (request) => ok(await listAllowedOrigins(db, accessOf(request).companyId)),
  );

  r.post(
    '/embed/allowed-origins',
    {
      onRequest: requirePermission(platform, 'settings:manage-integrations'),
      schema: {
        tags,
        security: bearer,
        summary: 'Allow a host origin',
        description:
          '`https://host[:port]` (plain http only for localhost, 127.0.0.1 and [::1]), without a path; stored ' +
          `as the browser writes it. Already allowed: 409; more than ${MAX_ALLOWED_ORIGINS}: 422. ` +
          'Needs `settings:manage-integrations`. ' +
          EMBEDDED_REFUSED,
        body: ZAllowedOriginInput,
        response: { 200: ZSuccess(ZAllowedOrigin), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const origin = await addAllowedOrigin(db, {
        companyId: access.companyId,
        userId: access.userId,
        origin: request.body.origin,
      });
      return ok(origin, 'Origin allowed');
    },
  );

  r.delete(
    '/embed/allowed-origins/:id',
    {
      onRequest: requirePermission(platform, 'settings:manage-integrations'),
      schema: {
        tags,
        security: bearer,
        summary: 'Stop allowing a host origin',
        description: 'Frames of that origin are refused from the next page load. ' + EMBEDDED_REFUSED,
        params: z.object({ id: z.uuid() }),
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await removeAllowedOrigin(db, accessOf(request).companyId, request.params.id);
      return ok(null, 'Origin removed');
    },
  );

  r.post(
    '/embed/sso-auth',
    {
      config: perMinute(120),
      schema: {
        tags,
        summary: "Mint a host session token (the host's server)",
        description:
          "Called by the host application's server with `Authorization: Basic base64(client_id:client_secret)` " +
          "of the workspace's API key (`/generate-keys`) or of one of its OAuth client apps. `email` must be an " +
          'active member of that workspace (else 404). Answers `ssoAuth` (valid ' +
          `${SSO_AUTH_TTL.min}..${SSO_AUTH_TTL.max} s, default ${SSO_AUTH_TTL.default} s; it may be exchanged any ` +
          'number of times until then) and `url` = `${PUBLIC_URL}/if/${ssoAuth}${path}` (path default ' +
          '`/documents/all`) for the host page to frame. Bad credentials: 401 EMBED_CLIENT_INVALID. A member who ' +
          "outranks the credential's maker today (an owner, with a key an admin made): 403 EMBED_CLIENT_RANK.",
        body: ZSsoAuthRequest,
        response: { 200: ZSuccess(ZSsoAuthReply), ...ERRORS },
      },
    },
    async (request) => {
      const issuer = await companyOfCredentials(platform, request);
      return ok(await mintSsoAuth(platform, issuer, request.body));
    },
  );

  r.post(
    '/embed/session',
    {
      config: perMinute(120),
      schema: {
        tags,
        summary: 'Exchange a host session token for an embedded session',
        description:
          `An access token of the token's user, marked embedded, for ${EMBEDDED_SESSION_TTL_SECONDS / 60} minutes and ` +
          "without a refresh token; the workspace's allowed origins and name. A token is exchanged once: " +
          'again, forged or unknown: 401 EMBED_TOKEN_INVALID; expired: 401 EMBED_TOKEN_EXPIRED. An embedded ' +
          'session may make only the calls of the embedded screens (documents, templates, entities and records, ' +
          'views, forms, workflows, contacts, dashboards, files); every other call, account and company ' +
          'administration, credentials, integrations, billing and team management included, is 403 ' +
          'EMBEDDED_SESSION_REFUSED.',
        body: ZEmbedSessionRequest,
        response: { 200: ZSuccess(ZEmbedSessionReply), ...ERRORS },
      },
    },
    async (request) => ok(await openEmbeddedSession(platform, request.body.ssoAuth)),
  );
}
