import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import {
  API_TIMEOUT_MS,
  api,
  apiRequest,
  buildUrl,
  expiryToMs,
  isRefreshExempt,
  resetApiClient,
  setAuthDetailsProvider,
  setRefreshHandler,
  setSessionExpiredHandler,
  setSsoLogoutHandler,
} from './api-client';
import { ApiError } from './api-error';
import { emptyPage, pageOrEmpty } from './paged';

type Call = { url: string; init: RequestInit; headers: Record<string, string> };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function installFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init, headers: { ...(init.headers as Record<string, string>) } };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const unauthorised = () => json(401, { success: false, message: 'Token expired' });

beforeEach(() => {
  resetApiClient();
  sessionStore.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStore.clear();
});

describe('request building', () => {
  it('asks the browser to keep a request alive past the page only when its body fits (64 KB)', async () => {
    const { calls } = installFetch(() => json(200, { success: true, data: 1 }));
    await api.post('/documents/d/signature', { values: { note: 'Flat 4B' } }, { keepalive: true });
    await api.post('/documents/d/signature', { values: { sig: 'x'.repeat(70_000) } }, { keepalive: true });
    await api.post('/documents/d/signature', { values: { note: 'Flat 4B' } });
    expect(calls.map((c) => c.init.keepalive)).toEqual([true, false, false]);
  });

  it('sends GET params as a query and other bodies as JSON', async () => {
    const { calls } = installFetch(() => json(200, { success: true, data: 1 }));
    await api.get('/outbox', {
      page: 2,
      limit: 10,
      search: 'a b',
      empty: undefined,
      none: null,
      tags: ['x', 'y'],
      on: true,
    });
    await api.post('/things', { name: 'n' });
    expect(calls[0]?.url).toBe('/api/outbox?page=2&limit=10&search=a+b&tags=x&tags=y&on=true');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[1]?.url).toBe('/api/things');
    expect(calls[1]?.init.method).toBe('POST');
    expect(calls[1]?.init.body).toBe('{"name":"n"}');
    expect(calls[1]?.headers['content-type']).toBe('application/json');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const { calls } = installFetch(() => json(200, { success: true, data: null }));
    const form = new FormData();
    form.append('file', 'x');
    await api.post('/attachments', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('builds addresses under /api, the root, or absolute', () => {
    expect(buildUrl('signin')).toBe('/api/signin');
    expect(buildUrl('/rest/esignature/getFonts', undefined, '')).toBe('/rest/esignature/getFonts');
    expect(buildUrl('/a?x=1', { y: 2 })).toBe('/api/a?x=1&y=2');
    expect(buildUrl('https://cdn.example/f', { a: 1 })).toBe('https://cdn.example/f?a=1');
  });

  it('sends every known auth header', async () => {
    const { calls } = installFetch(() => json(200, { success: true, data: null }));
    sessionStore.setTokens({ access_token: 'tok', refresh_token: 'ref' });
    sessionStore.setAuthDetails({
      user_id: 'u1',
      anonymous_user_id: 'anon',
      password: 'pw',
      document_id: 'd1',
      workflow_data_id: 'w1',
      passcode: '9999',
      approver_company_user_id: 'acu',
      approver_contact_id: 'ac',
      formbuilder_id: 'fb',
    });
    await api.get('/x');
    expect(calls[0]?.headers).toMatchObject({
      authorization: 'Bearer tok',
      userid: 'u1',
      anonymoususerid: 'anon',
      password: 'pw',
      documentid: 'd1',
      workflowdataid: 'w1',
      passcode: '9999',
      approvercompanyuserid: 'acu',
      approvercontactid: 'ac',
      formbuilderid: 'fb',
      usertimezone: String(new Date().getTimezoneOffset()),
    });
  });

  it('leaves unknown headers out and takes details from an injected provider', async () => {
    const { calls } = installFetch(() => json(200, { success: true, data: null }));
    await api.get('/x');
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers.userid).toBeUndefined();
    setAuthDetailsProvider(() => ({ access_token: 'other', passcode: '1', usertimezone: -330 }));
    await api.get('/x', undefined, { headers: { 'x-outbox-key': 'k' } });
    expect(calls[1]?.headers).toMatchObject({
      authorization: 'Bearer other',
      passcode: '1',
      usertimezone: '-330',
      'x-outbox-key': 'k',
    });
  });
});

describe('errors', () => {
  it('maps a 422 to the first message per key', async () => {
    installFetch(() =>
      json(422, {
        success: false,
        message: 'Invalid input',
        errors: {
          details: [
            { key: 'email', message: 'Email is required', path: ['email'] },
            { key: 'email', message: 'Email is invalid', path: ['email'] },
            { key: 'document_users.0.email', message: 'Bad recipient', path: ['document_users', 0, 'email'] },
          ],
        },
      }),
    );
    const error = await api.post('/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.fieldErrors).toEqual({
      email: 'Email is required',
      'document_users.0.email': 'Bad recipient',
    });
    expect(apiError.critical_error).toBeUndefined();
  });

  it('keeps the message of other statuses as critical_error, with both codes', async () => {
    installFetch(() =>
      json(403, {
        success: false,
        message: 'No access',
        error_code: 'FORBIDDEN',
        status_code: 'HOLD_WORKSPACE',
      }),
    );
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.critical_error).toBe('No access');
    expect(error.error_code).toBe('FORBIDDEN');
    expect(error.status_code).toBe('HOLD_WORKSPACE');
    expect(error.fieldErrors).toEqual({});
  });

  it('gives a readable message when the body is not JSON', async () => {
    installFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('The server is not available right now. Please try again in a moment.');
    installFetch(() => new Response('', { status: 500 }));
    expect(((await api.get('/x').catch((e: unknown) => e)) as ApiError).critical_error).toBe(
      'Something went wrong',
    );
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.error_code).toBe('NETWORK_ERROR');
  });

  it('aborts after 100000 ms', async () => {
    vi.useFakeTimers();
    installFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.error_code).toBe('TIMEOUT');
  });

  it("forwards the caller's abort", async () => {
    installFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/slow', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as ApiError).error_code).toBe('ABORTED');
  });
});

