import { createHmac, randomBytes } from 'node:crypto';
import { IFRAME_LINK_TOKEN_PREFIX } from '@esigns/contracts/iframe-links';
import { isUuid } from '@esigns/contracts/ids';
import { safeEqual } from '../../platform/auth/one-time-secrets';

/*
 * Link tokens: `ifl_{id}.{mac}`, mac = base64url(HMAC-SHA256(instance key, "iframe-link:{id}:{secret}")).
 * The instance key is derived from the JWT secret for this purpose only; `secret` is the link's own
 * 32 random bytes. Knowing an id (or the whole table) gives no token; a token is checked in
 * constant time against the row's. The same link always answers the same token (staff copy it
 * again from the list), and a new `secret` would retire it.
 */

const TOKEN_SHAPE = /^ifl_([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function newLinkSecret(): string {
  return randomBytes(32).toString('base64url');
}

function keyOf(instanceSecret: string): Buffer {
  return createHmac('sha256', instanceSecret).update('iframe-link-token-key').digest();
}

export function linkToken(instanceSecret: string, id: string, secret: string): string {
  const mac = createHmac('sha256', keyOf(instanceSecret))
    .update(`iframe-link:${id}:${secret}`)
    .digest('base64url');
  return `${IFRAME_LINK_TOKEN_PREFIX}${id}.${mac}`;
}

/** The link id a token names, or null when it is not a link token's shape. */
export function tokenLinkId(token: string): string | null {
  const match = TOKEN_SHAPE.exec(token);
  return match && isUuid(match[1]) ? match[1]!.toLowerCase() : null;
}

/** Whether `token` is the one of link `id` with `secret`. */
export function tokenMatches(instanceSecret: string, token: string, id: string, secret: string): boolean {
  return safeEqual(token, linkToken(instanceSecret, id, secret));
}
