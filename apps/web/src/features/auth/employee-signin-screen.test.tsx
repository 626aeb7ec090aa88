import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptRedirectTarget } from '../../shared/session/redirect-target';
import { sessionStore } from '../../shared/session/session-store';
import {
  USER_ID,
  fail,
  installFakeApi,
  makeSessionReply,
  makeUserDetails,
  makeWorkspace,
  ok,
  shellHandler,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderApp } from '../../test/render-app';
import { submitSignIn } from './auth-test-utils';

const BETA = makeWorkspace({
  company_id: 'c2',
  company_name: 'Beta Ltd',
  company_slug: 'beta',
  user_type: 'MEMBER',
});
const PAGE = {
  company_id: 'c2',
  name: 'Beta Ltd',
  slug: 'beta',
  logo_url: null,
  primary_color: '#0a7',
  secondary_color: '#333',
  branding: {},
};

const betaSession = () =>
  makeSessionReply({ user_details: makeUserDetails({ current_workspace: BETA, workspaces: [BETA] }) });

/** The company pages, `POST /employee/signin` (by default a session in Beta) and the shell. */
function companyApi(answers: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    '/api/contact-login/company/beta': () => ok(PAGE),
    '/api/contact-login/company/nope': () => fail(404, 'Company not found'),
    '/api/employee/signin': () => ok({ mf2a: false, ...betaSession() }),
    ...answers,
  };
  return installFakeApi(async (call) => (await handlers[call.path]?.(call)) ?? shellHandler(call));
}

const signInAs = (email = 'bob@beta.test', password?: string) => submitSignIn(email, password);

staffSessionPerTest({ session: false, quietDebug: true });
afterEach(() => localStorage.clear());

describe('EmployeeSigninScreen (/signin?company=<slug>)', () => {
  it("shows the company, signs in through /employee/signin and lands in the company's documents", async () => {
    const api = companyApi();
    const router = renderApp('/signin?company=beta');

    expect(await screen.findByRole('heading', { name: 'Sign in to Beta Ltd' })).toBeTruthy();
    expect(screen.getByText(/For Beta Ltd staff/)).toBeTruthy();
    await signInAs('Bob@Beta.test ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/all'));
    expect(api.callsTo('/api/employee/signin')[0]?.body).toEqual({
      email: 'bob@beta.test',
      password: 'secret-pass-1',
      company_slug: 'beta',
    });
    expect(api.callsTo('/api/signin')).toHaveLength(0);
    const session = sessionStore.getState();
    expect(session.user?._id).toBe(USER_ID);
    expect(session.company).toEqual({ _id: 'c2', slug: 'beta' });
    expect(session.user_type).toBe('MEMBER');
  });

  it('honours an encrypted redirect_url', async () => {
    companyApi();
    const router = renderApp(`/signin?company=beta&redirect_url=${await encryptRedirectTarget('/contacts')}`);
    await signInAs();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it("shows the server's message to someone who is not a member, and keeps them signed out", async () => {
    companyApi({ '/api/employee/signin': () => fail(401, 'You are not a member of this company') });
    renderApp('/signin?company=beta');
    await signInAs();
    expect((await screen.findByRole('alert')).textContent).toContain('You are not a member of this company');
    expect(sessionStore.getState().tokens).toBeNull();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it("says 'Something went wrong' when the failure has no message", async () => {
    companyApi({ '/api/employee/signin': () => new Response('', { status: 500 }) });
    renderApp('/signin?company=beta');
    await signInAs();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong/);
  });

  it('asks for the second factor, then opens the session in the company', async () => {
    const api = companyApi({
      '/api/employee/signin': () => ok({ mf2a: true, user_id: USER_ID, mf2a_method: 'TOTP' }),
      '/api/mf2a/verifyOTP': () => ok(betaSession()),
    });
    const router = renderApp('/signin?company=beta');
    await signInAs();
    const step = await screen.findByTestId('second-factor-step');
    fireEvent.change(within(step).getByLabelText('Verification code, digit 1 of 6'), {
      target: { value: '123456' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/all'));
    expect(api.callsTo('/api/mf2a/verifyOTP')[0]?.body).toEqual({ user_id: USER_ID, code: '123456' });
    expect(sessionStore.getState().company?.slug).toBe('beta');
  });

  it('tells a visitor when no company has that address', async () => {
    companyApi();
    renderApp('/signin?company=nope');
    const box = await screen.findByTestId('unknown-company');
    expect(within(box).getByText('nope')).toBeTruthy();
    expect(
      within(box)
        .getByRole('link', { name: /Go to sign in/ })
        .getAttribute('href'),
    ).toBe('/signin');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('the plain /signin page keeps using POST /signin', async () => {
    const api = companyApi();
    renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.callsTo('/api/contact-login/company/beta')).toHaveLength(0);
  });
});
