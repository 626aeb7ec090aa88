import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSsoStartReply, TSsoTokenReply } from '@esigns/contracts/sso';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { companies } from '../company/schema';
import { startTestProvider, type TestProvider } from './oidc-test-provider';
import { ssoLogins, ssoSessions } from './schema';

const REDIRECT = 'http://localhost:3000/sso-verify';
const AFTER_LOGOUT = 'http://localhost:3000/signin';

let t: TestApp;
let base: string;
let acme: SeededCompany;
let other: SeededCompany;
let idpA: TestProvider;
let idpB: TestProvider;

const logoutUri = (companyId: string) => `${base}/api/sso/backchannel-logout/${companyId}`;

beforeAll(async () => {
  t = await buildTestApp();
  // The providers post logout tokens to the API over HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedCompany(t, { name: 'Acme SSO' });
  other = await seedCompany(t, { name: 'Other SSO' });
  idpA = await startTestProvider([
    {
      client_id: 'acme-app',
      client_secret: 'acme-secret-0123456789',
      redirect_uri: REDIRECT,
      post_logout_redirect_uri: AFTER_LOGOUT,
      backchannel_logout_uri: logoutUri(acme.companyId),
    },
  ]);
  idpB = await startTestProvider([
    {
      client_id: 'other-app',
      client_secret: 'other-secret-0123456789',
      redirect_uri: REDIRECT,
      post_logout_redirect_uri: AFTER_LOGOUT,
      backchannel_logout_uri: logoutUri(other.companyId),
    },
    {
      // A client of another company's provider aimed at Acme's logout endpoint.
      client_id: 'rogue-app',
      client_secret: 'rogue-secret-0123456789',
      redirect_uri: REDIRECT,
      post_logout_redirect_uri: AFTER_LOGOUT,
      backchannel_logout_uri: logoutUri(acme.companyId),
    },
  ]);
  await configure(acme.users.OWNER, {
    issuer: idpA.issuer,
    client_id: 'acme-app',
    client_secret: 'acme-secret-0123456789',
    allowed_domains: ['example.com'],
  }).then((r) => expect(r.statusCode, r.body).toBe(200));
  await configure(other.users.ADMIN, {
    issuer: idpB.issuer,
    client_id: 'other-app',
    client_secret: 'other-secret-0123456789',
    allowed_domains: ['other.test'],
    auto_create_users: true,
    new_user_type: 'MANAGER',
  }).then((r) => expect(r.statusCode, r.body).toBe(200));
});

afterAll(async () => {
  await t?.close();
  await idpA?.close();
  await idpB?.close();
});

let callers = 0;
/** Each call from its own address: the SSO routes are limited per client. */
function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  who?: { authorization: string },
) {
  callers += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor(callers / 250)}.${callers % 250}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(who ? { headers: who } : {}),
  });
}

function configure(user: SeededUser, body: Record<string, unknown>) {
  return call('PUT', '/api/sso/config', body, user.headers);
}

