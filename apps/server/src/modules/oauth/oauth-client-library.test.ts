import { createServer } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { CookieJar } from './oauth-flow.test-helpers';

/*
 * The whole code + PKCE flow driven by a real OAuth client library (openid-client) against the
 * app listening on a port: discovery, authorization URL, the browser's consent, code exchange,
 * an API call with the token, refresh, revocation.
 */
let t: TestApp;
let owner: TestSession;
let origin: string;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ PUBLIC_URL: origin });
  await t.app.listen({ host: '127.0.0.1', port });
  owner = await signUpAndSignIn(t, { company: 'Library Flow' });
});
afterAll(async () => {
  await t.close();
});

it('runs discovery, code + PKCE, an API call, refresh and revocation with openid-client', async () => {
  const created = await fetch(`${origin}/api/create-client`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Library app', redirectUris: [REDIRECT], scopes: ['documents:read'] }),
  });
  const { app, clientSecret } = (
    (await created.json()) as { data: { app: { appId: string }; clientSecret: string } }
  ).data;

  const config = await client.discovery(
    new URL(`${origin}/api/oauth2`),
    app.appId,
    undefined,
    client.ClientSecretBasic(clientSecret),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizeUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid documents:read',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });

  // The browser: the authorization endpoint, the consent answer, back to the endpoint.
  const jar = new CookieJar();
  const browse = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res.headers.getSetCookie());
    return res;
  };
  const toConsent = await browse(authorizeUrl.href);
  const uid = new URL(toConsent.headers.get('location')!, origin).searchParams.get('uid')!;
  const answer = await browse(`${origin}/api/oauth2/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid, decision: 'allow' }),
  });
  const back = await browse(((await answer.json()) as { data: { redirectTo: string } }).data.redirectTo);
  const callback = new URL(back.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(REDIRECT);

  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  expect(tokens.claims()?.sub).toBe(owner.userId);
  expect(tokens.scope).toBe('documents:read');

  const documents = await fetch(`${origin}/api/documents`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(documents.status).toBe(200);

  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  await client.tokenRevocation(config, refreshed.access_token);
  const afterRevocation = await fetch(`${origin}/api/documents`, {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  expect(afterRevocation.status).toBe(401);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
