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

/*
 * Staff previews: `/externalLink/{id}` frames `url?preview={marker}`, marker = `{expiresAtMs}.{mac}`,
 * mac = base64url(HMAC-SHA256(instance key, "iframe-link-preview:{id}:{expiresAtMs}")). Only a
 * staff answer carries one (PREVIEW_TTL_MS); `GET /iframe-link/{token}?preview=` does not count
 * an open when the marker is this link's and not expired. A visitor cannot make one: it needs the
 * instance secret; a marker of another link or an expired one counts as an ordinary open.
 */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

const MARKER_SHAPE = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

function previewMac(instanceSecret: string, id: string, expiresAtMs: number): string {
  return createHmac('sha256', keyOf(instanceSecret))
    .update(`iframe-link-preview:${id}:${expiresAtMs}`)
    .digest('base64url');
}

/** A staff preview marker of link `id`, valid until `now + PREVIEW_TTL_MS`. */
export function previewMarker(instanceSecret: string, id: string, now: Date = new Date()): string {
  const expiresAtMs = now.getTime() + PREVIEW_TTL_MS;
  return `${expiresAtMs}.${previewMac(instanceSecret, id, expiresAtMs)}`;
}

/** Whether `marker` is a live staff preview marker of link `id`. */
export function isPreviewMarker(
  instanceSecret: string,
  id: string,
  marker: string | undefined,
  now: Date = new Date(),
): boolean {
  const match = marker ? MARKER_SHAPE.exec(marker) : null;
  if (!match) return false;
  const expiresAtMs = Number(match[1]);
  if (expiresAtMs <= now.getTime() || expiresAtMs > now.getTime() + PREVIEW_TTL_MS) return false;
  return safeEqual(match[2]!, previewMac(instanceSecret, id, expiresAtMs));
}
