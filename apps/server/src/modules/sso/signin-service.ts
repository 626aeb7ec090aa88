import { and, eq, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { TSsoStartReply, TSsoTokenReply } from '@esigns/contracts/sso';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findAccountByEmail, type ClientInfo } from '../auth';
import { findActiveCompanyBySlug, findCompanyById, findMembership, hasMembership } from '../company';
import { findProvider, ssoUrls } from './config-service';
import { discoverProvider, type Provider, type VerifiedIdentity } from './oidc';
import { ssoLogins, ssoProviders } from './schema';
import { logoutUrl, openSsoSession } from './sessions';
import { newUserOffer } from './signup-service';

const LOGIN_TTL_MINUTES = 10;

/**
 * `/sso-signin`: finds the company's provider by the work email's domain (exactly one company
 * must allow it) or by the company's sign-in name, and starts the authorization code flow with
 * PKCE, state and nonce. The state, nonce and verifier are kept for 10 minutes.
 */
export async function startSsoSignin(
  platform: Platform,
  input: { email?: string | undefined; company_slug?: string | undefined },
): Promise<TSsoStartReply> {
  const db = platform.database.db;
  const companyId = input.email
    ? await companyByEmailDomain(db, input.email)
    : await companyBySlug(db, input.company_slug ?? '');
  const row = await findProvider(db, companyId);
  if (!row?.enabled) throw notSetUp();
  const provider = await discoverProvider(platform, row);

  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values({
    companyId,
    stateHash: stateHashOf(platform, state),
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MINUTES * 60_000),
  });
  const url = client.buildAuthorizationUrl(provider.config, {
    redirect_uri: ssoUrls(platform, companyId).redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(input.email ? { login_hint: input.email } : {}),
  });
  return { authorization_url: url.href, state };
}

/**
 * `POST /sso/token`: spends the sign-in of `state`, exchanges the code at the company's provider,
 * checks the ID token (issuer, audience, nonce, expiry: openid-client) and the verified email, then
 * answers EXISTED_USER_LOGIN_SUCCESS (a session), NEW_USER (the claims kept for `/sso-signup`) or
 * 403 HOLD_WORKSPACE (the workspace is on hold: no session).
 */
export async function exchangeSsoCode(
  platform: Platform,
  input: { code: string; state: string; iss?: string | undefined },
  clientInfo: ClientInfo,
): Promise<TSsoTokenReply> {
  const db = platform.database.db;
  const [login] = await db
    .delete(ssoLogins)
    .where(eq(ssoLogins.stateHash, stateHashOf(platform, input.state)))
    .returning();
  if (!login || login.expiresAt.getTime() <= Date.now()) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This sign-in has expired or was already used. Start again.',
    });
  }
  const row = await findProvider(db, login.companyId);
  if (!row?.enabled) throw notSetUp();
  const provider = await discoverProvider(platform, row);
  const identity = await verifiedIdentity(platform, provider, input, login);

  const company = await findCompanyById(db, login.companyId);
  if (!company) throw notSetUp();
  if (!company.isActive) {
    throw new AppError('FORBIDDEN', {
      message: 'This workspace is on hold. Contact its owner.',
      statusCode: 'HOLD_WORKSPACE',
      errorCode: 'HOLD_WORKSPACE',
    });
  }
  const account = await findAccountByEmail(db, identity.email);
  const member = account ? await findMembership(db, account.id, company.id) : undefined;
  if (account && member) {
    const session = await openSsoSession(platform, {
      userId: account.id,
      companyId: company.id,
      identity,
      client: clientInfo,
    });
    return {
      status_code: 'EXISTED_USER_LOGIN_SUCCESS',
      ...session,
      logout_url: logoutUrl(platform, provider),
    };
  }
  if (account && (await hasMembership(db, company.id, account.id))) {
    throw new AppError('UNAUTHORIZED', { message: 'You no longer belong to this workspace' });
  }
  return {
    status_code: 'NEW_USER',
    new_user: await newUserOffer(platform, { row, companyName: company.name, identity }),
  };
}

async function verifiedIdentity(
  platform: Platform,
  provider: Provider,
  input: { code: string; state: string; iss?: string | undefined },
  login: typeof ssoLogins.$inferSelect,
): Promise<VerifiedIdentity> {
  const callback = new URL(ssoUrls(platform, login.companyId).redirectUri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  if (input.iss) callback.searchParams.set('iss', input.iss);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(provider.config, callback, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: input.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    claims = { ...idToken };
    if (typeof claims.email !== 'string') {
      const info = await client.fetchUserInfo(provider.config, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken };
    }
  } catch (err) {
    platform.log.warn({ err, companyId: login.companyId }, 'sso code exchange refused');
    throw new AppError('UNAUTHORIZED', {
      message: 'Your identity provider did not confirm this sign-in. Start again.',
      cause: err,
    });
  }
  return identityOf(claims, provider.row);
}

function identityOf(claims: Record<string, unknown>, row: Provider['row']): VerifiedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || !email.includes('@')) {
    throw new AppError('UNAUTHORIZED', { message: 'Your identity provider did not give an email address' });
  }
  if (claims.email_verified !== true) {
    throw new AppError('UNAUTHORIZED', {
      message: 'Your identity provider has not verified your email address',
      errorCode: 'EMAIL_NOT_VERIFIED',
    });
  }
  const domain = email.split('@').pop()!;
  if (row.allowedDomains.length > 0 && !row.allowedDomains.includes(domain)) {
    throw new AppError('FORBIDDEN', { message: `Sign-in with ${domain} addresses is not allowed here` });
  }
  const text = (key: string): string =>
    typeof claims[key] === 'string' ? (claims[key] as string).trim() : '';
  return {
    subject: String(claims.sub),
    email,
    firstName: (text('given_name') || text('name').split(' ')[0] || '').slice(0, 100),
    lastName: (text('family_name') || text('name').split(' ').slice(1).join(' ')).slice(0, 100),
    idpSid: text('sid') || null,
  };
}

async function companyByEmailDomain(db: Pick<Db, 'select'>, email: string): Promise<string> {
  const domain = email.split('@').pop() ?? '';
  const rows = await db
    .select({ companyId: ssoProviders.companyId })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.enabled, true), sql`${domain} = any(${ssoProviders.allowedDomains})`))
    .limit(2);
  if (rows.length === 0) throw notSetUp();
  if (rows.length > 1) {
    throw new AppError('CONFLICT', {
      message: 'Several workspaces sign in this email domain: enter your company sign-in name instead',
    });
  }
  return rows[0]!.companyId;
}

async function companyBySlug(db: Pick<Db, 'select'>, slug: string): Promise<string> {
  const company = await findActiveCompanyBySlug(db, slug);
  if (!company) throw notSetUp();
  return company.id;
}

function stateHashOf(platform: Platform, state: string): string {
  return keyedHash(state, platform.config.secrets.jwtSecret);
}

function notSetUp(): AppError {
  return new AppError('NOT_FOUND', {
    message: 'Single sign-on is not set up for this workspace or email domain',
  });
}
