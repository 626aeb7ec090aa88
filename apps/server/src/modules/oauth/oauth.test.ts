import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { consent, CookieJar, pkcePair, startAuthorization, tokenRequest } from './oauth-flow.test-helpers';
import { oauthProviderModels } from './schema';

let t: TestApp;
let owner: TestSession;
let member: TestSession;
let other: TestSession;
const REDIRECT = 'https://app.example.com/callback';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'OAuth Realty' });
  member = await memberOf(t, owner.companyId, 'MEMBER');
  other = await signUpAndSignIn(t, { company: 'Elsewhere' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: { access_token: string }) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who) });
const post = (url: string, who: { access_token: string }, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who), payload });

async function newApp(scopes: string[] = ['documents:read', 'records:read'], who = owner) {
  const res = await post('/api/create-client', who, {
    name: 'Zapier bridge',
    redirectUris: [REDIRECT],
    scopes,
  });
  expect(res.statusCode).toBe(200);
  const { app, clientSecret } = res.json().data;
  return { appId: app.appId as string, secret: clientSecret as string };
}

/** The whole flow: a code for `user`, exchanged with PKCE; the token answer. */
async function tokensFor(client: { appId: string; secret: string }, user = owner, scope = 'documents:read') {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const { uid } = await startAuthorization(t, jar, {
    clientId: client.appId,
    redirectUri: REDIRECT,
    scope,
    challenge,
    method: 'S256',
  });
  expect(uid).toBeTruthy();
  const back = await consent(t, jar, user, uid!);
  const code = back.searchParams.get('code')!;
  const res = await tokenRequest(t, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  return { res, code, verifier, body: res.json() };
}

describe('client apps', () => {
  it('creates an app, shows its secret once, lists, reads, rotates and deletes it', async () => {
    const created = await post('/api/create-client', owner, {
      name: 'Reporting',
      redirectUris: [REDIRECT, 'http://localhost:8080/cb'],
      scopes: ['documents:read'],
    });
    expect(created.statusCode).toBe(200);
    const { app, clientSecret } = created.json().data;
    expect(clientSecret).toMatch(/^sec_/);
    expect(app.secretLast4).toBe(clientSecret.slice(-4));
    const list = await get('/api/fetch-clients', owner);
    expect(list.json().data.map((a: { appId: string }) => a.appId)).toContain(app.appId);
    expect(JSON.stringify(list.json())).not.toContain(clientSecret);
    const one = await get(`/api/fetch-client/${app.appId}`, owner);
    expect(one.json().data).toMatchObject({ name: 'Reporting', scopes: ['documents:read'] });
    const rotated = await post(`/api/rotate-client-secret/${app.appId}`, owner);
    expect(rotated.json().data.clientSecret).not.toBe(clientSecret);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-client/${app.appId}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/fetch-client/${app.appId}`, owner)).statusCode).toBe(404);
  });

  it('refuses bad input with 422, never 500', async () => {
    for (const body of [
      {},
      { name: '', redirectUris: [REDIRECT], scopes: ['documents:read'] },
      { name: 'x', redirectUris: [], scopes: ['documents:read'] },
      { name: 'x', redirectUris: ['http://evil.example.com/cb'], scopes: ['documents:read'] },
      { name: 'x', redirectUris: ['https://a.example.com/cb#frag'], scopes: ['documents:read'] },
      { name: 'x', redirectUris: ['not a url'], scopes: ['documents:read'] },
      { name: 'x', redirectUris: [REDIRECT], scopes: ['admin:everything'] },
      { name: 'x', redirectUris: [REDIRECT], scopes: [] },
    ]) {
      const res = await post('/api/create-client', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it("answers 404 for another workspace's app on every call", async () => {
    const mine = await newApp();
    expect((await get(`/api/fetch-client/${mine.appId}`, other)).statusCode).toBe(404);
    expect((await post(`/api/rotate-client-secret/${mine.appId}`, other)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-client/${mine.appId}`,
      headers: bearer(other),
    });
    expect(del.statusCode).toBe(404);
    expect((await get('/api/fetch-clients', other)).json().data).toEqual([]);
    expect((await get(`/api/fetch-client/${mine.appId}`, owner)).statusCode).toBe(200);
  });

  it('keeps apps from members without the OAuth permissions, and refuses anonymous callers', async () => {
    expect((await get('/api/fetch-clients', member)).statusCode).toBe(403);
    const res = await post('/api/create-client', member, {
      name: 'x',
      redirectUris: [REDIRECT],
      scopes: ['forms:read'],
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/fetch-clients' })).statusCode).toBe(401);
  });
});

describe('authorization code with PKCE', () => {
  it('issues scoped tokens that the API accepts as the consenting user, within the scopes', async () => {
    const client = await newApp(['documents:read', 'records:read']);
    const { res, body } = await tokensFor(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'documents:read' });
    expect(body.expires_in).toBeLessThanOrEqual(600);
    expect(body.refresh_token).toBeTruthy();
    const docs = await get('/api/documents', body);
    expect(docs.statusCode).toBe(200);
    // records:read was not asked for: refused; so are calls no scope opens.
    expect((await get('/api/entities', body)).statusCode).toBe(403);
    expect((await get('/api/fetch-clients', body)).statusCode).toBe(403);
    expect(
      (
        await post('/api/create-client', body, {
          name: 'x',
          redirectUris: [REDIRECT],
          scopes: ['forms:read'],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses plain PKCE and a missing challenge', async () => {
    const client = await newApp();
    for (const options of [{ challenge: 'a'.repeat(43), method: 'plain' }, {}]) {
      const { res, location, uid } = await startAuthorization(t, new CookieJar(), {
        clientId: client.appId,
        redirectUri: REDIRECT,
        scope: 'documents:read',
        ...options,
      });
      expect(uid).toBeUndefined();
      expect(res.statusCode).toBe(303);
      expect(location.startsWith(REDIRECT)).toBe(true);
      expect(new URL(location).searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a redirect URI that is not exactly a registered one, without redirecting to it', async () => {
    const client = await newApp();
    const { challenge } = pkcePair();
    for (const redirectUri of [`${REDIRECT}/`, `${REDIRECT}?x=1`, 'https://evil.example.com/callback']) {
      const { res, uid } = await startAuthorization(t, new CookieJar(), {
        clientId: client.appId,
        redirectUri,
        scope: 'documents:read',
        challenge,
        method: 'S256',
      });
      expect(uid).toBeUndefined();
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().error).toBe('invalid_redirect_uri');
    }
  });

  it('refuses a wrong code verifier', async () => {
    const client = await newApp();
    const jar = new CookieJar();
    const { challenge } = pkcePair();
    const { uid } = await startAuthorization(t, jar, {
      clientId: client.appId,
      redirectUri: REDIRECT,
      scope: 'documents:read',
      challenge,
      method: 'S256',
    });
    const back = await consent(t, jar, owner, uid!);
    const res = await tokenRequest(t, client, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: pkcePair().verifier,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('uses a code once: the second use fails and revokes the tokens issued from it', async () => {
    const client = await newApp();
    const { code, verifier, body } = await tokensFor(client);
    expect((await get('/api/documents', body)).statusCode).toBe(200);
    const again = await tokenRequest(t, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    expect((await get('/api/documents', body)).statusCode).toBe(401);
    const refresh = await tokenRequest(t, client, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
    });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('rotates refresh tokens; reusing an old one revokes the whole family', async () => {
    const client = await newApp();
    const { body: first } = await tokensFor(client);
    const second = await tokenRequest(t, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await get('/api/documents', next)).statusCode).toBe(200);
    const reuse = await tokenRequest(t, client, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reuse.json().error).toBe('invalid_grant');
    expect((await get('/api/documents', next)).statusCode).toBe(401);
    const newest = await tokenRequest(t, client, {
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
    });
    expect(newest.json().error).toBe('invalid_grant');
  });

  it('revokes an access token: the API refuses it', async () => {
    const client = await newApp();
    const { body } = await tokensFor(client);
    const res = await tokenRequest(t, client, { token: body.access_token }, '/api/oauth2/revoke');
    expect(res.statusCode).toBe(200);
    expect((await get('/api/documents', body)).statusCode).toBe(401);
  });

  it('refuses a wrong client secret, and a deleted app', async () => {
    const client = await newApp();
    const { body } = await tokensFor(client);
    const wrong = await tokenRequest(
      t,
      { ...client, secret: 'sec_wrong' },
      { grant_type: 'refresh_token', refresh_token: body.refresh_token },
    );
    expect(wrong.statusCode).toBe(401);
    // The OAuth error fields, inside the API's error envelope.
    expect(wrong.json()).toMatchObject({
      success: false,
      error: 'invalid_client',
      message: expect.any(String),
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-client/${client.appId}`,
      headers: bearer(owner),
    });
    expect((await get('/api/documents', body)).statusCode).toBe(401);
  });

  it('sends access_denied back when the user refuses', async () => {
    const client = await newApp();
    const jar = new CookieJar();
    const { uid } = await startAuthorization(t, jar, {
      clientId: client.appId,
      redirectUri: REDIRECT,
      scope: 'documents:read',
      challenge: pkcePair().challenge,
      method: 'S256',
    });
    const back = await consent(t, jar, owner, uid!, 'deny');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe("the user's authorized apps", () => {
  it('lists the apps a user allowed, with their scopes; revoking one ends its tokens at once', async () => {
    const client = await newApp(['documents:read', 'records:read']);
    const kept = await newApp(['documents:read']);
    const first = await tokensFor(client, member);
    const second = await tokensFor(client, member, 'records:read');
    const third = await tokensFor(kept, member);
    for (const flow of [first, second, third]) expect(flow.res.statusCode, flow.res.body).toBe(200);

    const listed = await get('/api/oauth2/authorized-apps', member);
    expect(listed.statusCode, listed.body).toBe(200);
    const apps = listed.json().data as { appId: string; scopes: string[]; authorizedAt: string }[];
    expect(apps.map((a) => a.appId).sort()).toEqual([client.appId, kept.appId].sort());
    const entry = apps.find((a) => a.appId === client.appId)!;
    expect(entry.scopes).toEqual(expect.arrayContaining(['documents:read', 'records:read']));
    expect(Number.isNaN(Date.parse(entry.authorizedAt))).toBe(false);
    // Nobody else sees them (the owner authorized other apps of this file's tests).
    for (const who of [owner, other]) {
      const theirs = (await get('/api/oauth2/authorized-apps', who)).json().data as { appId: string }[];
      expect(theirs.map((a) => a.appId)).not.toContain(client.appId);
      expect(theirs.map((a) => a.appId)).not.toContain(kept.appId);
    }

    // Another user cannot revoke it; nor can the app itself with its token.
    const del = (appId: string, who: { access_token: string }) =>
      t.app.inject({ method: 'DELETE', url: `/api/oauth2/authorized-apps/${appId}`, headers: bearer(who) });
    expect((await del(client.appId, other)).statusCode).toBe(404);
    expect((await del(client.appId, first.body)).statusCode).toBe(403);
    expect((await del('no-such-app', member)).statusCode).toBe(404);
    expect((await get('/api/documents', first.body)).statusCode).toBe(200);

    expect((await del(client.appId, member)).statusCode).toBe(200);
    expect((await get('/api/documents', first.body)).statusCode).toBe(401);
    const refreshed = await tokenRequest(t, client, {
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
    });
    expect(refreshed.statusCode).toBe(400);
    // The other app keeps working.
    expect((await get('/api/documents', third.body)).statusCode).toBe(200);
    const after = (await get('/api/oauth2/authorized-apps', member)).json().data as { appId: string }[];
    expect(after.map((a) => a.appId)).toEqual([kept.appId]);
    expect((await del(client.appId, member)).statusCode).toBe(404);
  });

  it('answers only signed-in users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth2/authorized-apps' })).statusCode).toBe(401);
  });
});

describe('consent calls', () => {
  it("shows the app and scopes to a member of the app's workspace, not to others", async () => {
    const client = await newApp(['documents:read', 'forms:read']);
    const jar = new CookieJar();
    const { uid, location } = await startAuthorization(t, jar, {
      clientId: client.appId,
      redirectUri: REDIRECT,
      scope: 'documents:read forms:read records:write',
      challenge: pkcePair().challenge,
      method: 'S256',
    });
    expect(location).toContain('/api/oauth2/signin?uid=');
    const screen = await t.app.inject({ method: 'GET', url: `/api/oauth2/signin?uid=${uid}` });
    expect(screen.statusCode).toBe(303);
    expect(screen.headers.location).toBe(`/signin/oauth?uid=${uid}`);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/oauth2/signin/details?uid=${uid}`,
      headers: { ...bearer(member), cookie: jar.header() },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      app: { appId: client.appId, name: 'Zapier bridge' },
      scopes: ['documents:read', 'forms:read'],
      redirectUri: REDIRECT,
    });
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/signin',
      headers: { ...bearer(other), cookie: jar.header() },
      payload: { uid, decision: 'allow' },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('refuses an answer without the browser that started the request, or with bad input', async () => {
    const client = await newApp();
    const jar = new CookieJar();
    const { uid } = await startAuthorization(t, jar, {
      clientId: client.appId,
      redirectUri: REDIRECT,
      scope: 'documents:read',
      challenge: pkcePair().challenge,
      method: 'S256',
    });
    const noCookie = await post('/api/oauth2/signin', owner, { uid, decision: 'allow' });
    expect(noCookie.statusCode).toBe(410);
    const otherUid = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/signin',
      headers: { ...bearer(owner), cookie: jar.header() },
      payload: { uid: 'not-the-one', decision: 'allow' },
    });
    expect(otherUid.statusCode).toBe(410);
    expect((await post('/api/oauth2/signin', owner, { uid, decision: 'maybe' })).statusCode).toBe(422);
    expect((await post('/api/oauth2/signin', owner, {})).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/oauth2/signin', payload: { uid, decision: 'allow' } }))
        .statusCode,
    ).toBe(401);
    expect((await get('/api/oauth2/signin/details', owner)).statusCode).toBe(422);
  });

  it('generates a PKCE pair whose challenge is the S256 of the verifier', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth2/generate-verifier-token' });
    const { code_verifier, code_challenge, code_challenge_method } = res.json().data;
    expect(code_challenge_method).toBe('S256');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(code_verifier).digest('base64url')).toBe(code_challenge);
  });

  it('publishes discovery metadata', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth2/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const meta = res.json();
    expect(meta.issuer).toBe('http://localhost:3000/api/oauth2');
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(new URL(meta.token_endpoint).pathname).toBe('/api/oauth2/token');
    expect(new URL(meta.revocation_endpoint).pathname).toBe('/api/oauth2/revoke');
  });
});

describe('provider storage', () => {
  it('marks a code used once: a second consume (a race past the check) revokes its grant and fails', async () => {
    const { providerAdapter } = await import('./provider-adapter');
    const Adapter = providerAdapter(t.platform.database.db, () => new Error('already used'));
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('AccessToken');
    await codes.upsert('code-1', { grantId: 'grant-1', clientId: 'app_x' }, 60);
    await tokens.upsert('token-1', { grantId: 'grant-1', clientId: 'app_x' }, 60);
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBeTruthy();
    expect(await tokens.find('token-1')).toBeDefined();
    await expect(codes.consume('code-1')).rejects.toThrow('already used');
    expect(await tokens.find('token-1')).toBeUndefined();
    expect(await codes.find('code-1')).toBeUndefined();
  });
});

describe('pruning', () => {
  it('drops expired provider rows and keeps live ones', async () => {
    const { providerAdapter } = await import('./provider-adapter');
    const { pruneExpired } = await import('./jobs');
    const Adapter = providerAdapter(t.platform.database.db, () => new Error('already used'));
    const sessions = new Adapter('Session');
    await sessions.upsert('old', { uid: 'old-uid' }, -60);
    await sessions.upsert('live', { uid: 'live-uid' }, 600);
    await pruneExpired(t.platform.database.db);
    const ids = await t.platform.database.db
      .select({ id: oauthProviderModels.id })
      .from(oauthProviderModels)
      .where(and(eq(oauthProviderModels.kind, 'Session'), inArray(oauthProviderModels.id, ['old', 'live'])));
    expect(ids.map((row) => row.id)).toEqual(['live']);
  });
});

describe('OpenAPI', () => {
  it('documents the client app calls and the provider endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    for (const [path, method] of [
      ['/api/fetch-clients', 'get'],
      ['/api/fetch-client/{appId}', 'get'],
      ['/api/create-client', 'post'],
      ['/api/rotate-client-secret/{appId}', 'post'],
      ['/api/delete-client/{appId}', 'delete'],
      ['/api/oauth2/authorize', 'get'],
      ['/api/oauth2/token', 'post'],
      ['/api/oauth2/revoke', 'post'],
      ['/api/oauth2/signin', 'post'],
      ['/api/oauth2/generate-verifier-token', 'get'],
      ['/api/oauth2/authorized-apps', 'get'],
      ['/api/oauth2/authorized-apps/{appId}', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
