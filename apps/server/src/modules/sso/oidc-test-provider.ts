import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests (`oidc-provider`, in memory): accounts are added by
 * the test, the login and consent steps answer at once for the account named by `signIn`.
 */
export type TestAccount = {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

export type TestClient = {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  post_logout_redirect_uri: string;
  backchannel_logout_uri?: string;
  /** Logout tokens carry the provider's `sid` (default true); false: only `sub`. */
  backchannel_logout_session_required?: boolean;
};

export type TestProvider = {
  issuer: string;
  provider: Provider;
  addAccount: (account: TestAccount) => string;
  /** The account the login step signs in next (a browser going through the provider). */
  prepareSignIn: (accountId: string) => void;
  /** Follows `authorizationUrl` through login and consent as `accountId`: the callback's query. */
  signIn: (
    authorizationUrl: string,
    accountId: string,
  ) => Promise<{ code: string; state: string; iss?: string }>;
  /** The provider's own back-channel logout: posts a logout token to the client's URI. */
  logout: (clientId: string, accountId: string, sid?: string) => Promise<void>;
  close: () => Promise<void>;
};

export async function startTestProvider(clients: TestClient[]): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const pendingLogin = { accountId: '' };
  // Keys of its own (without, every provider signs with the same development key).
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      redirect_uris: [c.redirect_uri],
      post_logout_redirect_uris: [c.post_logout_redirect_uri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      ...(c.backchannel_logout_uri
        ? {
            backchannel_logout_uri: c.backchannel_logout_uri,
            backchannel_logout_session_required: c.backchannel_logout_session_required ?? true,
          }
        : {}),
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    cookies: { keys: ['sso-test-provider'] },
    jwks: { keys: [signingKey] },
    // Its guard against private addresses is left out: the API under test listens on 127.0.0.1.
    fetch: (url, options) => {
      const { dispatcher: _guard, ...rest } = options as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, rest);
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  provider.use(async (ctx, next) => {
    if (!/^\/interaction\/[^/]+$/.test(ctx.path)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: Record<string, unknown>;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: pendingLogin.accountId } };
    } else {
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    const redirectTo = await provider.interactionResult(ctx.req, ctx.res, result);
    ctx.status = 303;
    ctx.redirect(redirectTo);
  });
  server.on('request', provider.callback());

  return {
    issuer,
    provider,
    addAccount(account) {
      const id = `acct-${randomUUID()}`;
      accounts.set(id, { email_verified: true, ...account });
      return id;
    },
    prepareSignIn(accountId) {
      pendingLogin.accountId = accountId;
    },
    async signIn(authorizationUrl, accountId) {
      pendingLogin.accountId = accountId;
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
        const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
        const next = new URL(location, url);
        if (next.origin !== issuer) {
          const code = next.searchParams.get('code');
          const state = next.searchParams.get('state');
          const iss = next.searchParams.get('iss');
          if (!code || !state) throw new Error(`provider answered ${next.href}`);
          return { code, state, ...(iss ? { iss } : {}) };
        }
        url = next.href;
      }
      throw new Error('too many redirects at the provider');
    },
    async logout(clientId, accountId, sid) {
      const client = (await provider.Client.find(clientId)) as
        { backchannelLogout: (sub: string, sid: string | undefined) => Promise<unknown> } | undefined;
      if (!client) throw new Error(`no client ${clientId}`);
      await client.backchannelLogout(accountId, sid);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
