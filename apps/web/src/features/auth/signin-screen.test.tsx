import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { encryptRedirectTarget } from '../../shared/session/redirect-target';
import {
  USER_ID,
  fail,
  installFakeApi,
  invalid,
  makeSessionReply,
  ok,
  shellHandler,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderApp } from '../../test/render-app';
import { submitSignIn } from './auth-test-utils';

function withShell(handler: FakeHandler): FakeHandler {
  return async (call) => (await handler(call)) ?? shellHandler(call);
}

const fillCredentials = (email = 'Ada@Example.com ', password?: string) => submitSignIn(email, password);

staffSessionPerTest({ session: false, quietDebug: true });

describe('SigninScreen', () => {
  it('stores the session and opens the redirect_url target', async () => {
    const reply = makeSessionReply();
    const api = installFakeApi(
      withShell((call) => (call.path === '/api/signin' ? ok({ mf2a: false, ...reply }) : undefined)),
    );
    const router = renderApp(
      `/signin?redirect_url=${await encryptRedirectTarget('/contacts/edit/42?tab=notes')}`,
    );
    await fillCredentials();

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/edit/42'));
    expect(router.state.location.search).toBe('?tab=notes');
    expect(api.callsTo('/api/signin')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass-1',
    });
    const session = sessionStore.getState();
    expect(session.tokens).toEqual({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      access_token_expires_at: reply.access_token_expires_at,
      refresh_token_expires_at: reply.refresh_token_expires_at,
    });
    expect(session.user?._id).toBe(USER_ID);
    expect(session.user_type).toBe('OWNER');
    expect(session.company).toEqual({ _id: 'c1', slug: 'acme' });
    expect(session.login_at).not.toBeNull();
    expect(await screen.findByTestId('staff-layout')).toBeTruthy();
  });

  it('goes to /dashboard when redirect_url is not one this browser encrypted', async () => {
    installFakeApi(
      withShell((call) =>
        call.path === '/api/signin' ? ok({ mf2a: false, ...makeSessionReply() }) : undefined,
      ),
    );
    // The former, merely encoded format (base64url of '/contacts') is refused.
    const router = renderApp('/signin?redirect_url=r1.L2NvbnRhY3Rz');
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('checks the form before calling the server', async () => {
    const api = installFakeApi(() => undefined);
    renderApp('/signin');
    await fillCredentials('not-an-email', '');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('/api/signin')).toHaveLength(0);
  });

  it('shows the account-not-verified state with the email and a resend button', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/signin') {
        return fail(401, 'Please verify your email before signing in', { error_code: 'EMAIL_NOT_VERIFIED' });
      }
      if (call.path === '/api/resend/verify') return ok(null);
      return undefined;
    });
    renderApp('/signin');
    await fillCredentials('new@example.com');

    const state = await screen.findByTestId('account-not-verified');
    expect(within(state).getByTestId('unverified-email').textContent).toBe('new@example.com');
    expect(within(state).getByText('Please verify your email before signing in')).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Enter verification code' }).getAttribute('href')).toBe(
      '/verify?email=new%40example.com',
    );
    fireEvent.click(within(state).getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(api.callsTo('/api/resend/verify')[0]?.body).toEqual({ email: 'new@example.com' }),
    );
    expect(await within(state).findByText(/a new code is on its way/)).toBeTruthy();
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it.each([
    [401, 'Invalid email or password'],
    [429, 'Too many attempts. Try again in 15 minutes.'],
  ])('shows a %i answer in an alert and keeps the visitor signed out', async (status, message) => {
    installFakeApi((call) => (call.path === '/api/signin' ? fail(status, message) : undefined));
    renderApp('/signin');
    await fillCredentials();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(sessionStore.getState().tokens).toBeNull();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('puts 422 messages under their inputs', async () => {
    installFakeApi((call) =>
      call.path === '/api/signin' ? invalid({ email: 'This email is not allowed here' }) : undefined,
    );
    renderApp('/signin');
    await fillCredentials();
    const message = await screen.findByText('This email is not allowed here');
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SigninScreen: second factor', () => {
  const challenge = { mf2a: true, user_id: USER_ID, mf2a_method: 'TOTP' };

  it('asks for the 6-digit code, sends it to /mf2a/verifyOTP and then signs in', async () => {
    const api = installFakeApi(
      withShell((call) => {
        if (call.path === '/api/signin') return ok(challenge);
        if (call.path === '/api/mf2a/verifyOTP') return ok(makeSessionReply());
        return undefined;
      }),
    );
    const router = renderApp('/signin');
    await fillCredentials();

    const step = await screen.findByTestId('second-factor-step');
    expect(within(step).getByText(/authenticator app/)).toBeTruthy();
    expect(sessionStore.getState().tokens).toBeNull();
    // Typing (or pasting) the whole code fills the six boxes and submits it.
    fireEvent.change(within(step).getByLabelText('Verification code, digit 1 of 6'), {
      target: { value: '123456' },
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('/api/mf2a/verifyOTP')[0]?.body).toEqual({ user_id: USER_ID, code: '123456' });
    expect(sessionStore.getState().tokens?.access_token).toBe('access-1');
  });

  it('accepts a recovery code and shows a wrong code in an alert', async () => {
    let attempts = 0;
    const api = installFakeApi(
      withShell((call) => {
        if (call.path === '/api/signin') return ok({ ...challenge, mf2a_method: 'EMAIL' });
        if (call.path === '/api/mf2a/verifyOTP') {
          attempts += 1;
          return attempts === 1 ? fail(401, 'The code is not valid') : ok(makeSessionReply());
        }
        return undefined;
      }),
    );
    const router = renderApp('/signin');
    await fillCredentials();

    const step = await screen.findByTestId('second-factor-step');
    expect(within(step).getByText(/sent a 6-digit code to your email/)).toBeTruthy();
    fireEvent.click(within(step).getByRole('button', { name: 'Use a recovery code' }));
    const input = within(step).getByLabelText('Recovery code');
    fireEvent.change(input, { target: { value: 'abcd-123' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(api.callsTo('/api/mf2a/verifyOTP')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'abcd-1234' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    expect((await within(step).findByRole('alert')).textContent).toContain('The code is not valid');
    expect(api.callsTo('/api/mf2a/verifyOTP')[0]?.body).toEqual({ user_id: USER_ID, code: 'ABCD-1234' });

    fireEvent.change(within(step).getByLabelText('Recovery code'), { target: { value: 'WXYZ-9876' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back to the credentials', async () => {
    installFakeApi((call) => (call.path === '/api/signin' ? ok(challenge) : undefined));
    renderApp('/signin');
    await fillCredentials();
    fireEvent.click(await screen.findByRole('button', { name: /Back to sign in/ }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
