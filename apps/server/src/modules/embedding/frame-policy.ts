import type { FastifyRequest } from 'fastify';
import { HOST_TOKEN_PREFIX } from '@esigns/contracts/embedding';
import type { Db } from '../../platform/db/database';
import { readHostToken } from './host-token';
import { allowedOriginsOf } from './origins';

/**
 * Which company a `/if/{token}` token belongs to, by the token's prefix: `ifs_` (host session
 * tokens) here; `ifl_` (iframe links) registered by the iframe-links module through
 * module-hooks.ts. A resolver answers null for a token it does not know or that is invalid.
 */
export type EmbedTokenResolver = (token: string) => Promise<string | null>;
const resolvers = new Map<string, EmbedTokenResolver>();

export function registerEmbedTokenResolver(prefix: string, resolve: EmbedTokenResolver): void {
  resolvers.set(prefix, resolve);
}

/** The company of any `/if/{token}` token, or null. */
export async function companyOfEmbedToken(token: string): Promise<string | null> {
  for (const [prefix, resolve] of resolvers) {
    if (token.startsWith(prefix)) return resolve(token);
  }
  return null;
}

/**
 * The host session tokens' own resolver: a genuine token names its company even once expired,
 * so its frame can still show "ask the host page to reload" and tell the host `session.expired`.
 */
export function registerHostTokenResolver(jwtSecret: string): void {
  registerEmbedTokenResolver(
    HOST_TOKEN_PREFIX,
    async (token) => readHostToken(token, jwtSecret)?.companyId ?? null,
  );
}

/** `frame-ancestors` of `/if/{token}/...`: the allowed origins of the token's company (none: not framed). */
export function frameAncestorsOf(db: Pick<Db, 'select'>) {
  return async (token: string): Promise<readonly string[]> => {
    const companyId = await companyOfEmbedToken(token);
    return companyId ? allowedOriginsOf(db, companyId) : [];
  };
}

/**
 * Calls an embedded session (a user inside a host page's frame) may not make: the account's
 * password and second factor, its keys and client apps, OAuth consents, webhooks' secrets, SSO
 * configuration, the allowed origins, workspace switches (they would open a session that is not
 * embedded) and account transfers. By route (`/api/...` as registered), any method.
 */
const REFUSED_ROUTES: ReadonlySet<string> = new Set([
  '/api/password/update',
  '/api/Get-keys',
  '/api/generate-keys',
  '/api/regenerate-keys',
  '/api/fetch-clients',
  '/api/fetch-client/:appId',
  '/api/create-client',
  '/api/rotate-client-secret/:appId',
  '/api/delete-client/:appId',
  '/api/switchWorkspace/:currentWorkspaceId',
  '/api/workspaces/leave',
]);
const REFUSED_PREFIXES: readonly string[] = [
  '/api/mf2a/',
  '/api/oauth2/',
  '/api/webhooks/',
  '/api/sso/config',
  '/api/transfer-account',
  '/api/embed/',
];

export function embeddedSessionMay(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? request.url;
  if (REFUSED_ROUTES.has(route)) return false;
  return !REFUSED_PREFIXES.some((prefix) => route.startsWith(prefix));
}
