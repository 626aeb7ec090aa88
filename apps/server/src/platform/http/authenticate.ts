import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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
 * onRequest hook: a valid `Authorization: Bearer <access token>` or 401, before the body is
 * validated (an anonymous caller learns nothing about a route's input).
 */
export function requireAuth(jwtSecret: string): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
    const claims = await verifyAccessToken(token, jwtSecret);
    if (!claims) throw new AppError('UNAUTHORIZED', { message: 'Your session has expired' });
    request.auth = claims;
  };
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
