import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALLOWED_ORIGINS, type TAllowedOrigin, type TSsoAuthReply } from '@esigns/contracts/embedding';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { registerEmbedFrameAncestors } from '../../platform/http/security-headers';
import { registerEmbeddingHooks } from './hooks';
import { signHostToken } from './host-token';
import { embedAllowedOrigins, embedTokenExchanges } from './schema';

// The embedded mode's server side: allowed host origins, minting a host session token with an API
// key or a client app's credentials, exchanging it for an embedded session (which the account's
// sensitive calls refuse), and the frame-ancestors of /if/{token} pages.

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let acmeKey: { id: string; secret: string };
let globexApp: { id: string; secret: string };

type Caller = { headers: { authorization: string } };
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Caller | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const basic = (pair: { id: string; secret: string }) => ({
  headers: { authorization: `Basic ${Buffer.from(`${pair.id}:${pair.secret}`).toString('base64')}` },
});

async function mint(pair: { id: string; secret: string }, body: object): Promise<TSsoAuthReply> {
  const res = await call('POST', '/embed/sso-auth', basic(pair), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function allow(company: SeededCompany, origin: string): Promise<TAllowedOrigin> {
  const res = await call('POST', '/embed/allowed-origins', company.users.ADMIN, { origin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  // No web build here: the headers of /if/ pages are set before routing, on any answer.
  t = await buildTestApp({ PUBLIC_URL: 'https://sign.example.com' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
  const keys = await call('POST', '/generate-keys', acme.users.OWNER);
  expect(keys.statusCode, keys.body).toBe(200);
  acmeKey = { id: keys.json().data.client_id, secret: keys.json().data.client_secret };
  const app = await call('POST', '/create-client', globex.users.OWNER, {
    name: 'Globex portal',
    redirectUris: ['https://portal.globex.example/callback'],
    scopes: ['documents:read'],
  });
  expect(app.statusCode, app.body).toBe(200);
  globexApp = { id: app.json().data.app.appId, secret: app.json().data.clientSecret };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('allowed host origins', { timeout: 120_000 }, () => {
  it('adds (normalized), lists and removes origins; refuses bad ones, duplicates and more than the maximum', async () => {
    const added = await allow(acme, 'https://Portal.Acme.example:443');
    expect(added.origin).toBe('https://portal.acme.example');
    const local = await allow(acme, 'http://localhost:4321/');
    expect(local.origin).toBe('http://localhost:4321');

    for (const origin of [
      'http://portal.acme.example',
      'https://portal.acme.example/path',
      'https://portal.acme.example?x=1',
      'https://*.acme.example',
      'ftp://acme.example',
      'javascript:alert(1)',
      '',
    ]) {
      const res = await call('POST', '/embed/allowed-origins', acme.users.ADMIN, { origin });
      expect(res.statusCode, origin).toBe(422);
    }
    const duplicate = await call('POST', '/embed/allowed-origins', acme.users.OWNER, {
      origin: 'https://portal.acme.example/',
    });
    expect(duplicate.statusCode).toBe(409);
    const wrongType = await call('POST', '/embed/allowed-origins', acme.users.OWNER, { origin: 42 });
    expect(wrongType.statusCode).toBe(422);

    const listed = await call('GET', '/embed/allowed-origins', acme.users.MANAGER);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as TAllowedOrigin[]).map((o) => o.origin)).toEqual([
      'https://portal.acme.example',
      'http://localhost:4321',
    ]);
    // Another company sees none of them and cannot remove them.
    const other = await call('GET', '/embed/allowed-origins', globex.users.OWNER);
    expect(other.json().data).toEqual([]);
    const foreign = await call('DELETE', `/embed/allowed-origins/${added._id}`, globex.users.OWNER);
    expect(foreign.statusCode).toBe(404);
    const badId = await call('DELETE', '/embed/allowed-origins/not-a-uuid', acme.users.OWNER);
    expect(badId.statusCode).toBe(422);

    const removed = await call('DELETE', `/embed/allowed-origins/${local._id}`, acme.users.OWNER);
    expect(removed.statusCode).toBe(200);
    const after = await call('GET', '/embed/allowed-origins', acme.users.OWNER);
    expect((after.json().data as TAllowedOrigin[]).map((o) => o.origin)).toEqual([
      'https://portal.acme.example',
    ]);
  });

  it('lets only administrators change them, and nobody signed out read them', async () => {
    const member = await call('POST', '/embed/allowed-origins', acme.users.MEMBER, {
      origin: 'https://member.example',
    });
    expect(member.statusCode).toBe(403);
    const anonymous = await call('GET', '/embed/allowed-origins', null);
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_ALLOWED_ORIGINS} origins per company`, async () => {
    const company = await seedCompany(t, { name: 'Initech' });
    await t.platform.database.db.insert(embedAllowedOrigins).values(
      Array.from({ length: MAX_ALLOWED_ORIGINS - 1 }, (_, i) => ({
        companyId: company.companyId,
        origin: `https://host${i}.initech.example`,
      })),
    );
    await allow(company, 'https://last.initech.example');
    const over = await call('POST', '/embed/allowed-origins', company.users.OWNER, {
      origin: 'https://one-more.initech.example',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.details[0].key).toBe('origin');
  }, 120_000);
});

describe('minting a host session token', { timeout: 120_000 }, () => {
  it('mints with the API key for a member of its company, with the frame address', async () => {
    const reply = await mint(acmeKey, {
      email: acme.users.MEMBER.email,
      path: '/entity?x=1',
      ttlSeconds: 60,
    });
    expect(reply.ssoAuth).toMatch(/^ifs_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(reply.url).toBe(`https://sign.example.com/if/${reply.ssoAuth}/entity?x=1`);
    const life = new Date(reply.expiresAt).getTime() - Date.now();
    expect(life).toBeGreaterThan(0);
    expect(life).toBeLessThanOrEqual(60_000);
    const byDefault = await mint(acmeKey, { email: acme.users.OWNER.email.toUpperCase() });
    expect(byDefault.url).toBe(`https://sign.example.com/if/${byDefault.ssoAuth}/documents/all`);
  });

  it('mints with a client app of the company (client credentials)', async () => {
    const reply = await mint(globexApp, { email: globex.users.ADMIN.email });
    expect(reply.ssoAuth.startsWith('ifs_')).toBe(true);
  });

  it("opens no session above the credential's maker: an admin's app cannot mint the owner (403)", async () => {
    const made = await call('POST', '/create-client', acme.users.ADMIN, {
      name: 'Acme intranet',
      redirectUris: ['https://intranet.acme.example/callback'],
      scopes: ['documents:read'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const adminApp = { id: made.json().data.app.appId, secret: made.json().data.clientSecret };
    const owner = await call('POST', '/embed/sso-auth', basic(adminApp), { email: acme.users.OWNER.email });
    expect(owner.statusCode, owner.body).toBe(403);
    expect(owner.json().error_code).toBe('EMBED_CLIENT_RANK');
    // Its maker's own rank and below are fine.
    expect((await mint(adminApp, { email: acme.users.ADMIN.email })).ssoAuth.startsWith('ifs_')).toBe(true);
    expect((await mint(adminApp, { email: acme.users.MEMBER.email })).ssoAuth.startsWith('ifs_')).toBe(true);
  });

  it('refuses bad credentials with 401 EMBED_CLIENT_INVALID', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${acme.users.OWNER.token}` },
      basic({ id: acmeKey.id, secret: 'cs_wrong' }).headers,
      basic({ id: globexApp.id, secret: acmeKey.secret }).headers,
      basic({ id: 'unknown', secret: 'x' }).headers,
      { authorization: 'Basic !!!' },
      { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/embed/sso-auth',
        headers,
        payload: { email: acme.users.OWNER.email },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().error_code).toBe('EMBED_CLIENT_INVALID');
    }
  });

  it("refuses a user of another company, or an unknown email, with 404 (another company's client included)", async () => {
    for (const [pair, email] of [
      [acmeKey, globex.users.OWNER.email],
      [globexApp, acme.users.OWNER.email],
      [acmeKey, 'nobody@example.com'],
    ] as const) {
      const res = await call('POST', '/embed/sso-auth', basic(pair), { email });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 422 for bad input, never 500', async () => {
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: acme.users.OWNER.email, ttlSeconds: 5 },
      { email: acme.users.OWNER.email, ttlSeconds: 601 },
      { email: acme.users.OWNER.email, path: '//evil.example/x' },
      { email: acme.users.OWNER.email, path: 'https://evil.example' },
      { email: acme.users.OWNER.email, path: '/documents/../../x' },
      { email: acme.users.OWNER.email, path: '/a b' },
    ]) {
      const res = await call('POST', '/embed/sso-auth', basic(acmeKey), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('the embedded session', { timeout: 120_000 }, () => {
  it('exchanges a token once for an embedded session of its user; a second exchange is refused', async () => {
    // Another token for the same user in the same second: each is its own (the nonce).
    const tokens = [
      (await mint(acmeKey, { email: acme.users.MANAGER.email })).ssoAuth,
      (await mint(acmeKey, { email: acme.users.MANAGER.email })).ssoAuth,
    ];
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const ssoAuth of tokens) {
      const res = await call('POST', '/embed/session', null, { ssoAuth });
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json().data;
      expect(session.user_details._id).toBe(acme.users.MANAGER.userId);
      expect(session.company).toEqual({ _id: acme.companyId, name: 'Acme Realty' });
      expect(session.allowed_origins).toEqual(['https://portal.acme.example']);
      expect(session).not.toHaveProperty('refresh_token');
      const profile = await call('GET', '/user/profile', {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(profile.statusCode).toBe(200);
      // Single use: the same token again (a replay, or a reload of the frame) opens nothing.
      const again = await call('POST', '/embed/session', null, { ssoAuth });
      expect(again.statusCode).toBe(401);
      expect(again.json().error_code).toBe('EMBED_TOKEN_INVALID');
    }
  });

  it('forgets exchanged tokens once they expire', async () => {
    await t.platform.database.db
      .insert(embedTokenExchanges)
      .values({ tokenId: 'expired-token-mac', expiresAt: new Date(Date.now() - 1000) });
    const { ssoAuth } = await mint(acmeKey, { email: acme.users.MEMBER.email });
    expect((await call('POST', '/embed/session', null, { ssoAuth })).statusCode).toBe(200);
    const left = await t.platform.database.db
      .select()
      .from(embedTokenExchanges)
      .where(eq(embedTokenExchanges.tokenId, 'expired-token-mac'));
    expect(left).toEqual([]);
  });

  it('refuses forged, malformed, foreign and expired tokens with 401 and a closed code', async () => {
    const { ssoAuth } = await mint(acmeKey, { email: acme.users.OWNER.email });
    const [payload, mac] = ssoAuth.slice(4).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, c: globex.companyId })).toString('base64url');
    const otherSecret = signHostToken(
      {
        companyId: acme.companyId,
        userId: acme.users.OWNER.userId,
        expiresAt: new Date(Date.now() + 60_000),
      },
      'not-the-instance-secret-not-the-instance-secret',
    );
    for (const forged of [`ifs_${swapped}.${mac}`, `${ssoAuth}x`, 'ifs_abc', 'garbage', otherSecret]) {
      const res = await call('POST', '/embed/session', null, { ssoAuth: forged });
      expect(res.statusCode, forged).toBe(401);
      expect(res.json().error_code).toBe('EMBED_TOKEN_INVALID');
    }
    const expired = signHostToken(
      { companyId: acme.companyId, userId: acme.users.OWNER.userId, expiresAt: new Date(Date.now() - 1000) },
      t.config.secrets.jwtSecret,
    );
    const res = await call('POST', '/embed/session', null, { ssoAuth: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('EMBED_TOKEN_EXPIRED');
    // A genuine token for a user who is not a member of its company.
    const notMember = signHostToken(
      {
        companyId: acme.companyId,
        userId: globex.users.OWNER.userId,
        expiresAt: new Date(Date.now() + 60_000),
      },
      t.config.secrets.jwtSecret,
    );
    const refused = await call('POST', '/embed/session', null, { ssoAuth: notMember });
    expect(refused.statusCode).toBe(401);
    const bad = await call('POST', '/embed/session', null, { ssoAuth: 7 });
    expect(bad.statusCode).toBe(422);
  });

  it("is refused by the account's sensitive calls, and cannot change allowed origins or mint", async () => {
    const { ssoAuth } = await mint(acmeKey, { email: acme.users.OWNER.email });
    const session = (await call('POST', '/embed/session', null, { ssoAuth })).json().data;
    const embedded = { headers: { authorization: `Bearer ${session.access_token}` } };
    const refused: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['PATCH', '/password/update', { old_password: 'S3cure-pass', new_password: 'N3w-secure-pass!' }],
      ['POST', '/mf2a/totp/setup', {}],
      ['POST', '/mf2a/disable', {}],
      ['GET', '/Get-keys'],
      ['POST', '/regenerate-keys'],
      ['GET', '/fetch-clients'],
      ['GET', '/oauth2/authorized-apps'],
      ['GET', '/embed/allowed-origins'],
      ['POST', '/embed/allowed-origins', { origin: 'https://evil.example' }],
      ['GET', '/webhooks/endpoints'],
      ['POST', `/switchWorkspace/${acme.companyId}`],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, embedded, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error_code).toBe('EMBEDDED_SESSION_REFUSED');
    }
    // Minting needs the company's credentials, never a session.
    const mintWithSession = await call('POST', '/embed/sso-auth', embedded, {
      email: acme.users.OWNER.email,
    });
    expect(mintWithSession.statusCode).toBe(401);
    // The same user's ordinary session is not refused.
    const normal = await call('GET', '/Get-keys', acme.users.OWNER);
    expect(normal.statusCode).toBe(200);
  });
});

describe('frame-ancestors of /if/{token} pages', { timeout: 120_000 }, () => {
  it("lists the token's company's allowed origins; none for other tokens; 'self' elsewhere", async () => {
    const { ssoAuth } = await mint(acmeKey, { email: acme.users.OWNER.email });
    const page = await t.app.inject({ method: 'GET', url: `/if/${ssoAuth}/documents/all` });
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://portal.acme.example');
    expect(page.headers['x-frame-options']).toBeUndefined();

    // An expired genuine token still names its company (its frame says "reload").
    const expired = signHostToken(
      { companyId: acme.companyId, userId: acme.users.OWNER.userId, expiresAt: new Date(Date.now() - 1000) },
      t.config.secrets.jwtSecret,
    );
    const stale = await t.app.inject({ method: 'GET', url: `/if/${expired}/iFrameSignin` });
    expect(stale.headers['content-security-policy']).toContain('frame-ancestors https://portal.acme.example');

    const { ssoAuth: globexToken } = await mint(globexApp, { email: globex.users.OWNER.email });
    for (const url of [
      `/if/${globexToken}/documents/all`,
      '/if/forged-token/entity',
      `/if/${ssoAuth}x/entity`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    await allow(globex, 'https://portal.globex.example');
    const allowed = await t.app.inject({ method: 'GET', url: `/if/${globexToken}/documents/all` });
    expect(allowed.headers['content-security-policy']).toMatch(
      /frame-ancestors https:\/\/portal\.globex\.example$/,
    );
    expect(allowed.headers['content-security-policy']).not.toContain('portal.acme.example');

    const normal = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(normal.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const api = await call('POST', '/embed/session', null, { ssoAuth });
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves the page unframeable when the allowed origins cannot be read (never a 500)', async () => {
    registerEmbedFrameAncestors(() => Promise.reject(new Error('database unavailable')));
    try {
      const { ssoAuth } = await mint(acmeKey, { email: acme.users.OWNER.email });
      const page = await t.app.inject({ method: 'GET', url: `/if/${ssoAuth}/documents/all` });
      expect(page.statusCode).toBeLessThan(500);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    } finally {
      registerEmbeddingHooks(t.platform);
    }
  });
});
