import { createHash, randomBytes } from 'node:crypto';
import type { TestSession } from '../../../test/accounts';
import type { TestApp } from '../../../test/test-app';

/** A browser's cookies for the OAuth endpoints (names are unique, so paths are ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export type AuthorizeOptions = {
  clientId: string;
  redirectUri: string;
  scope?: string;
  challenge?: string;
  method?: string;
  state?: string;
};

export function authorizeQuery(options: AuthorizeOptions): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state: options.state ?? 'st-1',
  });
  if (options.scope) query.set('scope', options.scope);
  if (options.challenge) query.set('code_challenge', options.challenge);
  if (options.method) query.set('code_challenge_method', options.method);
  return `/api/oauth2/authorize?${query}`;
}

/** Opens the authorization request like a browser: the uid of the consent screen, or the provider's answer. */
export async function startAuthorization(t: TestApp, jar: CookieJar, options: AuthorizeOptions) {
  const res = await t.app.inject({
    method: 'GET',
    url: authorizeQuery(options),
    headers: { cookie: jar.header() },
  });
  jar.take(res.headers['set-cookie']);
  const location = String(res.headers.location ?? '');
  const uid = /\/api\/oauth2\/signin\?uid=([^&]+)/.exec(location)?.[1];
  return { res, location, uid };
}

/** The user's answer on the consent screen, then the browser following the redirect back: the app's redirect URL. */
export async function consent(
  t: TestApp,
  jar: CookieJar,
  user: TestSession,
  uid: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/oauth2/signin',
    headers: { authorization: `Bearer ${user.access_token}`, cookie: jar.header() },
    payload: { uid, decision },
  });
  if (answer.statusCode !== 200) throw new Error(`consent answered ${answer.statusCode}: ${answer.body}`);
  jar.take(answer.headers['set-cookie']);
  const resume = new URL(answer.json().data.redirectTo);
  const res = await t.app.inject({
    method: 'GET',
    url: resume.pathname + resume.search,
    headers: { cookie: jar.header() },
  });
  jar.take(res.headers['set-cookie']);
  if (!res.headers.location) throw new Error(`resume answered ${res.statusCode}: ${res.body}`);
  return new URL(String(res.headers.location), 'http://localhost:3000');
}

export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export async function tokenRequest(
  t: TestApp,
  client: { appId: string; secret: string },
  form: Record<string, string>,
  path = '/api/oauth2/token',
) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      authorization: basicAuth(client.appId, client.secret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
}
