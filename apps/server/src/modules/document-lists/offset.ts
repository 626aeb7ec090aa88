import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS } from '@esigns/contracts/headers';

/** The `usertimezone` header (minutes, as `Date.getTimezoneOffset()`); 0 when absent or not one. */
export function offsetOf(request: FastifyRequest): number {
  const raw = request.headers[AUTH_HEADERS.userTimezone];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : 0;
}
