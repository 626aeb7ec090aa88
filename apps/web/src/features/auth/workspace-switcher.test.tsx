import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import {
  fail,
  installFakeApi,
  makeSessionReply,
  makeUserDetails,
  makeWorkspace,
  ok,
} from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { WorkspaceSwitcher } from './workspace-switcher';

const acme = makeWorkspace();
const beta = makeWorkspace({
  company_id: 'c2',
  company_name: 'Beta Ltd',
  company_slug: 'beta',
  plan_type: 'INDIVIDUAL',
  user_type: 'MEMBER',
});
const closed = makeWorkspace({ company_id: 'c3', company_name: 'Closed Co', is_active: false });

staffSessionPerTest();

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /Workspace: Acme Corp/ }));
  return screen.findByTestId('workspace-menu');
}

describe('WorkspaceSwitcher', () => {
  it('lists the workspaces from getUserWorkspaceList with the current one marked', async () => {
    installFakeApi((call) =>
      call.path === '/api/user/getUserWorkspaceList' ? ok([acme, beta, closed]) : undefined,
    );
    renderWithProviders(<WorkspaceSwitcher reload={vi.fn()} />);
    const menu = await openMenu();
    const current = await within(menu).findByRole('menuitem', { name: /Acme Corp/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: /Beta Ltd/ }).textContent).toContain(
      'Personal · Member',
    );
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Closed Co/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('switches: calls switchWorkspace, stores the new session and reloads /dashboard', async () => {
    const reply = makeSessionReply({
      access_token: 'access-beta',
      refresh_token: 'refresh-beta',
      user_details: makeUserDetails({ current_workspace: beta, user_type: 'MEMBER' }),
    });
    const api = installFakeApi((call) => {
      if (call.path === '/api/user/getUserWorkspaceList') return ok([acme, beta]);
      if (call.path === '/api/switchWorkspace/c2') return ok(reply);
      return undefined;
    });
    const reload = vi.fn();
    renderWithProviders(<WorkspaceSwitcher reload={reload} />);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Beta Ltd/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'));
    const call = api.callsTo('/api/switchWorkspace/c2', 'POST')[0];
    expect(call?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(call?.headers.authorization).toBe('Bearer access-1');
    const state = sessionStore.getState();
    expect(state.tokens?.access_token).toBe('access-beta');
    expect(state.tokens?.refresh_token).toBe('refresh-beta');
    expect(state.company).toEqual({ _id: 'c2', slug: 'beta' });
    expect(state.user_type).toBe('MEMBER');
  });

  it('keeps the session and tells the user when the switch is refused', async () => {
    installFakeApi((call) => {
      if (call.path === '/api/user/getUserWorkspaceList') return ok([acme, beta]);
      if (call.path === '/api/switchWorkspace/c2') return fail(403, 'You are no longer a member of Beta Ltd');
      return undefined;
    });
    const reload = vi.fn();
    renderWithProviders(<WorkspaceSwitcher reload={reload} />);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Beta Ltd/ }));
    expect(await screen.findByText('You are no longer a member of Beta Ltd')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStore.getState().tokens?.access_token).toBe('access-1');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let attempts = 0;
    installFakeApi((call) => {
      if (call.path !== '/api/user/getUserWorkspaceList') return undefined;
      attempts += 1;
      return attempts === 1 ? fail(500, 'Boom') : ok([acme, beta]);
    });
    renderWithProviders(<WorkspaceSwitcher reload={vi.fn()} />);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Could not load your workspaces/ }));
    expect(await within(menu).findByRole('menuitem', { name: /Beta Ltd/ })).toBeTruthy();
  });
});
