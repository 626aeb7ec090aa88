import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  createEmptySession,
  isContactSession,
  isSignedIn,
  parseStoredSession,
  sessionStore,
  userTypeOf,
  workspaceIdOf,
} from './session-store';

afterEach(() => {
  sessionStore.clear();
  localStorage.clear();
});

describe('session store', () => {
  it('starts empty and signed out', () => {
    expect(sessionStore.getState()).toEqual(createEmptySession());
    expect(isSignedIn(sessionStore.getState())).toBe(false);
  });

  it('persists to localStorage and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.setTokens({ access_token: 'a', refresh_token: 'r' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').tokens.access_token).toBe('a');
    unsubscribe();
    sessionStore.setState({ user_type: 'ADMIN' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reloads what was persisted', () => {
    sessionStore.setState({
      user: { _id: 'u1', is_contact: true },
      tokens: { access_token: 't', refresh_token: 'r' },
    });
    sessionStore.reload();
    const state = sessionStore.getState();
    expect(state.user?._id).toBe('u1');
    expect(isContactSession(state)).toBe(true);
  });

  it('clear removes the stored session', () => {
    sessionStore.setTokens({ access_token: 'a', refresh_token: 'r' });
    sessionStore.clear();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(isSignedIn(sessionStore.getState())).toBe(false);
  });

  it('merges auth details', () => {
    sessionStore.setAuthDetails({ passcode: '1234' });
    sessionStore.setAuthDetails({ user_id: 'u' });
    expect(sessionStore.getState().auth_details).toEqual({ passcode: '1234', user_id: 'u' });
  });

  it.each(['', 'not json', '[]', '42', '{"tokens":{"access_token":5},"user_type":"KING"}'])(
    'tolerates a corrupt stored value %j',
    (raw) => {
      expect(parseStoredSession(raw)).toEqual(createEmptySession());
    },
  );

  it('derives user type and workspace from the user record', () => {
    const state = {
      ...createEmptySession(),
      user: { _id: 'u', user_type: { name: 'MANAGER' }, current_workspace: { company_id: 'c1' } },
    };
    expect(userTypeOf(state)).toBe('MANAGER');
    expect(workspaceIdOf(state)).toBe('c1');
    expect(userTypeOf({ ...state, user: { _id: 'u', activeRole: { userType_name: 'OWNER' } } })).toBe(
      'OWNER',
    );
    expect(userTypeOf({ ...state, user_type: 'ADMIN' })).toBe('ADMIN');
  });
});
