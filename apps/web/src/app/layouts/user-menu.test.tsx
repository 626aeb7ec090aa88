import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { rememberSsoLogoutUrl } from '../../features/sso/sso-storage';
import { UserMenu } from './user-menu';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest({ session: false });

describe('UserMenu', () => {
  it('shows the initials, name and email, and signs out through the API', async () => {
    seedStaffSession();
    const api = installFakeApi((call) => (call.path === '/api/signout' ? ok(null) : undefined));
    const leaveTo = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <UserMenu leaveTo={leaveTo} />
      </MemoryRouter>,
    );
    const trigger = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(trigger.textContent).toContain('AL');
    fireEvent.click(trigger);
    const identity = await screen.findByTestId('user-menu-identity');
    expect(identity.textContent).toContain('Ada Lovelace');
    expect(identity.textContent).toContain('ada@example.com');

    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/signin'));
    expect(api.callsTo('/api/signout', 'POST')[0]?.body).toEqual({ token: 'refresh-1' });
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it("a user signed in through single sign-on leaves through the provider's end-session page", async () => {
    seedStaffSession();
    installFakeApi((call) => (call.path === '/api/signout' ? ok(null) : undefined));
    rememberSsoLogoutUrl('https://idp.example.com/session/end?post_logout_redirect_uri=x');
    const leaveTo = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <UserMenu leaveTo={leaveTo} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('https://idp.example.com/session/end?post_logout_redirect_uri=x'),
    );
    expect(localStorage.getItem('sso_logout_url')).toBeNull();
  });

  it('offers sign-in when nobody is signed in', () => {
    renderWithProviders(
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });
});
