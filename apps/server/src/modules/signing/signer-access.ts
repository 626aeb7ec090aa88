import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SIGNER_HEADERS } from '@esigns/contracts/signing';
import { bearerToken, verifyAccessToken } from '../../platform/auth/access-token';
import { AppError } from '../../platform/http/app-error';
import { clientLimitKey } from '../../platform/http/client-ip';
import type { Platform } from '../../platform/platform';
import { isUuid } from '@esigns/contracts/ids';
import {
  type Reader,
  isHostedSecret,
  isRecipientSecret,
  type DocumentUserRow,
  type EmployeeRow,
  personOf,
  recipientWithDocument,
} from '../documents';
import { limiterPerOwner } from '../../platform/http/failure-limiter';

/** A recipient acting on their document, as proved by their link secret or their account. */
export type SignerContext = {
  companyId: string;
  document: EmployeeRow;
  recipient: DocumentUserRow;
  /**
   * `SECRET`: the `password` header from the recipient's own (mailed) link; `HOSTED`: the secret
   * of a link the sender generated to host the signing in person (`document_users.hosted_secret_hash`,
   * by `recipient.hostedByUserId`); `ACCOUNT`: a signed-in user with the recipient's email.
   */
  via: 'SECRET' | 'HOSTED' | 'ACCOUNT';
  /** The signed-in user, for `ACCOUNT`. */
  accountUserId: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    signer?: SignerContext;
  }
}

/** One message for every failure: it never tells which part (document, recipient, secret) was wrong. */
export const INVALID_LINK_MESSAGE =
  'This signing link is not valid or has expired. Open the latest link you were mailed, or ask the sender for a new one.';

/** Failed signer authentications per IP: 20 in 15 minutes, then 429 until the window ends. */
const limiterOf = limiterPerOwner({ max: 20, windowMs: 15 * 60_000 });

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/** Whether the request carries signer headers (the link secret), as opposed to a bearer token only. */
export function hasSignerSecret(request: FastifyRequest): boolean {
  return header(request, SIGNER_HEADERS.password) !== undefined;
}

/**
 * onRequest hook of the signer's routes. The caller proves they are a recipient of a sent
 * document either with the spec headers `documentid`, `userid` and `password` (the secret of
 * their link, compared in constant time with its keyed hash), or with a bearer token of a
 * signed-in user whose email is the recipient's (`userid` optional then). The document is the
 * path parameter `param` when the route has one (a `documentid` header must then agree), else
 * the `documentid` header. Any failure is 401 with one message; an IP with too many failures
 * gets 429. What the recipient may do in the document's current state is each route's business.
 */
export function requireSigner(platform: Platform, param?: string): onRequestAsyncHookHandler {
  return async (request) => {
    request.signer = await assertSigner(platform, request, param);
  };
}

/** The signer proved by the request, else 401 (429 for an IP with too many failures). */
export async function assertSigner(
  platform: Platform,
  request: FastifyRequest,
  param?: string,
): Promise<SignerContext> {
  assertLinkTriesLeft(platform, request);
  const signer = await authenticateSigner(platform, request, param);
  if (!signer) invalidLink(platform, request);
  return signer;
}

/** 429 while the caller's address has had too many invalid signing links (20 in 15 minutes). */
export function assertLinkTriesLeft(platform: Platform, request: FastifyRequest): void {
  const wait = limiterOf(platform).blockedFor(clientLimitKey(request));
  if (wait > 0) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: `Too many invalid signing links from your address: try again in ${Math.ceil(wait / 60)} minutes`,
    });
  }
}

/** Counts an invalid link against the caller's address and answers the one 401 of every link failure. */
export function invalidLink(platform: Platform, request: FastifyRequest): never {
  limiterOf(platform).recordFailure(clientLimitKey(request));
  throw new AppError('UNAUTHORIZED', { message: INVALID_LINK_MESSAGE });
}

/** The signer of a route behind `requireSigner`. */
export function signerOf(request: FastifyRequest): SignerContext {
  if (!request.signer) throw new AppError('UNAUTHORIZED', { message: INVALID_LINK_MESSAGE });
  return request.signer;
}

/** The signer proved by the request, or null. Used by routes open to staff and signers alike. */
export async function authenticateSigner(
  platform: Platform,
  request: FastifyRequest,
  param?: string,
): Promise<SignerContext | null> {
  const fromPath = param ? (request.params as Record<string, unknown>)[param] : undefined;
  const fromHeader = header(request, SIGNER_HEADERS.documentId);
  if (typeof fromPath === 'string' && fromHeader !== undefined && fromHeader !== fromPath) return null;
  const documentId = typeof fromPath === 'string' ? fromPath : fromHeader;
  if (!documentId || !isUuid(documentId)) return null;
  const userId = header(request, SIGNER_HEADERS.userId);
  if (userId !== undefined && !isUuid(userId)) return null;
  const db = platform.database.db;

  const secret = header(request, SIGNER_HEADERS.password);
  if (secret !== undefined) return userId ? signerBySecret(platform, { documentId, userId, secret }) : null;

  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(token, platform.config.secrets.jwtSecret);
  if (!claims) return null;
  const user = await personOf(db, claims.userId);
  if (!user.email) return null;
  const email = user.email.toLowerCase();
  const found = await loadRecipient(db, documentId, userId ? { id: userId } : { email });
  if (!found || found.recipient.email !== email) return null;
  return { ...found, companyId: found.document.companyId, via: 'ACCOUNT', accountUserId: claims.userId };
}

/** The recipient proved by their link's secret (constant-time check of its keyed hash), or null. */
export async function signerBySecret(
  platform: Platform,
  link: { documentId: string; userId: string; secret: string },
): Promise<SignerContext | null> {
  if (!isUuid(link.documentId) || !isUuid(link.userId) || link.secret.length > 200) return null;
  const found = await loadRecipient(platform.database.db, link.documentId, { id: link.userId });
  const jwtSecret = platform.config.secrets.jwtSecret;
  if (!found || !isRecipientSecret(link.secret, found.recipient, jwtSecret)) return null;
  const via = isHostedSecret(link.secret, found.recipient, jwtSecret) ? 'HOSTED' : 'SECRET';
  return { ...found, companyId: found.document.companyId, via, accountUserId: null };
}

async function loadRecipient(
  db: Reader,
  documentId: string,
  who: { id: string } | { email: string },
): Promise<{ document: EmployeeRow; recipient: DocumentUserRow } | null> {
  const row = await recipientWithDocument(db, documentId, who);
  // A draft has no recipients yet in the signer's sense: nobody was sent anything.
  if (!row || row.document.status === 'DRAFT') return null;
  return row;
}
