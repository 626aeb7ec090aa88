import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../shared/session/session-store';
import { decryptRedirectTarget } from '../shared/session/redirect-target';
import { fail, installFakeApi, ok, seedStaffSession, shellHandler } from '../shared/testing/fake-api';
import { renderWithProviders } from '../shared/testing/render-with-providers';
import { makePermissionOverview } from '../features/team/team-test-utils';
import { buildRoutes } from './router';
import { ALL_SCREEN_ROUTES, type ScreenRoute } from './routes';
import { connectSessionHandlers } from './session-handlers';
import { staffSessionPerTest } from '../shared/testing/test-session';
import { renderApp } from '../test/render-app';
import { rememberContactCompany } from '../features/contact-account/contact-session';

staffSessionPerTest({ session: false, quietDebug: true });
beforeEach(() => installFakeApi(shellHandler));

describe('router (signed-in staff)', () => {
  beforeEach(() => seedStaffSession());

  it('shows a placeholder for an unbuilt staff screen inside the staff layout', async () => {
    // Every route of the app has its screen now: a test-only route stands for one not built yet.
    const unbuilt: ScreenRoute = {
      pattern: '/test-only/unbuilt',
      title: 'Unbuilt screen',
      area: 'settings',
      guard: 'user',
      layout: 'staff',
    };
    const router = createMemoryRouter(buildRoutes([...ALL_SCREEN_ROUTES, unbuilt]), {
      initialEntries: ['/test-only/unbuilt'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByTestId('staff-layout')).toBeTruthy();
    const placeholder = await screen.findByTestId('screen-placeholder');
    expect(placeholder.textContent).toContain('Unbuilt screen');
    expect(placeholder.textContent).toContain('/test-only/unbuilt');
    expect(placeholder.textContent).toContain('coming soon');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe(`Unbuilt screen | ${window.location.host}`);
  });

  it('shows the scanner screen at /scanner (no route of the app is a placeholder)', async () => {
    renderApp('/scanner');
    expect(await screen.findByRole('heading', { name: 'Scanner' })).toBeTruthy();
    expect(screen.queryByTestId('screen-placeholder')).toBeNull();
    const settings = await screen.findByRole('link', { name: 'Settings' });
    expect(settings.getAttribute('aria-current')).toBe('page');
  });

  it("shows only the sidebar areas the user's permissions allow", async () => {
    installFakeApi((call) =>
      call.path === '/api/permissions' ? ok(makePermissionOverview('MEMBER')) : shellHandler(call),
    );
    renderApp('/contacts');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // A MEMBER has documents and contacts but not templates or entities by default.
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Templates' })).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Documents' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Entities' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('shows the real not-found screen for unknown paths', async () => {
    renderApp('/some/unknown/path');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to dashboard/i }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('screen-placeholder')).toBeNull();
  });

  it('redirects / and /documents to /dashboard', async () => {
    const router = renderApp('/documents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();
    const root = renderApp('/');
    await waitFor(() => expect(root.state.location.pathname).toBe('/dashboard'));
  });

  it('uses no chrome under /if', async () => {
    renderApp('/if/token-1/contacts');
    expect(await screen.findByTestId('embedded-layout')).toBeTruthy();
    expect(screen.queryByTestId('staff-layout')).toBeNull();
  });

  it('signs out cleanly when the API refuses the session (401 on profile, refresh refused)', async () => {
    installFakeApi((call) => {
      if (call.path === '/api/user/profile' || call.path === '/api/user/getUserWorkspaceList') {
        return fail(401, 'Invalid token');
      }
      return call.path === '/api/revoke-token' ? fail(401, 'Invalid refresh token') : undefined;
    });
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/dashboard'] });
    connectSessionHandlers((to, options) => router.navigate(to, options));
    renderWithProviders(<RouterProvider router={router} />);

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sessionStore.getState().tokens).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
  });

  it('shows the user and their workspace in the top bar', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Workspace: Acme Corp/ })).toBeTruthy();
  });
});

describe('router (other visitors)', () => {
  it('puts guest pages in the public layout with slogan and powered-by footer', async () => {
    renderApp('/signin');
    expect(await screen.findByTestId('public-layout')).toBeTruthy();
    expect(screen.getByTestId('slogan').textContent).toBe('You Select, We Protect');
    expect(screen.getByTestId('powered-by').textContent).toBe('Powered By e-Signs@v1.0');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe(`Sign in | ${window.location.host}`);
  });

  it('uses the contact layout under /ap for a signed-in contact', async () => {
    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'c', first_name: 'Cleo' },
      is_contact: true,
    });
    renderApp('/ap/dashboard');
    expect(await screen.findByTestId('contact-layout')).toBeTruthy();
  });

  it('sends a signed-in contact away from staff screens', async () => {
    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'c' },
      is_contact: true,
    });
    const router = renderApp('/contacts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ap/forbidden'));
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});

describe('router (guards)', () => {
  it('sends a signed-out visitor to /signin with the encrypted target', async () => {
    const router = renderApp('/contacts/edit/42?tab=notes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const target = new URLSearchParams(router.state.location.search).get('redirect_url');
    expect(await decryptRedirectTarget(target)).toBe('/contacts/edit/42?tab=notes');
  });

  it('sends signed-out visitors of unknown paths and of /ap to the sign-in pages', async () => {
    const router = renderApp('/some/unknown/path');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    cleanup();
    const contactRouter = renderApp('/ap/dashboard?company=acme');
    await waitFor(() => expect(contactRouter.state.location.pathname).toBe('/ap/signin'));
  });

  it('sends a signed-out contact to the sign-in page of the company this browser last signed in to', async () => {
    rememberContactCompany('bayview');
    try {
      const router = renderApp('/ap/documents');
      await waitFor(() => expect(router.state.location.pathname).toBe('/ap/signin'));
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('company')).toBe('bayview');
      expect(await decryptRedirectTarget(params.get('redirect_url'))).toBe('/ap/documents');
    } finally {
      localStorage.removeItem('esigns.ap.company');
    }
  });

  it('sends signed-in staff away from guest pages', async () => {
    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'u' },
      user_type: 'ADMIN',
    });
    const router = renderApp('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
