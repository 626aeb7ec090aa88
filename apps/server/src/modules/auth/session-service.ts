import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TSessionReply, TTokenPair, TUserDetails } from '@esigns/contracts/auth';
import { signAccessToken } from '../../platform/auth/access-token';
import { keyedHash, randomToken } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { CONTACT_USER_TYPE } from '@esigns/contracts/application-users';
import { findMembership, listWorkspaces } from '../company';
import { contactSessions, ssoSessions } from './hooks';
import { refreshTokens, users } from './schema';

export const REFRESH_TOKEN_TTL_DAYS = 30;

export type ClientInfo = { ip: string; userAgent: string | undefined };

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;

/**
 * Opens a session in a workspace: a short-lived access token and a new refresh-token family.
 * The user must be an active member of that workspace.
 */
export async function openSession(
  platform: Platform,
  tx: Tx,
  input: {
    userId: string;
    companyId: string;
    client: ClientInfo;
    /** A single-sign-on session (modules/sso): its id is the caller's, its tokens carry the SSO flag. */
    sso?: { sessionId: string };
  },
): Promise<TSessionReply> {
  const membership = await findMembership(tx, input.userId, input.companyId);
  if (!membership) throw new AppError('NOT_FOUND', { message: 'Workspace not found' });
  if (!membership.isActive) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This workspace is inactive',
      statusCode: 'INACTIVE_WORKSPACE',
    });
  }
  const tokens = await issueTokens(platform, tx, {
    userId: input.userId,
    companyId: input.companyId,
    userType: membership.userType,
    familyId: input.sso?.sessionId ?? randomUUID(),
    viaSso: input.sso !== undefined,
    client: input.client,
  });
  await tx.update(users).set({ lastCompanyId: input.companyId }).where(eq(users.id, input.userId));
  return { ...tokens, user_details: await buildUserDetails(tx, input.userId, input.companyId) };
}

/**
 * Opens a contact-area session (`/ap`) in a company: an access token with the contact flag and
 * user type CONTACT, and a refresh family marked `is_contact`. No company membership is needed:
 * the caller (application-users) checked the contact's ACTIVE portal access.
 */
export async function openContactSession(
  platform: Platform,
  tx: Pick<Db, 'insert'>,
  input: { userId: string; companyId: string; client: ClientInfo },
): Promise<TTokenPair> {
  return issueTokens(platform, tx, {
    userId: input.userId,
    companyId: input.companyId,
    userType: CONTACT_USER_TYPE,
    isContact: true,
    familyId: randomUUID(),
    client: input.client,
  });
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued in the same
 * family. A token presented twice means it was copied: the whole family is revoked (401).
 */
export async function rotateRefreshToken(
  platform: Platform,
  token: string,
  client: ClientInfo,
): Promise<TTokenPair> {
  const hash = keyedHash(token, platform.config.secrets.jwtSecret);
  const db = platform.database.db;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw sessionOver();
    if (row.rotatedAt) return { reused: row, tokens: undefined };
    // Only the first of two concurrent rotations wins this update.
    const spent = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) throw sessionOver();
    if (row.isContact) {
      // A contact session lives as long as the contact's portal access is ACTIVE.
      if (!(await contactSessions().isActive(tx, row.userId, row.companyId))) throw sessionOver();
      return {
        reused: undefined,
        tokens: await issueTokens(platform, tx, {
          userId: row.userId,
          companyId: row.companyId,
          userType: CONTACT_USER_TYPE,
          isContact: true,
          familyId: row.familyId,
          client,
        }),
      };
    }
    const membership = await findMembership(tx, row.userId, row.companyId);
    if (!membership) throw sessionOver();
    // A single-sign-on session ended by its identity provider answers SSO_USER_LOGOUT.
    const viaSso = await ssoSessions()?.(tx, row.familyId);
    if (!membership.isActive) {
      throw new AppError('UNAUTHORIZED', {
        message: 'This workspace is inactive',
        statusCode: 'INACTIVE_WORKSPACE',
      });
    }
    return {
      reused: undefined,
      tokens: await issueTokens(platform, tx, {
        userId: row.userId,
        companyId: row.companyId,
        userType: membership.userType,
        familyId: row.familyId,
        viaSso,
        client,
      }),
    };
  });
  if (outcome.tokens) return outcome.tokens;
  const reused = outcome.reused!;
  // Committed on its own: the revocation must stand although this call fails.
  await revokeFamily(db, reused.familyId);
  platform.log.warn(
    { userId: reused.userId, familyId: reused.familyId },
    'refresh token reused: session revoked',
  );
  throw sessionOver();
}

