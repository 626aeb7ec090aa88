import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { isUuid } from '@esigns/contracts/ids';
import type { AccessClaims } from '../../platform/auth/access-token';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { revokeFamily } from '../auth';
import { findProvider } from './config-service';
import { discoverProvider } from './oidc';
import { ssoSessions } from './schema';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** Logout tokens older than this are refused (replays of an old one change nothing anyway). */
const MAX_LOGOUT_TOKEN_AGE = '10 minutes';

/**
 * OpenID Connect back-channel logout: the company's provider posts a logout token (a JWT signed
 * with its keys) when a user's session there ends. Checked: signature (the provider's JWKS),
 * issuer, audience (our client id), age, the logout event, no nonce, a `sid` or `sub`. The
 * sessions it names (by provider session id, else by subject) are ended here: their refresh
 * tokens revoked, and every further call of their access tokens answers 401 SSO_USER_LOGOUT.
 * Answers how many sessions ended.
 */
export async function backchannelLogout(
  platform: Platform,
  companyId: string,
  logoutToken: string,
): Promise<{ ended: number }> {
  const db = platform.database.db;
  const row = isUuid(companyId) ? await findProvider(db, companyId) : undefined;
  if (!row?.enabled) throw new AppError('NOT_FOUND', { message: 'Single sign-on is not set up here' });
  const provider = await discoverProvider(platform, row);
  const claims = await verifyLogoutToken(platform, provider, logoutToken);

  return db.transaction(async (tx) => {
    const ended = await tx
      .update(ssoSessions)
      .set({ endedAt: new Date() })
      .where(
        and(
          eq(ssoSessions.companyId, companyId),
          isNull(ssoSessions.endedAt),
          claims.sid ? eq(ssoSessions.idpSid, claims.sid) : undefined,
          claims.sub ? eq(ssoSessions.subject, claims.sub) : undefined,
        ),
      )
      .returning({ sessionId: ssoSessions.sessionId });
    for (const { sessionId } of ended) await revokeFamily(tx, sessionId);
    return { ended: ended.length };
  });
}

async function verifyLogoutToken(
  platform: Platform,
  provider: Awaited<ReturnType<typeof discoverProvider>>,
  token: string,
): Promise<{ sid: string | undefined; sub: string | undefined }> {
  try {
    const { payload } = await jwtVerify(token, provider.jwks, {
      issuer: provider.config.serverMetadata().issuer,
      audience: provider.row.clientId,
      maxTokenAge: MAX_LOGOUT_TOKEN_AGE,
      requiredClaims: ['iat', 'jti', 'events'],
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || !(LOGOUT_EVENT in events))
      throw new Error('not a logout event');
    if ('nonce' in payload) throw new Error('a logout token carries no nonce');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
    if (!sid && !sub) throw new Error('neither sid nor sub');
    return { sid, sub };
  } catch (err) {
    platform.log.warn({ err, companyId: provider.row.companyId }, 'sso logout token refused');
    throw new AppError('BAD_REQUEST', { message: 'Invalid logout token', cause: err });
  }
}

/** Each call of an SSO access token: 401 SSO_USER_LOGOUT once its provider ended the session. */
export function ssoSessionCheck(platform: Platform) {
  return async (claims: AccessClaims): Promise<void> => {
    const open = claims.sessionId ? await isOpenSsoSession(platform.database.db, claims.sessionId) : false;
    if (!open) throw ssoUserLogout();
  };
}

/** Each refresh of a staff session: whether it is an open SSO one (401 SSO_USER_LOGOUT once ended). */
export async function isSsoFamily(db: Pick<Db, 'select'>, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ endedAt: ssoSessions.endedAt })
    .from(ssoSessions)
    .where(eq(ssoSessions.sessionId, familyId))
    .limit(1);
  if (!row) return false;
  if (row.endedAt) throw ssoUserLogout();
  return true;
}

async function isOpenSsoSession(db: Pick<Db, 'select'>, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const [row] = await db
    .select({ endedAt: ssoSessions.endedAt })
    .from(ssoSessions)
    .where(eq(ssoSessions.sessionId, sessionId))
    .limit(1);
  return row !== undefined && row.endedAt === null;
}

function ssoUserLogout(): AppError {
  return new AppError('UNAUTHORIZED', {
    message: 'You were signed out by your identity provider',
    errorCode: 'SSO_USER_LOGOUT',
    statusCode: 'SSO_USER_LOGOUT',
  });
}
