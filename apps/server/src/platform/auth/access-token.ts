import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** What an access token says about its bearer: a user acting in one workspace (company). */
export type AccessClaims = {
  userId: string;
  companyId: string;
  userType: string;
  /** The refresh-token family this access token belongs to (sign-out revokes it). */
  sessionId?: string;
  isContact?: boolean;
  /** Set for an OAuth client app's access token: the app and the scopes the user granted it. */
  oauth?: { clientId: string; scopes: readonly string[] };
  /** Opened by single sign-on: each call checks the identity provider has not ended it (modules/sso). */
  viaSso?: boolean;
  /**
   * An embedded session (`/if/{ssoAuth}`, modules/embedding): the user inside a host page's frame;
   * calls that change the account or its secrets refuse it (`registerEmbeddedSessionPolicy`).
   */
  embedded?: boolean;
};

const ISSUER = 'esigns';
const AUDIENCE = 'esigns-api';

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({
    cid: claims.companyId,
    ut: claims.userType,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    ...(claims.isContact ? { ctc: true } : {}),
    ...(claims.viaSso ? { sso: true } : {}),
    ...(claims.embedded ? { emb: true } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, expiresAt };
}

/**
 * Tokens this process has verified, until they expire: every API call presents one, and checking
 * its HMAC again each time is the largest cost of an authenticated call after the database. A
 * token is only ever valid until its `exp`, so the answer cannot change before then. Oldest first
 * out beyond the cap.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims; expiresAt: number }>();
const VERIFIED_CAP = 10_000;

/** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (Date.now() < known.expiresAt) return known.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.cid !== 'string' ||
      typeof payload.ut !== 'string'
    ) {
      return null;
    }
    const claims: AccessClaims = {
      userId: payload.sub,
      companyId: payload.cid,
      userType: payload.ut,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      ...(payload.ctc === true ? { isContact: true } : {}),
      ...(payload.sso === true ? { viaSso: true } : {}),
      ...(payload.emb === true ? { embedded: true } : {}),
    };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_CAP) verified.delete(verified.keys().next().value!);
      verified.set(token, { secret, claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

/** The token of an `Authorization: Bearer <token>` header value. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