/** Sign-out: the refresh token's family can no longer be used. Unknown tokens are ignored. */
export async function revokeRefreshToken(platform: Platform, token: string): Promise<void> {
  const hash = keyedHash(token, platform.config.secrets.jwtSecret);
  const [row] = await platform.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (row) await revokeFamily(platform.database.db, row.familyId);
}

export async function revokeAllSessions(tx: Pick<Db, 'update'>, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends the user's sessions in one company (refresh tokens); access tokens die at the next call.
 * `contactOnly`: only their contact-area sessions (portal access revoked).
 */
export async function revokeCompanySessions(
  tx: Pick<Db, 'update'>,
  userId: string,
  companyId: string,
  options: { contactOnly?: boolean } = {},
): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.companyId, companyId),
        isNull(refreshTokens.revokedAt),
        options.contactOnly ? eq(refreshTokens.isContact, true) : undefined,
      ),
    );
}

/** Ends one session (a refresh-token family, the access tokens' `sid`); its access tokens die at the next check. */
export async function revokeFamily(tx: Pick<Db, 'update'>, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

async function issueTokens(
  platform: Platform,
  tx: Pick<Db, 'insert'>,
  input: {
    userId: string;
    companyId: string;
    userType: string;
    isContact?: boolean;
    viaSso?: boolean;
    familyId: string;
    client: ClientInfo;
  },
): Promise<TTokenPair> {
  const access = await signAccessToken(
    {
      userId: input.userId,
      companyId: input.companyId,
      userType: input.userType,
      sessionId: input.familyId,
      ...(input.isContact ? { isContact: true } : {}),
      ...(input.viaSso ? { viaSso: true } : {}),
    },
    platform.config.secrets.jwtSecret,
  );
  const refresh = randomToken('rt_');
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000);
  await tx.insert(refreshTokens).values({
    familyId: input.familyId,
    userId: input.userId,
    companyId: input.companyId,
    isContact: input.isContact ?? false,
    tokenHash: keyedHash(refresh, platform.config.secrets.jwtSecret),
    expiresAt: refreshExpiresAt,
    ip: input.client.ip,
    userAgent: input.client.userAgent?.slice(0, 300) ?? null,
  });
  return {
    access_token: access.token,
    refresh_token: refresh,
    access_token_expires_at: access.expiresAt.toISOString(),
    refresh_token_expires_at: refreshExpiresAt.toISOString(),
  };
}

/** The user as the client keeps it, in the given workspace (spec 1 §3). */
export async function buildUserDetails(
  db: Pick<Db, 'select'>,
  userId: string,
  companyId: string,
): Promise<TUserDetails> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', { message: 'User not found' });
  const workspaces = await listWorkspaces(db, userId);
  const current = workspaces.find((w) => w.company_id === companyId);
  if (!current) throw new AppError('NOT_FOUND', { message: 'Workspace not found' });
  const membership = await findMembership(db, userId, companyId);
  return {
    _id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    title: user.title,
    phone: user.phone,
    address: user.address,
    company_name: current.company_name,
    signature: user.signatureKey,
    initial: user.initialKey,
    avatar: user.avatarKey,
    is_contact: false,
    user_type: current.user_type,
    activeRole: { role_id: membership?.roleId ?? null, userType_name: current.user_type },
    current_workspace: current,
    workspaces,
    mf2a_enabled: user.mf2aMethod !== null,
  };
}

function sessionOver(): AppError {
  return new AppError('UNAUTHORIZED', { message: 'Your session has ended. Please sign in again.' });
}
