import { lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserType } from '@esigns/contracts/auth';
import {
  SSO_AUTH_TTL,
  type TEmbedSessionReply,
  type TSsoAuthReply,
  type TSsoAuthRequest,
} from '@esigns/contracts/embedding';
import { signAccessToken } from '../../platform/auth/access-token';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { buildUserDetails, findAccountByEmail } from '../auth';
import { findMembership } from '../company';
import { companyOfClientApp } from '../oauth';
import { companyOfApiKey } from '../settings';
import { readHostToken, signHostToken } from './host-token';
import { allowedOriginsOf } from './origins';
import { embedTokenExchanges } from './schema';

/** An embedded session's access token lives an hour; there is no refresh token. */
export const EMBEDDED_SESSION_TTL_SECONDS = 60 * 60;

const DEFAULT_PATH = '/documents/all';

function clientInvalid(): AppError {
  return new AppError('UNAUTHORIZED', {
    message: 'Authenticate with Basic base64(client_id:client_secret) of an API key or client app',
    errorCode: 'EMBED_CLIENT_INVALID',
  });
}

/** `Authorization: Basic base64(id:secret)` -> the pair, or null. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1 || text.length > 1000) return null;
  return { id: text.slice(0, colon), secret: text.slice(colon + 1) };
}

/** Whose API key or OAuth client app the Basic credentials are: its company and its maker; else 401. */
export type EmbedIssuer = { companyId: string; createdBy: string | null };

export async function companyOfCredentials(
  platform: Platform,
  request: FastifyRequest,
): Promise<EmbedIssuer> {
  const pair = basicCredentials(request.headers.authorization);
  if (!pair) throw clientInvalid();
  const { db } = platform.database;
  const issuer =
    (await companyOfApiKey(db, platform.config.secrets.jwtSecret, pair.id, pair.secret)) ??
    (await companyOfClientApp(db, pair.id, pair.secret));
  if (!issuer) throw clientInvalid();
  return issuer;
}

/** Owners outrank admins, who outrank every other member (custom user types included). */
const RANK: Partial<Record<UserType, number>> = { OWNER: 3, ADMIN: 2 };
const rankOf = (userType: UserType | undefined): number => (userType ? (RANK[userType] ?? 1) : 1);

/**
 * `POST /embed/sso-auth`: a host session token for `email`, an active member of the company of
 * the credentials (anyone else, or an inactive workspace: 404, the same answer as an unknown
 * email), and the frame address of `path`.
 */
export async function mintSsoAuth(
  platform: Platform,
  issuer: EmbedIssuer,
  input: TSsoAuthRequest,
): Promise<TSsoAuthReply> {
  const { db } = platform.database;
  const { companyId } = issuer;
  const account = await findAccountByEmail(db, input.email);
  const membership = account ? await findMembership(db, account.id, companyId) : undefined;
  if (!account || !membership?.isActive) {
    throw new AppError('NOT_FOUND', { message: 'No active member of this workspace has that email' });
  }
  // A credential opens no session above its maker's own rights today: an admin's key cannot
  // become the owner (a maker who left counts as an ordinary member).
  const maker = issuer.createdBy ? await findMembership(db, issuer.createdBy, companyId) : undefined;
  if (rankOf(membership.userType) > rankOf(maker?.userType)) {
    throw new AppError('FORBIDDEN', {
      message: `This credential was made by someone with fewer rights than this ${membership.userType.toLowerCase()}: use one an owner made`,
      errorCode: 'EMBED_CLIENT_RANK',
    });
  }
  const ttl = input.ttlSeconds ?? SSO_AUTH_TTL.default;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  const ssoAuth = signHostToken(
    { companyId, userId: account.id, expiresAt },
    platform.config.secrets.jwtSecret,
  );
  const path = input.path ?? DEFAULT_PATH;
  return {
    ssoAuth,
    expiresAt: expiresAt.toISOString(),
    url: `${platform.config.publicUrl}/if/${ssoAuth}${path}`,
  };
}

/**
 * `POST /embed/session`: the host session token for an embedded session of its user (an access
 * token marked embedded, an hour at most, no refresh token), the company's allowed origins and
 * its name. Forged or unknown: 401 EMBED_TOKEN_INVALID; expired: 401 EMBED_TOKEN_EXPIRED; the
 * user no longer an active member, or the token already exchanged once: 401 EMBED_TOKEN_INVALID.
 */
export async function openEmbeddedSession(platform: Platform, ssoAuth: string): Promise<TEmbedSessionReply> {
  const { db } = platform.database;
  const token = readHostToken(ssoAuth, platform.config.secrets.jwtSecret);
  if (!token) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This embedded link is not valid: ask the host page to reload',
      errorCode: 'EMBED_TOKEN_INVALID',
    });
  }
  if (token.expired) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This embedded link has expired: ask the host page to reload',
      errorCode: 'EMBED_TOKEN_EXPIRED',
    });
  }
  const membership = await findMembership(db, token.userId, token.companyId);
  if (!membership?.isActive) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This account can no longer open this workspace',
      errorCode: 'EMBED_TOKEN_INVALID',
    });
  }
  if (!(await consumeHostToken(db, token))) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This embedded link was already used: ask the host page to reload',
      errorCode: 'EMBED_TOKEN_INVALID',
    });
  }
  const access = await signAccessToken(
    { userId: token.userId, companyId: token.companyId, userType: membership.userType, embedded: true },
    platform.config.secrets.jwtSecret,
    EMBEDDED_SESSION_TTL_SECONDS,
  );
  const [userDetails, origins] = await Promise.all([
    buildUserDetails(db, token.userId, token.companyId),
    allowedOriginsOf(db, token.companyId),
  ]);
  return {
    access_token: access.token,
    access_token_expires_at: access.expiresAt.toISOString(),
    sso_auth_expires_at: token.expiresAt.toISOString(),
    user_details: userDetails,
    allowed_origins: origins,
    company: { _id: token.companyId, name: userDetails.company_name ?? '' },
  };
}

/**
 * Marks a host session token exchanged (single use): true the first time, false when it already
 * was. Tokens past their expiry are forgotten here too (an expired token is refused before this).
 */
async function consumeHostToken(db: Db, token: { id: string; expiresAt: Date }): Promise<boolean> {
  await db.delete(embedTokenExchanges).where(lt(embedTokenExchanges.expiresAt, new Date()));
  const inserted = await db
    .insert(embedTokenExchanges)
    .values({ tokenId: token.id, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ tokenId: embedTokenExchanges.tokenId });
  return inserted.length === 1;
}
