import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, resetApiClient, setSessionExpiredHandler } from '../../shared/api/api-client';
import { readCache, writeCache } from '../../shared/cache/startup-cache';
import { sessionStore } from '../../shared/session/session-store';
import {
  fail,
  installFakeApi,
  makeSessionReply,
  makeUserDetails,
  makeWorkspace,
  ok,
  seedStaffSession,
} from '../../shared/testing/fake-api';
import {
  connectTokenRefresh,
  signOut,
  startSession,
  switchWorkspace,
  watchSessionOwner,
} from './auth-session';

const rotated = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  access_token_expires_at: '2999-01-01T00:00:00.000Z',
  refresh_token_expires_at: '2999-01-08T00:00:00.000Z',
};

beforeEach(() => {
  resetApiClient();
  sessionStore.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetApiClient();
  sessionStore.clear();
});

describe('token refresh', () => {
  it('rotates the pair with POST /revoke-token on a 401 and replays the call', async () => {
    seedStaffSession();
    connectTokenRefresh();
    const api$ = installFakeApi((call) => {
      if (call.path === '/api/revoke-token') return ok(rotated);
      if (call.path === '/api/things') {
        return call.headers.authorization === 'Bearer access-2' ? ok(['a']) : fail(401, 'Token expired');
      }
      return undefined;
    });

    const answer = await api.get<string[]>('/things');

    expect(answer.data).toEqual(['a']);
    expect(api$.callsTo('/api/revoke-token')).toHaveLength(1);
    expect(api$.callsTo('/api/revoke-token')[0]?.body).toEqual({ token: 'refresh-1' });
    expect(sessionStore.getState().tokens).toEqual(rotated);
    // The user and the rest of the session are untouched.
    expect(sessionStore.getState().user?.email).toBe('ada@example.com');
  });

  it('refreshes before the call when the access token has 30 s or less left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00.000Z'));
    seedStaffSession({
      tokens: {
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        access_token_expires_at: '2030-01-01T12:00:25.000Z',
        refresh_token_expires_at: '2030-01-08T12:00:00.000Z',
      },
    });
    connectTokenRefresh();
    const api$ = installFakeApi((call) => {
      if (call.path === '/api/revoke-token') return ok(rotated);
      return call.path === '/api/things' ? ok([]) : undefined;
    });

    await api.get('/things');

    expect(api$.calls.map((c) => c.path)).toEqual(['/api/revoke-token', '/api/things']);
    expect(api$.calls[1]?.headers.authorization).toBe('Bearer access-2');
  });

  it('ends the session when the refresh token was already used', async () => {
    seedStaffSession();
    connectTokenRefresh();
    const onEnd = vi.fn();
    setSessionExpiredHandler(onEnd);
    installFakeApi((call) => {
      if (call.path === '/api/revoke-token') return fail(401, 'Refresh token reused');
      return call.path === '/api/things' ? fail(401, 'Token expired') : undefined;
    });

    await expect(api.get('/things')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().tokens).toBeNull();
    expect(sessionStore.getState().user).toBeNull();
    expect(onEnd).toHaveBeenCalledWith('refresh-failed');
  });
});

describe('startSession', () => {
  it('replaces the whole previous session and keeps signer details', () => {
    sessionStore.setState({
      tokens: { access_token: 'old', refresh_token: 'old' },
      user: { _id: 'someone-else', first_name: 'Old' },
      user_type: 'MEMBER',
      company: { _id: 'old-co', slug: 'old' },
      auth_details: { passcode: '1234' },
    });
    const reply = makeSessionReply({
      user_details: makeUserDetails({ current_workspace: makeWorkspace({ user_type: 'ADMIN' }) }),
    });
    startSession(reply);
    const state = sessionStore.getState();
    expect(state.tokens?.access_token).toBe('access-1');
    expect(state.user?.first_name).toBe('Ada');
    expect(state.user_type).toBe('ADMIN');
    expect(state.company).toEqual({ _id: 'c1', slug: 'acme' });
    expect(state.auth_details).toEqual({ passcode: '1234' });
  });
});

describe('signOut', () => {
  it('revokes the session, clears it with the cached data and opens /signin', async () => {
    seedStaffSession();
    writeCache('templates', [{ _id: 't1' }]);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['documents'], ['secret']);
    const leaveTo = vi.fn();
    const api$ = installFakeApi((call) => (call.path === '/api/signout' ? ok(null) : undefined));

    await signOut({ queryClient, leaveTo });

    expect(api$.callsTo('/api/signout', 'POST')[0]?.body).toEqual({ token: 'refresh-1' });
    expect(sessionStore.getState().tokens).toBeNull();
    expect(sessionStore.getState().user).toBeNull();
    expect(sessionStore.getState().company).toBeNull();
    expect(queryClient.getQueryData(['documents'])).toBeUndefined();
    expect(readCache('templates')).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith('/signin');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    seedStaffSession();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeApi(() => fail(503, 'Unavailable'));
    const leaveTo = vi.fn();
    await signOut({ leaveTo, to: '/ap/signin' });
    expect(sessionStore.getState().tokens).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith('/ap/signin');
  });
});

describe('switchWorkspace', () => {
  it('asks for a session in the workspace and stores it in place of the old one', async () => {
    seedStaffSession();
    writeCache('templates', [{ _id: 't1' }]);
    const beta = makeWorkspace({ company_id: 'c2', company_name: 'Beta Ltd', company_slug: 'beta' });
    const reply = makeSessionReply({
      ...rotated,
      user_details: makeUserDetails({ current_workspace: beta }),
    });
    const api$ = installFakeApi((call) => (call.path === '/api/switchWorkspace/c2' ? ok(reply) : undefined));

    await switchWorkspace('c2');

    const call = api$.callsTo('/api/switchWorkspace/c2', 'POST')[0];
    expect(call?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(call?.headers.authorization).toBe('Bearer access-1');
    const state = sessionStore.getState();
    expect(state.tokens?.access_token).toBe('access-2');
    expect(state.company).toEqual({ _id: 'c2', slug: 'beta' });
    expect(readCache('templates')).toBeNull();
  });
});

describe('watchSessionOwner', () => {
  it('drops cached data when the session ends, not when tokens rotate', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    seedStaffSession();
    // No garbage collection: only the watcher may drop the data.
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    queryClient.setQueryData(['documents'], ['secret']);
    const stop = watchSessionOwner(queryClient);

    sessionStore.setTokens(rotated);
    vi.runOnlyPendingTimers();
    expect(queryClient.getQueryData(['documents'])).toEqual(['secret']);

    sessionStore.clear();
    vi.runOnlyPendingTimers();
    expect(queryClient.getQueryData(['documents'])).toBeUndefined();
    stop();
  });
});
