import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import {
  CONTACT_USER_ID,
  fail,
  installFakeApi,
  invalid,
  makeContactDetails,
  makeSessionReply,
  ok,
  seedContactSession,
  shellHandler,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderApp } from '../../test/render-app';
import { submitSignIn } from '../auth/auth-test-utils';

const PAGE = {
  company_id: 'c1',
  name: 'Acme Corp',
  slug: 'acme',
  logo_url: null,
  primary_color: '#0a7',
  secondary_color: '#333',
  branding: {},
};

function contactSession() {
  const { access_token, refresh_token, access_token_expires_at, refresh_token_expires_at } =
    makeSessionReply();
  return {
    access_token,
    refresh_token,
    access_token_expires_at,
    refresh_token_expires_at,
    user_details: makeContactDetails(),
    activeWorkSpace: { company_id: 'c1', account_data_id: 'account-record-1', contact_type: null },
    globalDateFormat: 'DD-MM-YYYY',
  };
}

const LINK = {
  purpose: 'INVITATION',
  email: 'tara@example.com',
  first_name: 'Tara',
  last_name: 'Tenant',
  has_password: false,
  company: { _id: 'c1', name: 'Acme Corp', slug: 'acme' },
};

function contactApi(answers: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    '/api/contact-login/company/acme': () => ok(PAGE),
    '/api/contact-login/company/nope': () => fail(404, 'Company not found'),
    '/api/application-user-signin': () => ok({ mf2a: false, ...contactSession() }),
    '/api/application/user-email-verify': () => ok(LINK),
    '/api/application/user-verify': () => ok({ mf2a: false, ...contactSession() }),
    '/api/application-user/forgot-or-resend': () => ok({ sent: true }),
    ...answers,
  };
  return installFakeApi(async (call) => (await handlers[call.path]?.(call)) ?? shellHandler(call) ?? ok({}));
}

staffSessionPerTest({ session: false, quietDebug: true });
afterEach(() => localStorage.clear());

describe('ContactSigninScreen (/ap/signin)', () => {
  it('shows the company and signs a contact in to /ap/documents', async () => {
    const api = contactApi();
    const router = renderApp('/ap/signin?company=acme');
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme Corp' })).toBeTruthy();
    await submitSignIn('Tara@Example.com ', 'Quiet-harbour-58');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ap/documents'));
    expect(api.callsTo('/api/application-user-signin')[0]?.body).toEqual({
      email: 'tara@example.com',
      password: 'Quiet-harbour-58',
      company_slug: 'acme',
    });
    const session = sessionStore.getState();
    expect(session.is_contact).toBe(true);
    expect(session.user?._id).toBe(CONTACT_USER_ID);
    expect(session.company).toEqual({ _id: 'c1', slug: 'acme' });
    expect(localStorage.getItem('esigns.ap.company')).toBe('acme');
  });

  it('shows a refused sign-in in place and stays signed out', async () => {
    contactApi({ '/api/application-user-signin': () => fail(401, 'Invalid email or password') });
    renderApp('/ap/signin?company=acme');
    await submitSignIn('tara@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('asks for the second factor, then opens the contact session', async () => {
    contactApi({
      '/api/application-user-signin': () =>
        ok({ mf2a: true, user_id: CONTACT_USER_ID, mf2a_method: 'EMAIL' }),
      '/api/mf2a/verifyOTP': () => ok(contactSession()),
    });
    const router = renderApp('/ap/signin?company=acme');
    await submitSignIn('tara@example.com');
    const step = await screen.findByTestId('second-factor-step');
    fireEvent.change(within(step).getByLabelText('Verification code, digit 1 of 6'), {
      target: { value: '123456' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ap/documents'));
    expect(sessionStore.getState().is_contact).toBe(true);
  });

  it('mails a reset link from "Forgot password?" and answers alike', async () => {
    const api = contactApi();
    renderApp('/ap/signin?company=acme');
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'tara@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toContain('tara@example.com');
    expect(api.callsTo('/api/application-user/forgot-or-resend')[0]?.body).toEqual({
      email: 'tara@example.com',
      company_slug: 'acme',
    });
  });

  it('accepts an invitation: who and where, a password, then the contact area', async () => {
    const api = contactApi();
    const router = renderApp('/ap/signin?company=acme&invitation=tok-1');
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Corp' })).toBeTruthy();
    expect(screen.getByText('Tara Tenant')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Quiet-harbour-58' } });
    fireEvent.change(screen.getByLabelText(/^Type it again/), { target: { value: 'Quiet-harbour-99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and open' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(api.callsTo('/api/application/user-verify')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Type it again/), { target: { value: 'Quiet-harbour-58' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ap/documents'));
    expect(api.callsTo('/api/application/user-verify')[0]?.body).toEqual({
      token: 'tok-1',
      password: 'Quiet-harbour-58',
    });
  });

  it("shows the server's password rule under the field", async () => {
    contactApi({
      '/api/application/user-email-verify': () => ok({ ...LINK, purpose: 'PASSWORD_RESET' }),
      '/api/application/user-verify': () => invalid({ password: 'This password is too common' }),
    });
    renderApp('/ap/signin?company=acme&reset=tok-2');
    fireEvent.change(await screen.findByLabelText(/^New password/, undefined, { timeout: 8000 }), {
      target: { value: 'password1' },
    });
    fireEvent.change(screen.getByLabelText(/^Type it again/), { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('This password is too common')).toBeTruthy();
  });

  it('says when a link is no longer valid, and goes back to sign in', async () => {
    contactApi({
      '/api/application/user-email-verify': () =>
        fail(410, 'This invitation has expired. Ask for a new one.'),
    });
    renderApp('/ap/signin?company=acme&invitation=old');
    expect((await screen.findByTestId('dead-link')).textContent).toContain('This invitation has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme Corp' })).toBeTruthy();
  });

  it('tells a visitor when no company has that address', async () => {
    contactApi();
    renderApp('/ap/signin?company=nope');
    expect((await screen.findByTestId('unknown-company')).textContent).toContain('nope');
  });
});

describe('ContactExpireScreen (/ap/expire)', () => {
  it("signs the contact out to the company's sign-in page", async () => {
    contactApi({ '/api/signout': () => ok({ done: true }) });
    seedContactSession();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/ap/expire');
    fireEvent.click(
      within(await screen.findByTestId('contact-expire')).getByRole('button', { name: 'Sign in again' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ap/signin?company=acme'));
    expect(sessionStore.getState().tokens).toBeNull();
  });
});
