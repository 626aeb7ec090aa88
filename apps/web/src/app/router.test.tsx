import { cleanup, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../shared/session/session-store';
import { decodeRedirectTarget } from '../shared/session/redirect-target';
import { renderWithProviders } from '../shared/testing/render-with-providers';
import { buildRoutes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  sessionStore.clear();
});

describe('router (guards off: preview mode)', () => {
  it('shows a placeholder for an unbuilt staff screen inside the staff layout', async () => {
    renderAt('/contacts');
    expect(await screen.findByTestId('staff-layout')).toBeTruthy();
    const placeholder = await screen.findByTestId('screen-placeholder');
    expect(placeholder.textContent).toContain('Contacts');
    expect(placeholder.textContent).toContain('/contacts');
    expect(placeholder.textContent).toContain('coming soon');
    expect(screen.getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe(`Contacts | ${window.location.host}`);
  });

  it('shows the real not-found screen for unknown paths', async () => {
    renderAt('/some/unknown/path');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to dashboard/i }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByTestId('screen-placeholder')).toBeNull();
  });

  it('redirects / and /documents to /dashboard', async () => {
    const router = renderAt('/documents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('screen-placeholder')).toBeTruthy();
    cleanup();
    const root = renderAt('/');
    await waitFor(() => expect(root.state.location.pathname).toBe('/dashboard'));
  });

  it('puts guest pages in the public layout with slogan and powered-by footer', async () => {
    renderAt('/signin');
    expect(await screen.findByTestId('public-layout')).toBeTruthy();
    expect(screen.getByTestId('slogan').textContent).toBe('You Select, We Protect');
    expect(screen.getByTestId('powered-by').textContent).toBe('Powered By e-Signs@v1.0');
    expect((await screen.findByTestId('screen-placeholder')).textContent).toContain('Sign in');
  });

  it('uses the contact layout under /ap and no chrome under /if', async () => {
    renderAt('/ap/dashboard');
    expect(await screen.findByTestId('contact-layout')).toBeTruthy();
    cleanup();
    renderAt('/if/token-1/contacts');
    expect(await screen.findByTestId('embedded-layout')).toBeTruthy();
    expect(screen.queryByTestId('staff-layout')).toBeNull();
  });

  it('still sends a signed-in contact away from staff screens', async () => {
    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'c' },
      is_contact: true,
    });
    const router = renderAt('/contacts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ap/forbidden'));
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});

describe('router (guards on)', () => {
  it('sends a signed-out visitor to /signin with the encoded target', async () => {
    vi.stubEnv('VITE_AUTH_GUARDS', 'on');
    const router = renderAt('/contacts/edit/42?tab=notes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const target = new URLSearchParams(router.state.location.search).get('redirect_url');
    expect(decodeRedirectTarget(target)).toBe('/contacts/edit/42?tab=notes');
  });

  it('sends signed-in staff away from guest pages', async () => {
    vi.stubEnv('VITE_AUTH_GUARDS', 'on');
    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'u' },
      user_type: 'ADMIN',
    });
    const router = renderAt('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
