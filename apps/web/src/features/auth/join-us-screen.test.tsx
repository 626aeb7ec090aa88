import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { typeInto } from '../../shared/testing/user-input';
import { renderApp } from '../../test/render-app';

/** `GET /checkUser/{email}` answers `reply`; other calls go to `more`. */
function checkUserApi(reply: Response, more: FakeHandler = () => undefined) {
  return installFakeApi((call) => (call.path.startsWith('/api/checkUser/') ? reply : more(call)));
}

async function join(email: string) {
  await screen.findByRole('heading', { name: /^Join / });
  typeInto(/^Email/, email);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

staffSessionPerTest({ session: false });

describe('JoinUsScreen (/join-us)', () => {
  it('sends a new email on to /create-profile', async () => {
    const api = checkUserApi(ok({ exists: false, is_verified: false }));
    const router = renderApp('/join-us');
    await join(' New@Example.com ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-profile'));
    expect(router.state.location.search).toBe('?email=new%40example.com');
    expect(api.callsTo('/api/checkUser/new%40example.com')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Create your profile' })).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('new@example.com');
  });

  it('sends an existing account to sign in', async () => {
    checkUserApi(ok({ exists: true, is_verified: true }));
    renderApp('/join-us');
    await join('ada@example.com');
    const box = await screen.findByTestId('has-account');
    expect(within(box).getByText('ada@example.com')).toBeTruthy();
    expect(
      within(box)
        .getByRole('link', { name: /Sign in/ })
        .getAttribute('href'),
    ).toBe('/signin?email=ada%40example.com');
    fireEvent.click(within(box).getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('offers a new code to an account that is not verified yet', async () => {
    const api = checkUserApi(ok({ exists: true, is_verified: false }), (call) =>
      call.path === '/api/resend/verify' ? ok(null) : undefined,
    );
    renderApp('/join-us');
    await join('late@example.com');
    const state = await screen.findByTestId('account-not-verified');
    fireEvent.click(within(state).getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(api.callsTo('/api/resend/verify')[0]?.body).toEqual({ email: 'late@example.com' }),
    );
  });

  it('checks the email before calling, and shows a refused call', async () => {
    const api = checkUserApi(fail(429, 'Too many requests. Try again in a minute.'));
    renderApp('/join-us');
    await join('not-an-email');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/checkUser/'))).toHaveLength(0);
    typeInto(/^Email/, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
  });
});

describe('CreateProfileScreen (/create-profile)', () => {
  it('creates a company account for the checked email and opens /verify', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/companySignup'
        ? ok({ status_code: 'ACCOUNT_NOT_VERIFIED', email: 'new@example.com' })
        : undefined,
    );
    const router = renderApp('/create-profile?email=new%40example.com&kind=company');
    await screen.findByRole('heading', { name: 'Create your profile' });
    const email = screen.getByLabelText(/^Work email/) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Use another email' }).getAttribute('href')).toBe(
      '/join-us?email=new%40example.com',
    );
    typeInto(/^Company name/, 'Acme Realty');
    typeInto(/^First name/, 'Ada');
    typeInto(/^Last name/, 'Lovelace');
    typeInto(/^Password/, 'engine-1843');
    fireEvent.click(screen.getByRole('button', { name: 'Create company account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(api.callsTo('/api/companySignup')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Acme Realty',
      email: 'new@example.com',
      password: 'engine-1843',
    });
  });

  it('starts at /join-us without an email', async () => {
    installFakeApi(() => undefined);
    const router = renderApp('/create-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/join-us'));
  });
});
