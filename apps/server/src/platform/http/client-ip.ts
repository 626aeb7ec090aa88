import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config/config';

/** What a request whose socket closed before it was read (no address at all) is recorded as. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The caller's IP address, the one every audit row, certificate and limiter uses. It is the
 * socket's peer unless that peer is a proxy the operator listed in TRUST_PROXY, in which case
 * Fastify (proxy-addr) walks `X-Forwarded-For` back through the trusted hops only: a header sent
 * by anyone else changes nothing. IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) read as IPv4,
 * IPv6 in its canonical form, so one client is one value.
 */
export function clientIp(request: FastifyRequest): string {
  const ip = request.ip;
  return ip ? normalizeIP(ip, 128) : UNKNOWN_CLIENT;
}

/**
 * The key of the caller in a limiter: `clientIp`, with IPv6 addresses cut to their /56 prefix
 * (one subscriber gets a whole /56 or /64 and could otherwise rotate addresses to escape a limit),
 * as @fastify/rate-limit does.
 */
export function clientLimitKey(request: FastifyRequest): string {
  const ip = request.ip;
  return ip ? normalizeIP(ip) : UNKNOWN_CLIENT;
}

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. Fastify honours a hop count at run time but
 * its types lack it, so hops become the equivalent function (trust the n nearest peers).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
