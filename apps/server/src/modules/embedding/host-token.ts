import { createHmac, randomBytes } from 'node:crypto';
import { HOST_TOKEN_PREFIX } from '@esigns/contracts/embedding';
import { safeEqual } from '../../platform/auth/one-time-secrets';

/**
 * The host session token of `/if/{ssoAuth}` (kind `host`): `ifs_<payload>.<mac>`, where payload is
 * base64url JSON `{ v: 1, c: companyId, u: userId, e: expiry (epoch seconds), n: nonce }` and mac
 * the HMAC-SHA256 of the payload under the instance's JWT secret, domain-separated from every other
 * use of that secret by its label. The nonce makes every minted token different, so its mac (`id`)
 * names it: the exchange remembers it until the token expires and refuses a second exchange
 * (single use, `embed_token_exchanges`). It lives 10 minutes at most.
 */
export type HostToken = { companyId: string; userId: string; expiresAt: Date };

const LABEL = 'esigns/embed-host-token/v1.';

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(LABEL + payload)
    .digest('base64url');
}

export function signHostToken(token: HostToken, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      c: token.companyId,
      u: token.userId,
      e: Math.floor(token.expiresAt.getTime() / 1000),
      n: randomBytes(12).toString('base64url'),
    }),
  ).toString('base64url');
  return `${HOST_TOKEN_PREFIX}${payload}.${mac(payload, secret)}`;
}

/**
 * The token's claims and id (its mac) when its signature holds (expired or not: `expired` says),
 * else null for a forged, malformed or foreign one.
 */
export function readHostToken(
  value: string,
  secret: string,
  now = Date.now(),
): (HostToken & { id: string; expired: boolean }) | null {
  if (!value.startsWith(HOST_TOKEN_PREFIX) || value.length > 1000) return null;
  const [payload, signature, extra] = value.slice(HOST_TOKEN_PREFIX.length).split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, mac(payload, secret))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { v, c, u, e } = claims as Record<string, unknown>;
  if (v !== 1 || typeof c !== 'string' || typeof u !== 'string' || typeof e !== 'number') return null;
  return { id: signature, companyId: c, userId: u, expiresAt: new Date(e * 1000), expired: e * 1000 <= now };
}