describe('token refresh', () => {
  function signIn() {
    sessionStore.setTokens({ access_token: 'old', refresh_token: 'refresh-1' });
  }

  it('runs exactly one refresh for concurrent 401s and replays every call with the new token', async () => {
    signIn();
    const { calls } = installFetch(({ headers, url }) =>
      headers.authorization === 'Bearer new' ? json(200, { success: true, data: url }) : unauthorised(),
    );
    const refresh = vi.fn(async (token: string) => {
      expect(token).toBe('refresh-1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { access_token: 'new', refresh_token: 'refresh-2' };
    });
    setRefreshHandler(refresh);

    const results = await Promise.all([
      api.get<string>('/a'),
      api.get<string>('/b'),
      api.post<string>('/c', { n: 1 }),
    ]);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(calls.filter((c) => c.headers.authorization === 'Bearer old')).toHaveLength(3);
    const replays = calls.filter((c) => c.headers.authorization === 'Bearer new');
    expect(replays.map((c) => c.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(replays.find((c) => c.url === '/api/c')?.init.body).toBe('{"n":1}');
    expect(sessionStore.getState().tokens).toMatchObject({ access_token: 'new', refresh_token: 'refresh-2' });
  });

  it('replays a late 401 with the token an earlier refresh already got', async () => {
    signIn();
    let releaseSlow: () => void = () => {};
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    installFetch(async ({ headers, url }) => {
      if (headers.authorization === 'Bearer new') return json(200, { success: true, data: url });
      if (url === '/api/slow') await slowGate;
      return unauthorised();
    });
    const refresh = vi.fn(async () => ({ access_token: 'new', refresh_token: 'refresh-2' }));
    setRefreshHandler(refresh);
    const slow = api.get<string>('/slow');
    await expect(api.get<string>('/fast')).resolves.toMatchObject({ data: '/api/fast' });
    releaseSlow();
    await expect(slow).resolves.toMatchObject({ data: '/api/slow' });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('rejects every waiting call, clears the session and calls the expired hook once when the refresh fails', async () => {
    signIn();
    installFetch(() => unauthorised());
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new ApiError({ status: 403, message: 'Refresh token reused' });
    });
    const expired = vi.fn();
    setRefreshHandler(refresh);
    setSessionExpiredHandler(expired);

    const outcomes = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as ApiError).status).toBe(401);
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledWith('refresh-failed');
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('ends the session when no refresh handler is plugged in', async () => {
    signIn();
    installFetch(() => unauthorised());
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    await expect(api.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('does not refresh twice when the replay fails again', async () => {
    signIn();
    const { calls } = installFetch(() => unauthorised());
    const refresh = vi.fn(async () => ({ access_token: 'new', refresh_token: 'r2' }));
    setRefreshHandler(refresh);
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it.each([
    '/signin',
    '/employee/signin',
    '/verify/forgot-password',
    '/email/verify',
    '/authorized-representative/verify-password',
    '/revoke-token',
  ])('never refreshes for %s', async (path) => {
    signIn();
    installFetch(() => unauthorised());
    const refresh = vi.fn(async () => ({ access_token: 'new', refresh_token: 'r2' }));
    setRefreshHandler(refresh);
    await expect(api.post(path, {})).rejects.toMatchObject({ status: 401, critical_error: 'Token expired' });
    expect(refresh).not.toHaveBeenCalled();
    expect(sessionStore.getState().tokens?.access_token).toBe('old');
  });

  it('does not refresh a call made without a session (e.g. an operator key)', async () => {
    installFetch(() => unauthorised());
    const refresh = vi.fn();
    const expired = vi.fn();
    setRefreshHandler(refresh);
    setSessionExpiredHandler(expired);
    await expect(api.get('/outbox')).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });

  it('logs out on 401 INACTIVE_WORKSPACE without refreshing', async () => {
    signIn();
    installFetch(() =>
      json(401, { success: false, message: 'Workspace inactive', status_code: 'INACTIVE_WORKSPACE' }),
    );
    const refresh = vi.fn();
    const expired = vi.fn();
    setRefreshHandler(refresh);
    setSessionExpiredHandler(expired);
    await expect(api.get('/a')).rejects.toMatchObject({ status_code: 'INACTIVE_WORKSPACE' });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).toHaveBeenCalledWith('inactive-workspace');
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it.each([{ error_code: 'SSO_USER_LOGOUT' }, { status_code: 'SSO_USER_LOGOUT' }])(
    'calls the SSO logout hook for %j',
    async (codes) => {
      signIn();
      installFetch(() => json(401, { success: false, message: 'Signed out', ...codes }));
      const sso = vi.fn();
      const expired = vi.fn();
      setSsoLogoutHandler(sso);
      setSessionExpiredHandler(expired);
      await expect(api.get('/a')).rejects.toBeInstanceOf(ApiError);
      expect(sso).toHaveBeenCalledWith('sso-logout');
      expect(expired).not.toHaveBeenCalled();
      expect(sessionStore.getState().tokens).toBeNull();
    },
  );

  it('refreshes ahead of the call when the refresh token has 30 s or less left', async () => {
    sessionStore.setTokens({
      access_token: 'old',
      refresh_token: 'refresh-1',
      refresh_token_expires_at: new Date(Date.now() + 20_000).toISOString(),
    });
    const { calls } = installFetch(() => json(200, { success: true, data: null }));
    const refresh = vi.fn(async () => ({ access_token: 'new', refresh_token: 'r2' }));
    setRefreshHandler(refresh);
    await api.get('/a');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe('Bearer new');
  });

  it('ends the session without calling when the refresh token has expired', async () => {
    sessionStore.setTokens({
      access_token: 'old',
      refresh_token: 'r',
      refresh_token_expires_at: Date.now() - 1000,
    });
    const { calls } = installFetch(() => json(200, { success: true, data: null }));
    const expired = vi.fn();
    setRefreshHandler(vi.fn());
    setSessionExpiredHandler(expired);
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, error_code: 'SESSION_EXPIRED' });
    expect(calls).toHaveLength(0);
    expect(expired).toHaveBeenCalledWith('refresh-expired');
  });
});

describe('helpers', () => {
  it('recognises refresh-exempt calls', () => {
    expect(isRefreshExempt('/signin')).toBe(true);
    expect(isRefreshExempt('/signin?x=1')).toBe(true);
    expect(isRefreshExempt('/signin/oauth/providers')).toBe(false);
    expect(isRefreshExempt('/user/profile')).toBe(false);
  });

  it('reads expiries in seconds, milliseconds or ISO', () => {
    expect(expiryToMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(expiryToMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(expiryToMs('1700000000')).toBe(1_700_000_000_000);
    expect(expiryToMs('2024-01-01T00:00:00.000Z')).toBe(Date.UTC(2024, 0, 1));
    expect(expiryToMs('soon')).toBeNull();
    expect(expiryToMs(null)).toBeNull();
  });

  it('turns a failed list fetch into an empty page', async () => {
    expect(emptyPage()).toEqual({ data: [], total: 0, page: 0 });
    installFetch(() => json(500, { success: false, message: 'boom' }));
    const onError = vi.fn();
    const page = await pageOrEmpty(
      async () => (await api.get<{ data: string[]; total: number; page: number }>('/iframe/get')).data,
      onError,
    );
    expect(page).toEqual({ data: [], total: 0, page: 0 });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('answers non-enveloped bodies through apiRequest', async () => {
    installFetch(() => json(200, { fileInfos: [{ id: 1 }] }));
    await expect(
      apiRequest({ method: 'POST', path: '/rest/esignature/files', base: '', body: {} }),
    ).resolves.toEqual({
      fileInfos: [{ id: 1 }],
    });
  });
});
