import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { bearerToken, verifyAccessToken, type AccessClaims } from '../auth/access-token';
import { AppError } from './app-error';
import { clientIp } from './client-ip';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`: who is calling, in which workspace. */
    auth?: AccessClaims;
  }
}

/**
 * Checks a single-sign-on session is still open at the identity provider (modules/sso registers
 * it at start-up: the platform never imports a module); throws 401 SSO_USER_LOGOUT when it ended.
 * Only tokens with the SSO flag pay for it.
 */
export type SsoSessionCheck = (claims: AccessClaims) => Promise<void>;
let ssoSessionCheck: SsoSessionCheck | undefined;

export function registerSsoSessionCheck(check: SsoSessionCheck): void {
  ssoSessionCheck = check;
}

/**
 * Bearer tokens that are not the app's own sessions (OAuth client apps' access tokens): the
 * claims of the user the token acts for, null when unknown or expired; throws 403 when the
 * token's scopes do not cover the route. Registered by the oauth module at start-up.
 */
export type DelegatedTokens = (token: string, request: FastifyRequest) => Promise<AccessClaims | null>;

let delegatedTokens: DelegatedTokens | undefined;

export function registerDelegatedTokens(resolve: DelegatedTokens): void {
  delegatedTokens = resolve;
}

/**
 * Whether an embedded session (a user inside a host page's frame, `AccessClaims.embedded`) may
 * make this call; registered by modules/embedding at start-up. Unregistered, embedded sessions
 * are refused everywhere (fail closed).
 */
export type EmbeddedSessionPolicy = (request: FastifyRequest) => boolean;
let embeddedSessionPolicy: EmbeddedSessionPolicy | undefined;

export function registerEmbeddedSessionPolicy(policy: EmbeddedSessionPolicy): void {
  embeddedSessionPolicy = policy;
}

/** Who a route behind `requireAuth` admits: staff sessions (the default), or contacts too. */
export type AuthAudience = 'staff' | 'staff-or-contact' | 'contact';

/**
 * 403 EMBEDDED_SESSION_REFUSED unless the embedded-session policy admits this call. Every hook
 * that reads a staff session runs it (`requireAuth`, and the few hooks that verify the access token
 * themselves, e.g. staff-or-signer downloads), and marks itself with `markSessionHook`.
 */
export function assertEmbeddedSessionMay(claims: AccessClaims, request: FastifyRequest): void {
  if (claims.embedded && !embeddedSessionPolicy?.(request)) throw embeddedSessionRefused();
}

/** The 403 of a call an embedded session may not make (for callers that refuse it outright). */
export function embeddedSessionRefused(): AppError {
  return new AppError('FORBIDDEN', {
    message: 'This is not available inside an embedded frame: open the app itself',
    errorCode: 'EMBEDDED_SESSION_REFUSED',
  });
}

/** Who a session hook admits, as the route table lists it (`sessionRoutesOf`). */
export type SessionHookAudience = AuthAudience | 'staff-or-signer';
const sessionHooks = new WeakMap<object, SessionHookAudience>();

/** Marks an onRequest hook as one that reads a session (and asks the embedded-session policy). */
export function markSessionHook<T extends object>(hook: T, audience: SessionHookAudience): T {
  sessionHooks.set(hook, audience);
  return hook;
}

/** A route behind a session hook: its method(s), its pattern as registered, who it admits. */
export type SessionRoute = { method: string; url: string; audience: SessionHookAudience };
const sessionRoutes = new WeakMap<object, SessionRoute[]>();

/**
 * Records, from now on, every route of `app` whose onRequest hooks read a session (the route
 * table the embedded-session policy is checked against: every staff route must be classified).
 * Called by the app before any route is registered.
 */
export function recordSessionRoutes(app: FastifyInstance): void {
  const routes: SessionRoute[] = [];
  sessionRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const hooks: unknown[] = Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    const audience = hooks.map((h) => (h ? sessionHooks.get(h as object) : undefined)).find(Boolean);
    if (!audience) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, audience });
  });
}

/** The routes `recordSessionRoutes` saw (empty when it was never called on this app). */
export function sessionRoutesOf(app: FastifyInstance): readonly SessionRoute[] {
  return sessionRoutes.get(app) ?? [];
}

/**
 * onRequest hook: a valid `Authorization: Bearer <access token>` or 401, before the body is
 * validated (an anonymous caller learns nothing about a route's input). A contact-area session
 * (`/ap`) on a staff route, or a staff session on a contact-only route, is 403.
 */
export function requireAuth(jwtSecret: string, audience: AuthAudience = 'staff'): onRequestAsyncHookHandler {
  return markSessionHook<onRequestAsyncHookHandler>(async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
    const claims =
      (await verifyAccessToken(token, jwtSecret)) ?? (await delegatedTokens?.(token, request)) ?? null;
    if (!claims) throw new AppError('UNAUTHORIZED', { message: 'Your session has expired' });
    if (claims.isContact && audience === 'staff') {
      throw new AppError('FORBIDDEN', { message: 'This is not available in the contact area' });
    }
    if (!claims.isContact && audience === 'contact') {
      throw new AppError('FORBIDDEN', { message: 'This is only for contacts signed in to the contact area' });
    }
    assertEmbeddedSessionMay(claims, request);
    if (claims.viaSso) {
      if (!ssoSessionCheck) throw new Error('the SSO session check was never registered (modules/sso)');
      await ssoSessionCheck(claims);
    }
    request.auth = claims;
  }, audience);
}

/** The caller of a route behind `requireAuth`. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  return request.auth;
}

/** Who is calling from where, for audit rows: the client's IP (see `clientIp`) and user agent. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent: string | undefined } {
  return { ip: clientIp(request), userAgent: request.headers['user-agent'] };
}
