import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../../platform/auth/access-token';
import { AppError } from '../../platform/http/app-error';
import type { DelegatedTokens } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { loadAccess } from '../permissions';
import { clientAppById } from './client-apps';
import { apiResource } from './provider';
import { scopesAdmitting } from './scopes';
import { oauthProviderModels } from './schema';

/** oidc-provider's opaque access tokens: 43 base64url characters. */
const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

type StoredAccessToken = { accountId?: string; clientId?: string; scope?: string; aud?: string | string[] };

/**
 * The API's reading of a client app's access token (registered with `registerDelegatedTokens`):
 * the stored token (revoked or expired: none), the app (deleted: none), the route covered by one
 * of its scopes (else 403), and the user still an active member of the app's workspace (else
 * 401). The claims are the user's, in the app's workspace.
 */
export function delegatedTokens(platform: Platform): DelegatedTokens {
  const { db } = platform.database;
  const resource = apiResource(platform);
  return async (token: string, request: FastifyRequest): Promise<AccessClaims | null> => {
    if (!OPAQUE_TOKEN.test(token)) return null;
    const [row] = await db
      .select({ payload: oauthProviderModels.payload, expiresAt: oauthProviderModels.expiresAt })
      .from(oauthProviderModels)
      .where(and(eq(oauthProviderModels.kind, 'AccessToken'), eq(oauthProviderModels.id, token)))
      .limit(1);
    if (!row?.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
    const stored = row.payload as StoredAccessToken;
    const audience = Array.isArray(stored.aud) ? stored.aud : [stored.aud];
    if (!stored.accountId || !stored.clientId || !audience.includes(resource)) return null;
    const app = await clientAppById(db, stored.clientId);
    if (!app) return null;
    const scopes = (stored.scope ?? '').split(' ').filter(Boolean);
    const admitting = scopesAdmitting(request.method, request.routeOptions.url);
    if (!admitting.some((scope) => scopes.includes(scope))) {
      throw new AppError('FORBIDDEN', {
        message: admitting.length
          ? `This app's access does not cover this call (it needs ${admitting.join(' or ')})`
          : 'This call is not open to apps',
      });
    }
    const access = await loadAccess(db, { userId: stored.accountId, companyId: app.companyId });
    return {
      userId: stored.accountId,
      companyId: app.companyId,
      userType: access.userType,
      oauth: { clientId: app.appId, scopes },
    };
  };
}
