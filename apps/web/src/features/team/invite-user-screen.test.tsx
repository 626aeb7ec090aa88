import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import {
  fail,
  installFakeApi,
  invalid,
  makeSessionReply,
  makeUserDetails,
  makeWorkspace,
  ok,
  seedStaffSession,
} from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { InviteUserScreen } from './invite-user-screen';
import type { TInvitationPreview } from './team-api';
import { renderScreen } from './team-test-utils';

const TOKEN = 'invite-token-0123456789';

const preview: TInvitationPreview = {
  company_name: 'Acme Corp',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: '',
  user_type: 'MEMBER',
  role_name: 'Sales',
  invited_by: 'Ada Lovelace',
  expires_at: '2099-01-01T00:00:00.000Z',
  user_exists: false,
};

const acmeMember = makeWorkspace({ user_type: 'MEMBER' });
const joinReply = {
  ...makeSessionReply({
    access_token: 'acme-access',
    refresh_token: 'acme-refresh',
    user_details: makeUserDetails({
      _id: 'e1b2c3d4-0000-4000-8000-000000000001',
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      current_workspace: acmeMember,
    }),
  }),
  status_code: 'NEW_USER',
};

staffSessionPerTest({ session: false });

describe('InviteUserScreen', () => {
  it('creates the account, stores the session like sign-in does and opens the dashboard', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/getInviteUser') return ok(preview);
      if (call.path === '/api/inviteUserSignup') return ok(joinReply);
      return undefined;
    });
    const router = renderScreen(<InviteUserScreen reload={vi.fn()} />, `/inviteUser?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Join Acme Corp' })).toBeTruthy();
    expect(screen.getByTestId('invitation-summary').textContent).toContain('Member · Sales');
    expect(api.callsTo('/api/getInviteUser')[0]?.url).toBe(`/api/getInviteUser?token=${TOKEN}`);
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Grace');

    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol-1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('/api/inviteUserSignup')[0]?.body).toEqual({
      token: TOKEN,
      first_name: 'Grace',
      last_name: 'Hopper',
      password: 'cobol-1959',
    });
    expect(api.callsTo('/api/inviteUserSignup')[0]?.headers.authorization).toBeUndefined();
    const session = sessionStore.getState();
    expect(session.tokens).toEqual({
      access_token: 'acme-access',
      refresh_token: 'acme-refresh',
      access_token_expires_at: joinReply.access_token_expires_at,
      refresh_token_expires_at: joinReply.refresh_token_expires_at,
    });
    expect(session.user?.email).toBe('grace@example.com');
    expect(session.user_type).toBe('MEMBER');
    expect(session.company).toEqual({ _id: 'c1', slug: 'acme' });
    expect(session.login_at).not.toBeNull();
  });

  it("shows the server's refusal of the password under that field", async () => {
    installFakeApi((call) => {
      if (call.path === '/api/getInviteUser') return ok(preview);
      if (call.path === '/api/inviteUserSignup') return invalid({ password: 'This password is too common' });
      return undefined;
    });
    renderScreen(<InviteUserScreen reload={vi.fn()} />, `/inviteUser?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Join Acme Corp' });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));

    const message = await screen.findByText('This password is too common');
    const input = screen.getByLabelText(/^Password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('says clearly when the invitation expired or was used (410)', async () => {
    installFakeApi((call) =>
      call.path === '/api/getInviteUser'
        ? fail(410, 'This invitation has expired. Ask for a new one.', { error_code: 'GONE' })
        : undefined,
    );
    renderScreen(<InviteUserScreen reload={vi.fn()} />, `/inviteUser?token=${TOKEN}`);
    const gone = await screen.findByTestId('invitation-gone');
    expect(gone.textContent).toContain('This invitation is no longer valid');
    expect(gone.textContent).toContain('This invitation has expired. Ask for a new one.');
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
  });

  it('lets an existing account sign in here and join with that Bearer', async () => {
    const signinReply = makeSessionReply({
      access_token: 'personal-access',
      refresh_token: 'personal-refresh',
      user_details: makeUserDetails({ email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' }),
    });
    const api = installFakeApi((call) => {
      if (call.path === '/api/getInviteUser') return ok({ ...preview, user_exists: true });
      if (call.path === '/api/signin') return ok({ mf2a: false, ...signinReply });
      if (call.path === '/api/inviteUserSignup')
        return ok({ ...joinReply, status_code: 'EXISTED_USER_LOGIN_SUCCESS' });
      if (call.path === '/api/signout') return ok({ done: true });
      return undefined;
    });
    const reload = vi.fn();
    renderScreen(<InviteUserScreen reload={reload} />, `/inviteUser?token=${TOKEN}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to accept' }));
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme Corp' }));

    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'));
    expect(api.callsTo('/api/signin')[0]?.body).toEqual({
      email: 'grace@example.com',
      password: 'secret-pass-1',
    });
    const join = api.callsTo('/api/inviteUserSignup')[0];
    expect(join?.body).toEqual({ token: TOKEN });
    expect(join?.headers.authorization).toBe('Bearer personal-access');
    expect(sessionStore.getState().tokens?.access_token).toBe('acme-access');
    // The sign-in session was only the key: it is ended.
    await waitFor(() => expect(api.callsTo('/api/signout')[0]?.body).toEqual({ token: 'personal-refresh' }));
  });

  it('joins at once when already signed in as the invited account', async () => {
    seedStaffSession({ user: makeUserDetails({ email: 'grace@example.com' }) });
    const api = installFakeApi((call) => {
      if (call.path === '/api/getInviteUser') return ok({ ...preview, user_exists: true });
      if (call.path === '/api/inviteUserSignup')
        return ok({ ...joinReply, status_code: 'EXISTED_USER_LOGIN_SUCCESS' });
      return undefined;
    });
    const reload = vi.fn();
    renderScreen(<InviteUserScreen reload={reload} />, `/inviteUser?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme Corp' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'));
    expect(api.callsTo('/api/inviteUserSignup')[0]?.headers.authorization).toBe('Bearer access-1');
  });
});
