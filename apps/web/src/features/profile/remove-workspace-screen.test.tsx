import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../shared/api/api-client';
import { sessionStore } from '../../shared/session/session-store';
import {
  fail,
  installFakeApi,
  makeSessionReply,
  makeUserDetails,
  makeWorkspace,
  ok,
  seedStaffSession,
} from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { RemoveWorkspaceScreen, leaveBlocker } from './remove-workspace-screen';

const personal = makeWorkspace({ company_id: 'p1', company_name: 'Ada (personal)', plan_type: 'INDIVIDUAL' });
const acme = makeWorkspace({ company_id: 'c1', company_name: 'Acme Corp', user_type: 'MEMBER' });

function renderScreen(reload: (path: string) => void) {
  const router = createMemoryRouter(
    [{ path: '/profile/remove-workspace', element: <RemoveWorkspaceScreen reload={reload} /> }],
    { initialEntries: ['/profile/remove-workspace'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => resetApiClient());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('leaveBlocker', () => {
  it('refuses the personal workspace and the only active one', () => {
    expect(leaveBlocker(personal, [personal, acme])).toMatch(/personal workspace/);
    expect(leaveBlocker(acme, [acme])).toMatch(/only active workspace/);
    expect(leaveBlocker(acme, [acme, { ...personal, is_active: false }])).toMatch(/only active workspace/);
    expect(leaveBlocker(acme, [personal, acme])).toBeNull();
  });
});

describe('RemoveWorkspaceScreen', () => {
  it('leaves the current company workspace, then moves the session to another one', async () => {
    seedStaffSession({ user: makeUserDetails({ current_workspace: acme, workspaces: [personal, acme] }) });
    const api = installFakeApi((call) => {
      if (call.path === '/api/user/getUserWorkspaceList') return ok([personal, acme]);
      if (call.path === '/api/workspaces/leave') return ok({ done: true }, 'You left the workspace');
      if (call.path === '/api/switchWorkspace/p1') {
        return ok(
          makeSessionReply({
            user_details: makeUserDetails({ current_workspace: personal, workspaces: [personal] }),
          }),
        );
      }
      return undefined;
    });
    const reload = vi.fn();
    renderScreen(reload);

    const current = await screen.findByRole('listitem', { name: 'Acme Corp' });
    expect(within(current).getByText('Current')).toBeTruthy();
    fireEvent.click(within(current).getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme Corp?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));

    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'));
    expect(api.callsTo('/api/workspaces/leave', 'POST')).toHaveLength(1);
    expect(api.callsTo('/api/switchWorkspace/p1', 'POST')).toHaveLength(1);
    expect(sessionStore.getState().company?._id).toBe('p1');
  });

  it('says why the personal workspace cannot be removed, and shows a refused leave', async () => {
    seedStaffSession({
      user: makeUserDetails({ current_workspace: personal, workspaces: [personal, acme] }),
    });
    installFakeApi((call) =>
      call.path === '/api/user/getUserWorkspaceList' ? ok([personal, acme]) : undefined,
    );
    renderScreen(vi.fn());
    const current = await screen.findByRole('listitem', { name: 'Ada (personal)' });
    expect(within(current).getByText('Your personal workspace cannot be removed.')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: 'Leave workspace' })).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Acme Corp' });
    expect(within(other).getByRole('button', { name: 'Switch to leave it' })).toBeTruthy();
  });

  it('keeps the session when the server refuses (last owner)', async () => {
    seedStaffSession({ user: makeUserDetails({ current_workspace: acme, workspaces: [personal, acme] }) });
    installFakeApi((call) => {
      if (call.path === '/api/user/getUserWorkspaceList') return ok([personal, acme]);
      if (call.path === '/api/workspaces/leave') {
        return fail(409, 'You are the only owner: make another member an owner before leaving');
      }
      return undefined;
    });
    const reload = vi.fn();
    renderScreen(reload);
    const current = await screen.findByRole('listitem', { name: 'Acme Corp' });
    fireEvent.click(within(current).getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));
    expect(await within(dialog).findByText(/only owner/)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStore.getState().company?._id).toBe('c1');
  });
});
