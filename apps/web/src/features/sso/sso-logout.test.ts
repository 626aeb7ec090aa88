import { describe, expect, it, vi } from 'vitest';
import { connectSessionHandlers } from '../../app/session-handlers';
import { api } from '../../shared/api/api-client';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rememberSsoLogoutUrl } from './sso-storage';

staffSessionPerTest({ quietDebug: true });

const LOGOUT_URL = 'https://idp.example.com/session/end?client_id=acme&post_logout_redirect_uri=x';

describe('SSO_USER_LOGOUT', () => {
  it("signs out and sends the user to the provider's end-session URL (which returns to /signin)", async () => {
    rememberSsoLogoutUrl(LOGOUT_URL);
    installFakeApi(() =>
      fail(401, 'You were signed out by your identity provider', {
        error_code: 'SSO_USER_LOGOUT',
        status_code: 'SSO_USER_LOGOUT',
      }),
    );
    const navigate = vi.fn();
    const leaveTo = vi.fn();
    connectSessionHandlers(navigate, undefined, leaveTo);
    await expect(api.get('/user/profile')).rejects.toThrow('You were signed out by your identity provider');
    expect(sessionStore.getState().tokens).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith(LOGOUT_URL);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('sso_logout_url')).toBeNull();
  });

  it('goes to /signin when no end-session URL was kept', async () => {
    installFakeApi(() => fail(401, 'Signed out', { error_code: 'SSO_USER_LOGOUT' }));
    const navigate = vi.fn();
    const leaveTo = vi.fn();
    connectSessionHandlers(navigate, undefined, leaveTo);
    await expect(api.get('/user/profile')).rejects.toThrow();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(String(navigate.mock.calls[0]?.[0])).toMatch(/^\/signin/);
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
