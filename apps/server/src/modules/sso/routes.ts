import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZSsoConfig,
  ZSsoConfigWrite,
  ZSsoSessionReply,
  ZSsoSignupRequest,
  ZSsoStartReply,
  ZSsoStartRequest,
  ZSsoTokenReply,
  ZSsoTokenRequest,
} from '@esigns/contracts/sso';
import { clientOf } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { assertCanManageSso, readSsoConfig, saveSsoConfig } from './config-service';
import { backchannelLogout } from './logout-service';
import { exchangeSsoCode, startSsoSignin } from './signin-service';
import { completeSsoSignup } from './signup-service';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
  503: ZErrorBody,
};
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Single sign-on with the company's OpenID Connect provider (modules/sso README). */
export function registerSsoRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['sso'];
  const security = [{ bearer: [] }];
  const canManage = () => requirePermission(platform, 'settings:manage-integrations');

  r.get(
    '/sso/config',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "The company's OpenID Connect identity provider",
        description:
          'Never the client secret (`has_client_secret`). `redirect_uri` and `backchannel_logout_uri` are to be registered with the provider. OWNER and ADMIN only.',
        response: { 200: ZSuccess(ZSsoConfig), ...ERRORS },
      },
    },
    async (request) => {
      assertCanManageSso(accessOf(request));
      return ok(await readSsoConfig(platform, accessOf(request).companyId));
    },
  );

  r.put(
    '/sso/config',
    {
      onRequest: canManage(),
      config: perMinute(10),
      schema: {
        tags,
        security,
        summary: "Save the company's OpenID Connect identity provider",
        description:
          'Enabled settings are tried first: the issuer must answer its discovery document (else 422 on `issuer`); https only (http only for a loopback issuer outside production). ' +
          '`client_secret` left out keeps the stored one for the same issuer and client id; `""` removes it (a public client, PKCE only). Stored encrypted (AES-256-GCM). ' +
          '`allowed_domains`: the email domains signed in this way (and how `/sso-signin` finds the company from an email); `auto_create_users` with `new_user_type` lets `/sso-signup` create members. OWNER and ADMIN only.',
        body: ZSsoConfigWrite,
        response: { 200: ZSuccess(ZSsoConfig), ...ERRORS },
      },
    },
    async (request) =>
      ok(await saveSsoConfig(platform, accessOf(request), request.body), 'Single sign-on settings saved'),
  );

  r.post(
    '/sso/start',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Start a single sign-on (`/sso-signin`)',
        description:
          "Finds the company by the work email's domain (one company must list it) or by its sign-in name, and answers the provider's authorization URL " +
          '(authorization code with PKCE, state and nonce; 10 minutes). 404 when no provider is set up, 409 when several companies list the domain.',
        body: ZSsoStartRequest,
        response: { 200: ZSuccess(ZSsoStartReply), ...ERRORS },
      },
    },
    async (request) => ok(await startSsoSignin(platform, request.body)),
  );

  r.post(
    '/sso/token',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Single sign-on: exchange the code (`/sso-verify`)',
        description:
          "The provider's `code` and `state` from the callback. The ID token is checked (issuer, audience, nonce, expiry, verified email, allowed domain). " +
          "`EXISTED_USER_LOGIN_SUCCESS`: a session like a password sign-in, and the provider's `logout_url`. `NEW_USER`: no membership yet; the claims are kept 30 minutes for `POST /sso/signup` (`can_sign_up` false: the company does not create users). " +
          '403 `status_code: HOLD_WORKSPACE`: the workspace is on hold, no session. 401 for an unknown, used or expired state, or a code the provider refuses; `error_code: EMAIL_NOT_VERIFIED` when the provider has not verified the email.',
        body: ZSsoTokenRequest,
        response: { 200: ZSuccess(ZSsoTokenReply), ...ERRORS },
      },
    },
    async (request) => ok(await exchangeSsoCode(platform, request.body, clientOf(request))),
  );

  r.post(
    '/sso/signup',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Single sign-on: complete a new user (`/sso-signup`)',
        description:
          "Creates the account (email verified by the provider) or joins an existing one to the company with the provider's user type, and opens a session. " +
          '403 when the company does not create users from single sign-on; 410 when the sign-up token expired or was used; 409 for a former member.',
        body: ZSsoSignupRequest,
        response: { 200: ZSuccess(ZSsoSessionReply), ...ERRORS },
      },
    },
    async (request) => ok(await completeSsoSignup(platform, request.body, clientOf(request))),
  );

  registerBackchannelLogout(api, platform);
}

/** The provider posts `logout_token` form-encoded (OpenID Connect Back-Channel Logout 1.0 §2.5). */
function registerBackchannelLogout(api: FastifyInstance, platform: Platform): void {
  void api.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
    }
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/sso/backchannel-logout/:companyId',
      {
        config: perMinute(60),
        schema: {
          tags: ['sso'],
          summary: "Back-channel logout from the company's provider",
          description:
            "The provider's logout token (form field `logout_token`), signed with its keys: the sessions it names (`sid`, else `sub`) end here, and their next call answers 401 `SSO_USER_LOGOUT`. 400 for an invalid token.",
          params: z.object({ companyId: z.string().max(64) }),
          body: z.object({ logout_token: z.string().min(1).max(10_000) }),
          response: { 200: ZSuccess(z.object({ ended: z.number().int() })), ...ERRORS },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok(await backchannelLogout(platform, request.params.companyId, request.body.logout_token));
      },
    );
  });
}