async function start(body: Record<string, unknown>): Promise<TSsoStartReply> {
  const res = await call('POST', '/api/sso/start', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The whole browser round: start, sign in at the provider, post the code back. */
async function ssoSignIn(idp: TestProvider, accountId: string, startBody: Record<string, unknown>) {
  const started = await start(startBody);
  const callback = await idp.signIn(started.authorization_url, accountId);
  expect(callback.state).toBe(started.state);
  return call('POST', '/api/sso/token', callback);
}

async function slugOf(companyId: string): Promise<string> {
  const [row] = await t.platform.database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.slug;
}

it('documents every SSO call at /api/docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
  for (const [path, method] of [
    ['/api/sso/config', 'get'],
    ['/api/sso/config', 'put'],
    ['/api/sso/start', 'post'],
    ['/api/sso/token', 'post'],
    ['/api/sso/signup', 'post'],
    ['/api/sso/backchannel-logout/{companyId}', 'post'],
  ] as const) {
    expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  }
});

describe('provider settings', () => {
  it('shows the settings without the secret, to OWNER and ADMIN only', async () => {
    const res = await call('GET', '/api/sso/config', undefined, acme.users.ADMIN.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      configured: true,
      enabled: true,
      issuer: idpA.issuer,
      client_id: 'acme-app',
      has_client_secret: true,
      allowed_domains: ['example.com'],
      redirect_uri: REDIRECT,
      backchannel_logout_uri: `http://localhost:3000/api/sso/backchannel-logout/${acme.companyId}`,
    });
    expect(res.body).not.toContain('acme-secret');
    for (const who of [acme.users.MANAGER, acme.users.MEMBER]) {
      expect((await call('GET', '/api/sso/config', undefined, who.headers)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/sso/config')).statusCode).toBe(401);
  });

  it("keeps each company's settings apart", async () => {
    const res = await call('GET', '/api/sso/config', undefined, other.users.OWNER.headers);
    expect(res.json().data).toMatchObject({ issuer: idpB.issuer, client_id: 'other-app' });
  });

  it('refuses bad settings with 422, never 500', async () => {
    const owner = acme.users.OWNER;
    const cases: Record<string, unknown>[] = [
      {},
      { issuer: 'not a url', client_id: 'x' },
      { issuer: idpA.issuer, client_id: '' },
      { issuer: idpA.issuer, client_id: 'x', allowed_domains: ['not a domain'] },
      { issuer: idpA.issuer, client_id: 'x', new_user_type: 'OWNER' },
      { issuer: 'http://idp.example.org', client_id: 'x' },
      // Nothing answers there: the discovery fails.
      { issuer: 'http://127.0.0.1:1/realms/none', client_id: 'x', client_secret: 'y' },
    ];
    for (const body of cases) {
      const res = await configure(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    // Another client id without the secret again: the stored secret is not carried over.
    const changed = await configure(owner, { issuer: idpA.issuer, client_id: 'other-client' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.details[0].key).toBe('client_secret');
    // Unchanged issuer and client: the stored secret is kept.
    const kept = await configure(owner, {
      issuer: idpA.issuer,
      client_id: 'acme-app',
      allowed_domains: ['example.com'],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.has_client_secret).toBe(true);
  });
});

describe('sign-in outcomes', () => {
  it('EXISTED_USER_LOGIN_SUCCESS: a member found by verified email gets a session', async () => {
    const member = acme.users.MEMBER;
    const accountId = idpA.addAccount({ email: member.email, given_name: 'Mem', family_name: 'Ber' });
    const started = await start({ email: member.email });
    expect(started.authorization_url.startsWith(`${idpA.issuer}/`)).toBe(true);
    const url = new URL(started.authorization_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const res = await call('POST', '/api/sso/token', await idpA.signIn(started.authorization_url, accountId));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Extract<TSsoTokenReply, { status_code: 'EXISTED_USER_LOGIN_SUCCESS' }>;
    expect(data.status_code).toBe('EXISTED_USER_LOGIN_SUCCESS');
    expect(data.user_details.email).toBe(member.email);
    expect(data.user_details.current_workspace.company_id).toBe(acme.companyId);
    expect(data.logout_url).toContain(`${idpA.issuer}/session/end`);
    expect(new URL(data.logout_url!).searchParams.get('post_logout_redirect_uri')).toBe(AFTER_LOGOUT);

    const profile = await call('GET', '/api/user/profile', undefined, {
      authorization: `Bearer ${data.access_token}`,
    });
    expect(profile.statusCode).toBe(200);
    // A refresh keeps the session (and its SSO check).
    const rotated = await call('POST', '/api/revoke-token', { token: data.refresh_token });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const again = await call('GET', '/api/user/profile', undefined, {
      authorization: `Bearer ${rotated.json().data.access_token}`,
    });
    expect(again.statusCode).toBe(200);
  });

  it('NEW_USER: the claims are kept; a company that creates no users refuses the sign-up', async () => {
    const accountId = idpA.addAccount({
      email: 'newcomer@example.com',
      given_name: 'New',
      family_name: 'Comer',
    });
    const res = await ssoSignIn(idpA, accountId, { email: 'newcomer@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status_code: 'NEW_USER',
      new_user: {
        email: 'newcomer@example.com',
        first_name: 'New',
        last_name: 'Comer',
        company_name: 'Acme SSO',
        can_sign_up: false,
      },
    });
    const signup = await call('POST', '/api/sso/signup', {
      signup_token: data.new_user.signup_token,
      first_name: 'New',
      last_name: 'Comer',
    });
    expect(signup.statusCode).toBe(403);
  });

  it('NEW_USER then /sso-signup creates the member with the configured user type', async () => {
    const accountId = idpB.addAccount({ email: 'nina@other.test', given_name: 'Nina', family_name: 'Ng' });
    const res = await ssoSignIn(idpB, accountId, { email: 'nina@other.test' });
    expect(res.json().data).toMatchObject({ status_code: 'NEW_USER', new_user: { can_sign_up: true } });
    const token = res.json().data.new_user.signup_token as string;
    const bad = await call('POST', '/api/sso/signup', {
      signup_token: token,
      first_name: '',
      last_name: 'Ng',
    });
    expect(bad.statusCode).toBe(422);
    const signup = await call('POST', '/api/sso/signup', {
      signup_token: token,
      first_name: 'Nina',
      last_name: 'Ng',
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json().data).toMatchObject({
      status_code: 'EXISTED_USER_LOGIN_SUCCESS',
      user_details: { email: 'nina@other.test', first_name: 'Nina', user_type: 'MANAGER' },
    });
    expect(
      (await call('POST', '/api/sso/signup', { signup_token: token, first_name: 'N', last_name: 'N' }))
        .statusCode,
    ).toBe(410);
    // Next time the same person is a member: a session at once.
    const next = await ssoSignIn(idpB, accountId, { company_slug: await slugOf(other.companyId) });
    expect(next.json().data.status_code).toBe('EXISTED_USER_LOGIN_SUCCESS');
  });

  it('HOLD_WORKSPACE: a workspace on hold opens no session', async () => {
    const accountId = idpA.addAccount({ email: acme.users.MANAGER.email });
    const db = t.platform.database.db;
    await db.update(companies).set({ isActive: false }).where(eq(companies.id, acme.companyId));
    try {
      const res = await ssoSignIn(idpA, accountId, { email: acme.users.MANAGER.email });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ status_code: 'HOLD_WORKSPACE' });
      expect(res.body).not.toContain('access_token');
    } finally {
      await db.update(companies).set({ isActive: true }).where(eq(companies.id, acme.companyId));
    }
  });

  it('refuses an email the provider has not verified, and a domain the company does not allow', async () => {
    const unverified = idpA.addAccount({ email: acme.users.ADMIN.email, email_verified: false });
    const res = await ssoSignIn(idpA, unverified, { email: acme.users.ADMIN.email });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('EMAIL_NOT_VERIFIED');

    const outsider = idpA.addAccount({ email: 'eve@evil.test' });
    const other = await ssoSignIn(idpA, outsider, { company_slug: await slugOf(acme.companyId) });
    expect(other.statusCode).toBe(403);
  });
});

describe('bad input and other companies', () => {
  it('answers bad requests without a 500', async () => {
    const cases: [string, unknown, number][] = [
      ['/api/sso/start', {}, 422],
      ['/api/sso/start', { email: 'a@example.com', company_slug: 'acme' }, 422],
      ['/api/sso/start', { email: 'not-an-email' }, 422],
      ['/api/sso/start', { email: 'someone@unknown-domain.test' }, 404],
      ['/api/sso/start', { company_slug: 'no-such-company' }, 404],
      ['/api/sso/token', {}, 422],
      ['/api/sso/token', { code: 'x', state: 'never-issued' }, 401],
      ['/api/sso/signup', { signup_token: 'nope', first_name: 'A', last_name: 'B' }, 410],
    ];
    for (const [url, body, status] of cases) {
      const res = await call('POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
  });

  it('refuses a forged code, a spent state and a changed nonce', async () => {
    const accountId = idpA.addAccount({ email: acme.users.OWNER.email });
    const started = await start({ email: acme.users.OWNER.email });
    const forged = await call('POST', '/api/sso/token', {
      code: 'forged-code',
      state: started.state,
      iss: idpA.issuer,
    });
    expect(forged.statusCode).toBe(401);
    // The state was spent by that attempt.
    const callback = await idpA.signIn(started.authorization_url, accountId);
    expect((await call('POST', '/api/sso/token', callback)).statusCode).toBe(401);

    const second = await start({ email: acme.users.OWNER.email });
    await t.platform.database.db.update(ssoLogins).set({ nonce: 'not-the-nonce-sent' });
    const replayed = await call(
      'POST',
      '/api/sso/token',
      await idpA.signIn(second.authorization_url, accountId),
    );
    expect(replayed.statusCode).toBe(401);
  });

  it("refuses a code of another company's provider", async () => {
    const atB = idpB.addAccount({ email: acme.users.OWNER.email });
    const startedA = await start({ email: acme.users.OWNER.email });
    const startedB = await start({ company_slug: await slugOf(other.companyId) });
    const fromB = await idpB.signIn(startedB.authorization_url, atB);
    const res = await call('POST', '/api/sso/token', {
      code: fromB.code,
      state: startedA.state,
      iss: fromB.iss,
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('access_token');
  });
});

describe('back-channel logout', () => {
  it('ends the session at the next call with SSO_USER_LOGOUT', async () => {
    const member = await signInMember(acme.users.ADMIN.email);
    const headers = { authorization: `Bearer ${member.access_token}` };
    expect((await call('GET', '/api/user/profile', undefined, headers)).statusCode).toBe(200);

    // A logout token of another company's provider is refused; the session stands.
    await expect(idpB.logout('rogue-app', member.accountId, member.sid)).rejects.toThrow(/400/);
    expect((await call('GET', '/api/user/profile', undefined, headers)).statusCode).toBe(200);
    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/sso/backchannel-logout/${acme.companyId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logout_token=not.a.jwt',
    });
    expect(garbage.statusCode).toBe(400);
    const nowhere = await t.app.inject({
      method: 'POST',
      url: '/api/sso/backchannel-logout/not-a-company',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logout_token=x',
    });
    expect(nowhere.statusCode).toBe(404);

    await idpA.logout('acme-app', member.accountId, member.sid);
    const after = await call('GET', '/api/user/profile', undefined, headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error_code: 'SSO_USER_LOGOUT', status_code: 'SSO_USER_LOGOUT' });
    expect((await call('POST', '/api/revoke-token', { token: member.refresh_token })).statusCode).toBe(401);
  });
});

async function signInMember(email: string) {
  const accountId = idpA.addAccount({ email });
  const res = await ssoSignIn(idpA, accountId, { email });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const [session] = await t.platform.database.db
    .select({ sid: ssoSessions.idpSid, subject: ssoSessions.subject })
    .from(ssoSessions)
    .where(eq(ssoSessions.userId, data.user_details._id))
    .orderBy(ssoSessions.createdAt);
  expect(session?.subject).toBe(accountId);
  expect(session?.sid).toBeTruthy();
  return { ...data, accountId, sid: session!.sid! } as {
    access_token: string;
    refresh_token: string;
    accountId: string;
    sid: string;
  };
}
