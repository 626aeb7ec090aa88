import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TTransferRequest } from '@esigns/contracts/transfer-account';
import { toRouterPath } from '../../app/routes';
import {
  USER_ID,
  fail,
  installFakeApi,
  invalid,
  makeUserDetails,
  makeWorkspace,
  ok,
  seedStaffSession,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { createTestQueryClient, renderWithProviders } from '../../shared/testing/render-with-providers';
import { makeCompanyUser, makePermissionOverview } from '../team/team-test-utils';
import { SETTINGS_SCREENS } from './screens';
import { staffSessionPerTest } from '../../shared/testing/test-session';

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

const REQUEST_ID = '9d0c2a8e-1111-4a4a-8b8b-123456789abc';
const GRACE_ID = 'b1b2c3d4-0000-4000-8000-000000000001';

function makeRequest(overrides: Partial<TTransferRequest> = {}): TTransferRequest {
  return {
    _id: REQUEST_ID,
    company_id: 'c1',
    company_name: 'Acme Corp',
    status: 'PENDING',
    from_user: { _id: USER_ID, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    to_user: { _id: GRACE_ID, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
    created_at: '2025-03-01T10:00:00.000Z',
    expires_at: '2099-03-02T10:00:00.000Z',
    is_expired: false,
    attempts_left: 5,
    last_sent_at: '2025-03-01T10:00:00.000Z',
    accepted_at: null,
    is_current_workspace: true,
    is_target: false,
    ...overrides,
  };
}

/** The screens under their router patterns (`{requestId}` -> `:requestId`), as the app's router mounts them. */
function renderAt(path: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(
    Object.entries(SETTINGS_SCREENS).map(([pattern, lazy]) => ({ path: toRouterPath(pattern), lazy })),
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return { router, queryClient };
}

function withPermissionsOf(
  userType: UserType,
  next: FakeHandler,
  planType: 'BUSINESS' | 'INDIVIDUAL' = 'BUSINESS',
) {
  return installFakeApi((call) =>
    call.path === '/api/permissions' ? ok(makePermissionOverview(userType, planType)) : next(call),
  );
}

const members = [
  makeCompanyUser({
    user_id: USER_ID,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    user_type: 'OWNER',
  }),
  makeCompanyUser({ user_id: GRACE_ID, user_type: 'ADMIN' }),
  makeCompanyUser({
    _id: 'a1b2c3d4-0000-4000-8000-000000000002',
    user_id: 'b1b2c3d4-0000-4000-8000-000000000002',
    email: 'alan@example.com',
    first_name: 'Alan',
    last_name: 'Turing',
    user_type: 'MEMBER',
  }),
];

staffSessionPerTest();

describe('TransferAccountScreen (owner)', () => {
  it('picks a member, shows the consequences, starts the transfer and shows it pending', async () => {
    let pending: TTransferRequest | null = null;
    const api = withPermissionsOf('OWNER', (call) => {
      if (call.path === '/api/getAllCompanyUsers/c1') return ok(members);
      if (call.path === '/api/transfer-account' && call.method === 'GET') return ok(pending);
      if (call.path === '/api/transfer-account' && call.method === 'POST') {
        pending = makeRequest();
        return ok(pending, 'Transfer code sent');
      }
      return undefined;
    });
    renderAt('/profilesettings/transferAccount');

    const picker = await screen.findByRole('combobox', { name: 'New owner' });
    const transfer = screen.getByRole('button', { name: 'Transfer ownership' });
    expect((transfer as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(picker);
    // Neither the caller nor other owners are offered.
    expect(screen.queryByRole('option', { name: /Ada Lovelace/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    fireEvent.click(transfer);

    const dialog = await screen.findByRole('dialog', { name: 'Make Grace Hopper the owner?' });
    const consequences = within(dialog).getByTestId('transfer-consequences');
    expect(consequences.textContent).toContain('Grace Hopper becomes the owner of Acme Corp');
    expect(consequences.textContent).toContain('You become an admin');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the code' }));

    const card = await screen.findByTestId('pending-transfer');
    expect(card.textContent).toContain('Waiting for Grace Hopper');
    expect(card.textContent).toContain('grace@example.com');
    expect(api.callsTo('/api/transfer-account', 'POST')[0]?.body).toEqual({ to_user_id: GRACE_ID });
  });

  it('resends the code and cancels a pending transfer', async () => {
    let pending: TTransferRequest | null = makeRequest({ is_expired: true });
    const api = withPermissionsOf('OWNER', (call) => {
      if (call.path === '/api/getAllCompanyUsers/c1') return ok(members);
      if (call.path === '/api/transfer-account') return ok(pending);
      if (call.path === `/api/transfer-account/${REQUEST_ID}/resend`) {
        pending = makeRequest();
        return ok(pending);
      }
      if (call.path === `/api/transfer-account/${REQUEST_ID}` && call.method === 'DELETE') {
        pending = null;
        return ok(makeRequest({ status: 'CANCELLED' }));
      }
      return undefined;
    });
    renderAt('/profilesettings/transferAccount');

    const card = await screen.findByTestId('pending-transfer');
    expect(card.textContent).toContain('The code has expired');
    fireEvent.click(within(card).getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We mailed Grace Hopper a new code')).toBeTruthy();
    await waitFor(() => expect(card.textContent).not.toContain('The code has expired'));
    expect(api.callsTo(`/api/transfer-account/${REQUEST_ID}/resend`, 'POST')).toHaveLength(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the transfer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    await waitFor(() => expect(screen.queryByTestId('pending-transfer')).toBeNull());
    expect(api.callsTo(`/api/transfer-account/${REQUEST_ID}`, 'DELETE')).toHaveLength(1);
  });

  it('shows the server refusing the chosen member under the picker', async () => {
    withPermissionsOf('OWNER', (call) => {
      if (call.path === '/api/getAllCompanyUsers/c1') return ok(members);
      if (call.path === '/api/transfer-account' && call.method === 'GET') return ok(null);
      if (call.path === '/api/transfer-account') {
        return invalid({ to_user_id: 'Only an active member of the workspace can become its owner' });
      }
      return undefined;
    });
    renderAt('/profilesettings/transferAccount');
    fireEvent.click(await screen.findByRole('combobox', { name: 'New owner' }));
    fireEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code' }));
    expect(
      await screen.findByText('Only an active member of the workspace can become its owner'),
    ).toBeTruthy();
  });

  it('explains to a non-owner that only the owner can transfer, without asking the server', async () => {
    const api = withPermissionsOf('ADMIN', () => undefined);
    renderAt('/profilesettings/transferAccount');
    const notice = await screen.findByTestId('transfer-owner-only');
    expect(notice.textContent).toContain('Only the owner can transfer this workspace');
    expect(notice.textContent).toContain('You are an admin of Acme Corp');
    expect(api.callsTo('/api/transfer-account')).toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'New owner' })).toBeNull();
  });

  it('tells the owner of a personal workspace that it cannot be transferred', async () => {
    withPermissionsOf('OWNER', () => undefined, 'INDIVIDUAL');
    renderAt('/profilesettings/transferAccount');
    expect((await screen.findByTestId('transfer-owner-only')).textContent).toContain(
      'Personal workspaces cannot be transferred',
    );
  });
});

describe('TransferConfirmScreen (the member asked)', () => {
  beforeEach(() => {
    const workspace = makeWorkspace({ user_type: 'ADMIN' });
    seedStaffSession({
      user: makeUserDetails({ _id: GRACE_ID, first_name: 'Grace', current_workspace: workspace }),
      user_type: 'ADMIN',
    });
  });

  it('accepts with the code, shows success and reloads permissions and profile', async () => {
    const api = installFakeApi((call) => {
      if (call.path === `/api/transfer-account/${REQUEST_ID}`) return ok(makeRequest({ is_target: true }));
      if (call.path === `/api/transfer-account/${REQUEST_ID}/accept`) {
        return ok(
          makeRequest({ is_target: true, status: 'ACCEPTED', accepted_at: '2025-03-01T11:00:00.000Z' }),
        );
      }
      return undefined;
    });
    // Kept without observers (the test client's gcTime is 0), to see them invalidated.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    queryClient.setQueryData(['team', 'permissions', GRACE_ID, 'c1'], makePermissionOverview('ADMIN'));
    queryClient.setQueryData(['auth', 'profile', GRACE_ID, 'c1'], makeUserDetails());
    renderAt(`/profilesettings/transferAccount/${REQUEST_ID}`, queryClient);

    const card = await screen.findByTestId('transfer-request');
    expect(card.textContent).toContain('Ada Lovelace wants to make you the owner of Acme Corp');
    expect(within(card).getByTestId('transfer-consequences').textContent).toContain(
      'Ada Lovelace stays on as an admin',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Accept ownership' }));
    expect(await screen.findByText('Enter all 6 digits of the code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the email, digit 1 of 6'), {
      target: { value: '482913' },
    });

    const done = await screen.findByTestId('transfer-accepted');
    expect(done.textContent).toContain('You are now the owner of Acme Corp');
    expect(api.callsTo(`/api/transfer-account/${REQUEST_ID}/accept`, 'POST')[0]?.body).toEqual({
      code: '482913',
    });
    expect(queryClient.getQueryState(['team', 'permissions', GRACE_ID, 'c1'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['auth', 'profile', GRACE_ID, 'c1'])?.isInvalidated).toBe(true);
  });

  it('shows a wrong code under the boxes and clears them', async () => {
    installFakeApi((call) => {
      if (call.path === `/api/transfer-account/${REQUEST_ID}`) return ok(makeRequest({ is_target: true }));
      if (call.path === `/api/transfer-account/${REQUEST_ID}/accept`) {
        return invalid({ code: 'Invalid code. 4 attempts left.' });
      }
      return undefined;
    });
    renderAt(`/profilesettings/transferAccount/${REQUEST_ID}`);
    fireEvent.change(await screen.findByLabelText('Code from the email, digit 1 of 6'), {
      target: { value: '111111' },
    });
    expect(await screen.findByText('Invalid code. 4 attempts left.')).toBeTruthy();
    expect((screen.getByLabelText('Code from the email, digit 6 of 6') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('transfer-accepted')).toBeNull();
  });

  it('shows a dead or expired code as a message instead of the form', async () => {
    installFakeApi((call) =>
      call.path === `/api/transfer-account/${REQUEST_ID}`
        ? ok(makeRequest({ is_target: true, attempts_left: 0 }))
        : undefined,
    );
    renderAt(`/profilesettings/transferAccount/${REQUEST_ID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Ask Ada Lovelace to send a new one');
    expect(screen.queryByRole('button', { name: 'Accept ownership' })).toBeNull();
  });

  it('offers to switch workspace when signed in elsewhere', async () => {
    installFakeApi((call) =>
      call.path === `/api/transfer-account/${REQUEST_ID}`
        ? ok(makeRequest({ is_target: true, is_current_workspace: false }))
        : undefined,
    );
    renderAt(`/profilesettings/transferAccount/${REQUEST_ID}`);
    expect(await screen.findByRole('button', { name: 'Switch to Acme Corp' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept ownership' })).toBeNull();
  });

  it('says a cancelled request was cancelled, and an unknown one was not found', async () => {
    installFakeApi((call) =>
      call.path === `/api/transfer-account/${REQUEST_ID}`
        ? ok(makeRequest({ is_target: true, status: 'CANCELLED' }))
        : fail(404, 'Transfer request not found'),
    );
    renderAt(`/profilesettings/transferAccount/${REQUEST_ID}`);
    expect((await screen.findByTestId('transfer-closed')).textContent).toContain('Ada Lovelace cancelled');
    cleanup();
    renderAt('/profilesettings/transferAccount/9d0c2a8e-0000-4a4a-8b8b-000000000000');
    expect(await screen.findByTestId('transfer-not-found')).toBeTruthy();
  });
});
