import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TSsoNewUser } from '@esigns/contracts/sso';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, invalid, makeSessionReply, ok } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { guestPerTest } from '../../shared/testing/test-session';
import { SsoSigninScreen } from './sso-signin-screen';
import { SsoSignupScreen } from './sso-signup-screen';
import { rememberSsoNewUser, rememberSsoState, takeSsoLogoutUrl } from './sso-storage';
import { SsoVerifyScreen } from './sso-verify-screen';

guestPerTest();

const LOGOUT_URL = 'https://idp.example.com/session/end?client_id=acme';

const newUser = (overrides: Partial<TSsoNewUser> = {}): TSsoNewUser => ({
  signup_token: 'sso_token-1',
  email: 'nina@acme.test',
  first_name: 'Nina',
  last_name: 'Ng',
  company_name: 'Acme',
  can_sign_up: true,
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  ...overrides,
});

describe('SsoSigninScreen', { timeout: 20_000 }, () => {
  it('starts the sign-in from the work email and sends the browser to the provider', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/sso/start'
        ? ok({ authorization_url: 'https://idp.example.com/auth?state=s-1', state: 's-1' })
        : undefined,
    );
    const leaveTo = vi.fn();
    renderScreenAt(<SsoSigninScreen leaveTo={leaveTo} />, '/sso-signin', '/sso-signin');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Work email' }), {
      target: { value: 'Ada@Acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://idp.example.com/auth?state=s-1'));
    expect(api.callsTo('/api/sso/start')[0]?.body).toEqual({ email: 'ada@acme.test' });
    expect(sessionStorage.getItem('sso_state')).toBe('s-1');
  });

  it("uses the company's sign-in name, and shows the server's refusal", async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/sso/start'
        ? fail(404, 'Single sign-on is not set up for this workspace')
        : undefined,
    );
    const leaveTo = vi.fn();
    renderScreenAt(<SsoSigninScreen leaveTo={leaveTo} />, '/sso-signin', '/sso-signin');
    fireEvent.click(await screen.findByRole('button', { name: /sign-in name instead/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Company sign-in name/ }), {
      target: { value: 'acme-1a2b' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Single sign-on is not set up for this workspace')).toBeTruthy();
    expect(api.callsTo('/api/sso/start')[0]?.body).toEqual({ company_slug: 'acme-1a2b' });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('checks the email before calling', async () => {
    const api = installFakeApi(() => undefined);
    renderScreenAt(<SsoSigninScreen leaveTo={vi.fn()} />, '/sso-signin', '/sso-signin');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Work email' }), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.callsTo('/api/sso/start')).toHaveLength(0);
  });
});

const verifyAt = (query: string) =>
  renderScreenAt(<SsoVerifyScreen />, '/sso-verify', `/sso-verify?${query}`, [
    standIn('/sso-signup', 'signup-page'),
    standIn('*', 'landing'),
  ]);

describe('SsoVerifyScreen', { timeout: 20_000 }, () => {
  it('EXISTED_USER_LOGIN_SUCCESS: posts the code once, stores the session and the logout URL', async () => {
    rememberSsoState('s-1');
    const reply = makeSessionReply();
    const api = installFakeApi((call) =>
      call.path === '/api/sso/token'
        ? ok({ status_code: 'EXISTED_USER_LOGIN_SUCCESS', ...reply, logout_url: LOGOUT_URL })
        : undefined,
    );
    verifyAt('code=c-1&state=s-1&iss=https%3A%2F%2Fidp.example.com');
    expect(await screen.findByTestId('landing')).toBeTruthy();
    expect(api.callsTo('/api/sso/token')).toHaveLength(1);
    expect(api.callsTo('/api/sso/token')[0]?.body).toEqual({
      code: 'c-1',
      state: 's-1',
      iss: 'https://idp.example.com',
    });
    expect(sessionStore.getState().tokens?.access_token).toBe(reply.access_token);
    expect(takeSsoLogoutUrl()).toBe(LOGOUT_URL);
    expect(sessionStorage.getItem('sso_state')).toBeNull();
  });

  it('NEW_USER: keeps the new user and goes on to /sso-signup', async () => {
    rememberSsoState('s-2');
    installFakeApi((call) =>
      call.path === '/api/sso/token' ? ok({ status_code: 'NEW_USER', new_user: newUser() }) : undefined,
    );
    verifyAt('code=c-2&state=s-2');
    expect(await screen.findByTestId('signup-page')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('sso_new_user') ?? '{}')).toMatchObject({
      email: 'nina@acme.test',
    });
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('HOLD_WORKSPACE: says the workspace is on hold, no session', async () => {
    rememberSsoState('s-3');
    installFakeApi((call) =>
      call.path === '/api/sso/token'
        ? fail(403, 'This workspace is on hold. Contact its owner.', { status_code: 'HOLD_WORKSPACE' })
        : undefined,
    );
    verifyAt('code=c-3&state=s-3');
    expect(await screen.findByText('Workspace on hold')).toBeTruthy();
    expect(screen.getByText('This workspace is on hold. Contact its owner.')).toBeTruthy();
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it("refuses a callback whose state this tab did not send, and shows the provider's error", async () => {
    rememberSsoState('mine');
    const api = installFakeApi(() => undefined);
    verifyAt('code=c-4&state=someone-elses');
    expect(await screen.findByText(/not started in this browser tab/)).toBeTruthy();
    expect(api.callsTo('/api/sso/token')).toHaveLength(0);
  });

  it("shows the provider's own refusal", async () => {
    installFakeApi(() => undefined);
    verifyAt('error=access_denied&error_description=The+user+cancelled');
    expect(await screen.findByText('The user cancelled')).toBeTruthy();
  });
});

const signupPage = () =>
  renderScreenAt(<SsoSignupScreen />, '/sso-signup', '/sso-signup', [standIn('*', 'landing')]);

describe('SsoSignupScreen', { timeout: 20_000 }, () => {
  it('completes the profile and signs in', async () => {
    rememberSsoNewUser(newUser());
    const reply = makeSessionReply();
    const api = installFakeApi((call) =>
      call.path === '/api/sso/signup'
        ? ok({ status_code: 'EXISTED_USER_LOGIN_SUCCESS', ...reply, logout_url: null })
        : undefined,
    );
    signupPage();
    const first = (await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement;
    expect(first.value).toBe('Nina');
    fireEvent.change(first, { target: { value: 'Nina K.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByTestId('landing')).toBeTruthy();
    expect(api.callsTo('/api/sso/signup')[0]?.body).toEqual({
      signup_token: 'sso_token-1',
      first_name: 'Nina K.',
      last_name: 'Ng',
    });
    expect(sessionStore.getState().tokens?.access_token).toBe(reply.access_token);
    expect(sessionStorage.getItem('sso_new_user')).toBeNull();
  });

  it('shows field errors of the server under the inputs', async () => {
    rememberSsoNewUser(newUser());
    installFakeApi((call) =>
      call.path === '/api/sso/signup' ? invalid({ last_name: 'Too long' }) : undefined,
    );
    signupPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
  });

  it('tells a new user of a company that creates no accounts to ask an administrator', async () => {
    rememberSsoNewUser(newUser({ can_sign_up: false }));
    const api = installFakeApi(() => undefined);
    signupPage();
    expect(await screen.findByText(/Ask an administrator to add nina@acme.test/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    expect(api.callsTo('/api/sso/signup')).toHaveLength(0);
  });

  it('has nothing to complete without a NEW_USER answer', async () => {
    installFakeApi(() => undefined);
    signupPage();
    expect(await screen.findByTestId('sso-signup-unavailable')).toBeTruthy();
  });
});
