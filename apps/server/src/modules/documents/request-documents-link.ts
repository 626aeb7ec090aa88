import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isUuid } from '@esigns/contracts/ids';
import { keyedHash, safeEqual } from '../../platform/auth/one-time-secrets';
import { AppError } from '../../platform/http/app-error';
import { clientLimitKey } from '../../platform/http/client-ip';
import { limiterPerOwner } from '../../platform/http/failure-limiter';
import type { Platform } from '../../platform/platform';
import type { Reader, Tx } from './lookups';
import { MAX_LIVE_LINKS, newRecipientSecret } from './recipients';
import { documentRequests } from './schema';

/*
 * A document request's own link, for a contact without the contact area (a workflow's upload step
 * above all): `{PUBLIC_URL}/company-documents/requested/{id}/execute?token={secret}` (or
 * `.../requested/{id}/workflow/{packet}/execute?token=` for a packet's step). The secret has 256
 * bits; only its keyed hash is stored (`link_secret_hashes`, newest first, at most
 * `MAX_LIVE_LINKS`: each new mail or minted link joins the earlier ones, as signing links do). The
 * holder sends headers `requestid` and `password` and reaches that one request only.
 */

/** The headers of a request link's holder. */
export const REQUEST_LINK_HEADERS = { requestId: 'requestid', password: 'password' } as const;

/** One message for every failure: it never tells which part (request, secret) was wrong. */
export const INVALID_REQUEST_LINK_MESSAGE =
  'This upload link is not valid or has been replaced. Open the latest link you were mailed, or ask the sender for a new one.';

export type RequestRow = typeof documentRequests.$inferSelect;

/** The holder of a request's link: the request as read when the link was checked. */
export type RequestLinkHolder = { companyId: string; request: RequestRow };

declare module 'fastify' {
  interface FastifyRequest {
    requestLink?: RequestLinkHolder;
  }
}

/** The page a request link opens (`token` added when a secret is given). */
export function requestLinkUrl(
  publicUrl: string,
  requestId: string,
  options: { secret?: string | undefined; packetId?: string | null | undefined } = {},
): string {
  const packet = options.packetId ? `/workflow/${options.packetId}` : '';
  const token = options.secret ? `?token=${encodeURIComponent(options.secret)}` : '';
  return `${publicUrl}/company-documents/requested/${requestId}${packet}/execute${token}`;
}

/** Failed request-link checks per IP: 20 in 15 minutes, then 429 until the window ends. */
const limiterOf = limiterPerOwner({ max: 20, windowMs: 15 * 60_000 });

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/** Whether the request carries a request link's `requestid` header (as opposed to a bearer token only). */
export function hasRequestLink(request: FastifyRequest): boolean {
  return header(request, REQUEST_LINK_HEADERS.requestId) !== undefined;
}

/** Whether `secret` is one of the request's live links (constant-time compare of the keyed hashes). */
function isRequestSecret(secret: string, row: Pick<RequestRow, 'linkSecretHashes'>, key: string): boolean {
  const hash = keyedHash(secret, key);
  return row.linkSecretHashes.some((stored) => safeEqual(stored, hash));
}

/**
 * The request link proved by the headers (`requestid`, `password`), or null: unknown or malformed
 * id, wrong or replaced secret. Does not count failures (the caller decides: `assertRequestLink`).
 */
export async function authenticateRequestLink(
  platform: Platform,
  request: FastifyRequest,
): Promise<RequestLinkHolder | null> {
  const id = header(request, REQUEST_LINK_HEADERS.requestId);
  const secret = header(request, REQUEST_LINK_HEADERS.password);
  if (!id || !secret || !isUuid(id)) return null;
  const [row] = await platform.database.db
    .select()
    .from(documentRequests)
    .where(eq(documentRequests.id, id))
    .limit(1);
  if (!row || !isRequestSecret(secret, row, platform.config.secrets.jwtSecret)) return null;
  return { companyId: row.companyId, request: row };
}

/** 429 while the caller's address has had too many invalid request links (20 in 15 minutes). */
function assertRequestTriesLeft(platform: Platform, request: FastifyRequest): void {
  const wait = limiterOf(platform).blockedFor(clientLimitKey(request));
  if (wait > 0) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: `Too many invalid upload links from your address: try again in ${Math.ceil(wait / 60)} minutes`,
    });
  }
}

/** Counts an invalid link against the caller's address and answers the one 401 of every link failure. */
export function invalidRequestLink(platform: Platform, request: FastifyRequest): never {
  limiterOf(platform).recordFailure(clientLimitKey(request));
  throw new AppError('UNAUTHORIZED', { message: INVALID_REQUEST_LINK_MESSAGE });
}

/**
 * The link holder proved by the headers, else 401 (counted; 429 for an address with too many
 * failures). With `requestId` (the route's id), the link must be that request's.
 */
export async function assertRequestLink(
  platform: Platform,
  request: FastifyRequest,
  requestId?: unknown,
): Promise<RequestLinkHolder> {
  assertRequestTriesLeft(platform, request);
  const holder = await authenticateRequestLink(platform, request);
  if (!holder || (requestId !== undefined && requestId !== holder.request.id)) {
    invalidRequestLink(platform, request);
  }
  return holder;
}

/**
 * onRequest hook of a route open to a request link's holder and to signed-in callers: with a
 * `requestid` header the link is checked (the path parameter `param`, when given, must be its
 * request; else 401) and `request.requestLink` set; without it `signedIn` runs (staff and the
 * contacts the route admitted before).
 */
export function requireRequestLinkOr(
  platform: Platform,
  signedIn: onRequestAsyncHookHandler[],
  param?: string,
): onRequestAsyncHookHandler {
  return async function (request, reply) {
    if (!hasRequestLink(request)) {
      for (const hook of signedIn) await hook.call(this, request, reply);
      return;
    }
    const fromPath = param ? (request.params as Record<string, unknown>)[param] : undefined;
    request.requestLink = await assertRequestLink(platform, request, param ? fromPath : undefined);
  };
}

/**
 * One more live link for a request: a new secret whose keyed hash joins the earlier ones (the
 * oldest beyond `MAX_LIVE_LINKS` stops working). Reads the hashes under a row lock in the caller's
 * transaction; 404 when the request is not the company's.
 */
export async function issueRequestSecret(
  platform: Platform,
  tx: Tx,
  companyId: string,
  requestId: string,
): Promise<string> {
  const [row] = await tx
    .select({ hashes: documentRequests.linkSecretHashes })
    .from(documentRequests)
    .where(and(eq(documentRequests.id, requestId), eq(documentRequests.companyId, companyId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', { message: 'Document request not found' });
  const { secret, hash } = newRecipientSecret(platform.config.secrets.jwtSecret);
  await tx
    .update(documentRequests)
    .set({ linkSecretHashes: [hash, ...row.hashes].slice(0, MAX_LIVE_LINKS) })
    .where(eq(documentRequests.id, requestId));
  return secret;
}

/** The request of the company, or undefined. */
export async function findCompanyRequest(
  db: Reader,
  companyId: string,
  requestId: string,
): Promise<RequestRow | undefined> {
  if (!isUuid(requestId)) return undefined;
  const [row] = await db
    .select()
    .from(documentRequests)
    .where(and(eq(documentRequests.id, requestId), eq(documentRequests.companyId, companyId)))
    .limit(1);
  return row;
}
