import { eq, lt } from 'drizzle-orm';
import type { TSsoNewUser, TSsoSessionReply } from '@esigns/contracts/sso';
import { keyedHash, randomToken } from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { createAccount, findAccountByEmail, isUniqueViolation, type ClientInfo } from '../auth';
import { findCompanyById, hasMembership, joinCompany } from '../company';
import { findProvider } from './config-service';
import { discoverProvider, type ProviderRow, type VerifiedIdentity } from './oidc';
import { ssoSignups } from './schema';
import { logoutUrl, openSsoSession } from './sessions';

const SIGNUP_TTL_MINUTES = 30;

/** NEW_USER: keeps what the provider vouched for (30 minutes) and answers it with a signup token. */
export async function newUserOffer(
  platform: Platform,
  input: { row: ProviderRow; companyName: string; identity: VerifiedIdentity },
): Promise<TSsoNewUser> {
  const db = platform.database.db;
  const token = randomToken('sso_');
  const expiresAt = new Date(Date.now() + SIGNUP_TTL_MINUTES * 60_000);
  await db.delete(ssoSignups).where(lt(ssoSignups.expiresAt, new Date()));
  await db.insert(ssoSignups).values({
    companyId: input.row.companyId,
    tokenHash: tokenHashOf(platform, token),
    email: input.identity.email,
    firstName: input.identity.firstName,
    lastName: input.identity.lastName,
    subject: input.identity.subject,
    idpSid: input.identity.idpSid,
    expiresAt,
  });
  return {
    signup_token: token,
    email: input.identity.email,
    first_name: input.identity.firstName,
    last_name: input.identity.lastName,
    company_name: input.companyName,
    can_sign_up: input.row.autoCreateUsers,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * `/sso-signup`: completes a NEW_USER's profile and makes them a member of the company with its
 * configured user type, when the company creates users from its provider (else 403). An existing
 * account (of another workspace) joins; otherwise one is created, its email verified (the provider
 * vouched for it) and its password unusable (a password can be set with a reset later).
 */
export async function completeSsoSignup(
  platform: Platform,
  input: { signup_token: string; first_name: string; last_name: string },
  client: ClientInfo,
): Promise<TSsoSessionReply> {
  const db = platform.database.db;
  const [signup] = await db
    .select()
    .from(ssoSignups)
    .where(eq(ssoSignups.tokenHash, tokenHashOf(platform, input.signup_token)))
    .limit(1);
  if (!signup || signup.expiresAt.getTime() <= Date.now()) {
    throw new AppError('GONE', { message: 'This sign-up has expired. Sign in with single sign-on again.' });
  }
  const row = await findProvider(db, signup.companyId);
  const company = await findCompanyById(db, signup.companyId);
  if (!row?.enabled || !company)
    throw new AppError('GONE', { message: 'Single sign-on is no longer set up' });
  if (!company.isActive) {
    throw new AppError('FORBIDDEN', {
      message: 'This workspace is on hold. Contact its owner.',
      statusCode: 'HOLD_WORKSPACE',
      errorCode: 'HOLD_WORKSPACE',
    });
  }
  if (!row.autoCreateUsers) {
    throw new AppError('FORBIDDEN', {
      message: `${company.name} does not create accounts from single sign-on: ask an administrator to add you`,
    });
  }
  const existing = await findAccountByEmail(db, signup.email);
  if (existing && (await hasMembership(db, company.id, existing.id))) {
    // Removed members are not let back in by their provider; active ones sign in instead.
    throw new AppError('CONFLICT', {
      message: 'You already have an account in this workspace: sign in instead',
    });
  }
  const unusablePassword = existing ? undefined : await hashPassword(randomToken());
  const userId = await db
    .transaction(async (tx) => {
      const spent = await tx
        .delete(ssoSignups)
        .where(eq(ssoSignups.id, signup.id))
        .returning({ id: ssoSignups.id });
      if (spent.length === 0) throw new AppError('GONE', { message: 'This sign-up was already completed' });
      const id =
        existing?.id ??
        (await createAccount(tx, {
          email: signup.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash: unusablePassword!,
          emailVerifiedAt: new Date(),
          lastCompanyId: company.id,
        }));
      await joinCompany(tx, { companyId: company.id, userId: id, userType: row.newUserType, roleId: null });
      return id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICT', { message: 'This account was created meanwhile: sign in again' });
      }
      throw err;
    });
  const provider = await discoverProvider(platform, row);
  const session = await openSsoSession(platform, {
    userId,
    companyId: company.id,
    identity: {
      subject: signup.subject,
      email: signup.email,
      firstName: input.first_name,
      lastName: input.last_name,
      idpSid: signup.idpSid,
    },
    client,
  });
  return { status_code: 'EXISTED_USER_LOGIN_SUCCESS', ...session, logout_url: logoutUrl(platform, provider) };
}

function tokenHashOf(platform: Platform, token: string): string {
  return keyedHash(token, platform.config.secrets.jwtSecret);
}
