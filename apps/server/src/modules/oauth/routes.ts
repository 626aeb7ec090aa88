import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZOAuthAppIdParams,
  ZOAuthAuthorizedApp,
  ZOAuthClientApp,
  ZOAuthClientAppInput,
  ZOAuthClientAppWithSecret,
  ZOAuthConsentDetails,
  ZOAuthConsentInput,
  ZOAuthConsentResult,
  ZOAuthVerifierToken,
} from '@esigns/contracts/oauth';
import { authOf, registerDelegatedTokens, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  createClientApp,
  deleteClientApp,
  getClientApp,
  listClientApps,
  rotateClientSecret,
} from './client-apps';
import { listAuthorizedApps, revokeAuthorizedApp } from './authorized-apps';
import { answerConsent, consentDetails } from './consent';
import { OAUTH_MOUNT, oauthProvider } from './provider';
import { delegatedTokens } from './tokens';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['oauth'];
const security = [{ bearer: [] }];

/**
 * The OAuth 2.0 provider (oidc-provider under `/api/oauth2`), the consent calls of the
 * `/signin/oauth` screen, and the workspace's client apps. Also makes the API accept client apps'
 * access tokens (`registerDelegatedTokens`).
 */
export function registerOAuthRoutes(api: FastifyInstance, platform: Platform): void {
  registerDelegatedTokens(delegatedTokens(platform));
  registerClientAppRoutes(api, platform);
  registerConsentRoutes(api, platform);
  void api.register(async (scope) => registerProviderRoutes(scope, platform));
}

function registerClientAppRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const view = requirePermission(platform, 'oauth:view');
  const manage = requirePermission(platform, 'oauth:manage-clients');
  r.get(
    '/fetch-clients',
    {
      onRequest: view,
      schema: {
        tags,
        security,
        summary: "The workspace's OAuth client apps",
        response: { 200: ZSuccess(z.array(ZOAuthClientApp)), ...ERRORS },
      },
    },
    async (request) => ok(await listClientApps(db, accessOf(request).companyId)),
  );
  r.get(
    '/fetch-client/:appId',
    {
      onRequest: view,
      schema: {
        tags,
        security,
        summary: "One client app (404 for another workspace's)",
        params: ZOAuthAppIdParams,
        response: { 200: ZSuccess(ZOAuthClientApp), ...ERRORS },
      },
    },
    async (request) => ok(await getClientApp(db, accessOf(request).companyId, request.params.appId)),
  );
  r.post(
    '/create-client',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'Register a client app (name, exact redirect URIs, scopes); its secret is shown this once',
        body: ZOAuthClientAppInput,
        response: { 200: ZSuccess(ZOAuthClientAppWithSecret), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      return ok(
        await createClientApp(db, { companyId: access.companyId, userId: access.userId, ...request.body }),
        'Client app created',
      );
    },
  );
  r.post(
    '/rotate-client-secret/:appId',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'A new secret for the app (the old one stops working); shown this once',
        params: ZOAuthAppIdParams,
        response: { 200: ZSuccess(ZOAuthClientAppWithSecret), ...ERRORS },
      },
    },
    async (request) =>
      ok(await rotateClientSecret(db, accessOf(request).companyId, request.params.appId), 'Secret rotated'),
  );
  r.delete(
    '/delete-client/:appId',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'Delete the app and revoke every code and token issued to it',
        params: ZOAuthAppIdParams,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await deleteClientApp(db, accessOf(request).companyId, request.params.appId);
      return ok(null, 'Client app deleted');
    },
  );
}

function registerConsentRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(platform.config.secrets.jwtSecret);
  registerAuthorizedAppRoutes(api, platform);
  r.get(
    '/oauth2/generate-verifier-token',
    {
      schema: {
        tags,
        summary: 'A fresh PKCE pair (code_verifier and its S256 code_challenge) for a client to use',
        response: { 200: ZSuccess(ZOAuthVerifierToken) },
      },
    },
    async () => {
      const verifier = randomBytes(32).toString('base64url');
      return ok({
        code_verifier: verifier,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256' as const,
      });
    },
  );
  r.get(
    '/oauth2/signin',
    {
      schema: {
        tags,
        summary:
          'Where the authorization endpoint sends the browser: redirects to the consent screen /signin/oauth',
        querystring: z.object({ uid: z.string().max(200).optional() }),
      },
    },
    async (request, reply) =>
      reply.redirect(`/signin/oauth?uid=${encodeURIComponent(request.query.uid ?? '')}`, 303),
  );
  r.get(
    '/oauth2/signin/details',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The pending authorization request of this browser: the app and the scopes it asks for',
        querystring: z.object({ uid: z.string().min(1).max(200) }),
        response: { 200: ZSuccess(ZOAuthConsentDetails), ...ERRORS, 410: ZErrorBody },
      },
    },
    async (request, reply) =>
      ok(await consentDetails(platform, request, reply, request.query.uid, authOf(request))),
  );
  r.post(
    '/oauth2/signin',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: "The signed-in user's answer to a client app's authorization request (allow or deny)",
        body: ZOAuthConsentInput,
        response: { 200: ZSuccess(ZOAuthConsentResult), ...ERRORS, 410: ZErrorBody },
      },
    },
    async (request, reply) =>
      ok(await answerConsent(platform, request, reply, request.body, authOf(request))),
  );
}

/** The apps the signed-in user has authorized, and taking an authorization back. */
function registerAuthorizedAppRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(platform.config.secrets.jwtSecret);
  const { db } = platform.database;
  r.get(
    '/oauth2/authorized-apps',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The client apps the signed-in user has allowed to act for them, with the scopes granted',
        response: { 200: ZSuccess(z.array(ZOAuthAuthorizedApp)), ...ERRORS },
      },
    },
    async (request) => ok(await listAuthorizedApps(db, authOf(request).userId)),
  );
  r.delete(
    '/oauth2/authorized-apps/:appId',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary:
          "Takes back the signed-in user's authorization of a client app: its grants, codes and tokens end at once",
        params: ZOAuthAppIdParams,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await revokeAuthorizedApp(db, authOf(request).userId, request.params.appId);
      return ok(null, 'Authorization revoked');
    },
  );
}

/** The provider's own endpoints, documented here; oidc-provider reads the raw request. */
const PROVIDER_ENDPOINTS = [
  {
    method: 'GET',
    path: '/authorize',
    summary:
      'Authorization endpoint (RFC 6749, code flow only): response_type=code, client_id, redirect_uri (exactly as registered), scope, state, code_challenge and code_challenge_method=S256 (required; plain is refused). Sends the browser to the consent screen, then to redirect_uri with code and state',
  },
  {
    method: 'POST',
    path: '/token',
    summary:
      'Token endpoint (form-encoded; client_secret_basic or client_secret_post): grant_type=authorization_code with code, redirect_uri, code_verifier; or grant_type=refresh_token. Access tokens last 10 minutes; refresh tokens rotate, and presenting a used one revokes its whole grant. A second use of a code revokes the tokens issued from it',
  },
  {
    method: 'POST',
    path: '/revoke',
    summary: 'Revocation endpoint (RFC 7009): token, token_type_hint; client authentication as for /token',
  },
  {
    method: 'GET',
    path: '/.well-known/openid-configuration',
    summary: 'Discovery metadata (endpoints, scopes, methods)',
  },
  {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'Authorization server metadata (RFC 8414)',
  },
  { method: 'GET', path: '/jwks', summary: 'Public keys of the ID tokens' },
] as const;

async function registerProviderRoutes(scope: FastifyInstance, platform: Platform): Promise<void> {
  // The provider reads form bodies itself: leave the stream unread.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = await oauthProvider(platform);
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(OAUTH_MOUNT.length) || '/';
    provider.callback()(raw, reply.raw);
  };
  for (const endpoint of PROVIDER_ENDPOINTS) {
    scope.route({
      method: endpoint.method,
      url: `/oauth2${endpoint.path}`,
      schema: { tags, summary: endpoint.summary },
      handler: handle,
    });
  }
  // Everything else of the provider (resuming an authorization, sign-out), not documented.
  scope.route({ method: ['GET', 'POST'], url: '/oauth2/*', schema: { hide: true }, handler: handle });
}
