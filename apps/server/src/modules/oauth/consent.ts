import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_SCOPES, type OAuthScope, type TOAuthConsentDetails } from '@esigns/contracts/oauth';
import type { AccessClaims } from '../../platform/auth/access-token';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { loadAccess } from '../permissions';
import { apiResource, oauthProvider } from './provider';

type Pending = TOAuthConsentDetails & { oidcScopes: string[] };

/**
 * The authorization request waiting for the signed-in user's answer. It is found through the
 * provider's interaction cookie (set on this browser by `/oauth2/authorize`, path
 * `/api/oauth2/signin`), so a request started in another browser cannot be answered here; the
 * uid sent by the screen must be the cookie's. The user must be an active member of the app's
 * workspace: the token will act as them there.
 */
async function pendingRequest(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  auth: AccessClaims,
): Promise<Pending> {
  const provider = await oauthProvider(platform);
  const details = await provider.interactionDetails(request.raw, reply.raw).catch((err: unknown) => {
    if (err instanceof Error && err.name === 'SessionNotFound') return undefined;
    throw err;
  });
  if (!details || details.uid !== uid) {
    throw new AppError('GONE', { message: 'This sign-in request has expired: start again from the app' });
  }
  const params = details.params as { client_id?: string; scope?: string; redirect_uri?: string };
  const client = params.client_id ? await provider.Client.find(params.client_id) : undefined;
  if (!client) throw new AppError('GONE', { message: 'This app no longer exists' });
  const companyId = client.company_id as string;
  await loadAccess(platform.database.db, { userId: auth.userId, companyId }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'UNAUTHORIZED') {
      throw new AppError('FORBIDDEN', { message: 'This app belongs to a workspace you are not a member of' });
    }
    throw err;
  });
  const appScopes = (client.app_scopes as OAuthScope[] | undefined) ?? [];
  const requested = params.scope?.split(' ').filter(Boolean);
  const scopes = requested
    ? appScopes.filter((scope) => requested.includes(scope))
    : appScopes.filter((scope) => (OAUTH_SCOPES as readonly string[]).includes(scope));
  return {
    uid,
    app: { appId: client.clientId, name: (client.clientName as string | undefined) ?? client.clientId },
    scopes,
    redirectUri: params.redirect_uri ?? '',
    companyId,
    oidcScopes: (requested ?? []).filter((scope) => scope === 'openid' || scope === 'offline_access'),
  };
}

export async function consentDetails(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  auth: AccessClaims,
): Promise<TOAuthConsentDetails> {
  const { oidcScopes: _oidc, ...details } = await pendingRequest(platform, request, reply, uid, auth);
  return details;
}

/**
 * The user's answer: allowed, a grant of the shown scopes (on this API) for the user; denied, the
 * app gets `access_denied`. Either way the browser goes back to the authorization endpoint, which
 * redirects to the app.
 */
export async function answerConsent(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { uid: string; decision: 'allow' | 'deny' },
  auth: AccessClaims,
): Promise<{ redirectTo: string }> {
  const pending = await pendingRequest(platform, request, reply, input.uid, auth);
  const provider = await oauthProvider(platform);
  if (input.decision === 'deny') {
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
      error: 'access_denied',
      error_description: 'The user refused access',
    });
    return { redirectTo };
  }
  const grant = new provider.Grant({ accountId: auth.userId, clientId: pending.app.appId });
  if (pending.scopes.length) grant.addResourceScope(apiResource(platform), pending.scopes.join(' '));
  if (pending.oidcScopes.length) grant.addOIDCScope(pending.oidcScopes.join(' '));
  const grantId = await grant.save();
  const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
    login: { accountId: auth.userId },
    consent: { grantId },
  });
  return { redirectTo };
}
