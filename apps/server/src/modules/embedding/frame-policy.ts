import type { FastifyRequest } from 'fastify';
import { HOST_TOKEN_PREFIX } from '@esigns/contracts/embedding';
import type { Db } from '../../platform/db/database';
import { EMBEDDED_ALLOWED } from '@esigns/contracts/embedded-routes';
import { readHostToken } from './host-token';
import { allowedOriginsOf } from './origins';

/**
 * Which company a `/if/{token}` token belongs to, by the token's prefix: `ifs_` (host session
 * tokens) here; `ifl_` (iframe links) registered by the iframe-links module through
 * module-hooks.ts. A resolver answers null for a token it does not know or that is invalid.
 */
export type EmbedTokenResolver = (token: string) => Promise<string | null>;
type Resolver = { resolve: EmbedTokenResolver; framedBySelf: boolean };
const resolvers = new Map<string, Resolver>();

/**
 * `framedBySelf`: the app's own pages may frame the token's page too (an iframe link's preview on
 * `/externalLink/{id}`; its page carries no session). Host session tokens' pages are framed by the
 * allowed host origins only.
 */
export function registerEmbedTokenResolver(
  prefix: string,
  resolve: EmbedTokenResolver,
  options: { framedBySelf?: boolean } = {},
): void {
  resolvers.set(prefix, { resolve, framedBySelf: options.framedBySelf ?? false });
}

function resolverOf(token: string): Resolver | null {
  for (const [prefix, resolver] of resolvers) if (token.startsWith(prefix)) return resolver;
  return null;
}

/** The company of any `/if/{token}` token, or null. */
export async function companyOfEmbedToken(token: string): Promise<string | null> {
  return (await resolverOf(token)?.resolve(token)) ?? null;
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

/**
 * `frame-ancestors` of `/if/{token}/...`: the allowed origins of the token's company, and the app
 * itself for tokens registered `framedBySelf` (none: not framed).
 */
export function frameAncestorsOf(db: Pick<Db, 'select'>) {
  return async (token: string): Promise<readonly string[]> => {
    const resolver = resolverOf(token);
    const companyId = resolver ? await resolver.resolve(token) : null;
    if (!resolver || !companyId) return [];
    const origins = await allowedOriginsOf(db, companyId);
    return resolver.framedBySelf ? ["'self'", ...origins] : origins;
  };
}

/** `METHOD /pattern` pairs of a list's `METHOD[,METHOD] /pattern` entries. */
export function routeKeysOf(groups: ReadonlyArray<{ routes: readonly string[] }>): Set<string> {
  const keys = new Set<string>();
  for (const entry of groups.flatMap((group) => group.routes)) {
    const [methods = '', url = ''] = entry.split(' ');
    for (const method of methods.split(',')) keys.add(`${method} ${url}`);
  }
  return keys;
}

const ALLOWED = routeKeysOf(EMBEDDED_ALLOWED);

/**
 * Whether an embedded session may make this call: only the routes of the allow-list
 * (`embedded-routes.ts`), by method and pattern as registered. Everything else, a route added
 * later that nobody classified included, is refused (fail closed).
 */
export function embeddedSessionMay(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route) return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return ALLOWED.has(`${method} ${route}`);
}
