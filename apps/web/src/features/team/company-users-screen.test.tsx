import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_ID, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { CompanyUsersScreen } from './company-users-screen';
import { makeCompanyUser, makeRole, paged, renderScreen, withPermissions } from './team-test-utils';

const grace = makeCompanyUser();
const invited = makeCompanyUser({
  _id: 'a1b2c3d4-0000-4000-8000-000000000002',
  user_id: null,
  email: 'linus@example.com',
  first_name: '',
  last_name: '',
  user_type: 'MEMBER',
  status: 'INVITED',
  expires_at: '2099-01-01T00:00:00.000Z',
});
const me = makeCompanyUser({
  _id: 'a1b2c3d4-0000-4000-8000-000000000003',
  user_id: USER_ID,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'OWNER',
});
const sales = makeRole();

function listHandler(next: FakeHandler = () => undefined): FakeHandler {
  return (call) => {
    if (call.path === '/api/user/companyUsers' && call.method === 'GET')
      return ok(paged([me, grace, invited]));
    if (call.path === '/api/roles') return ok(paged([sales]));
    return next(call);
  };
}

staffSessionPerTest();

describe('CompanyUsersScreen', () => {
  it('lists the users and invites a colleague with the chosen type and role', async () => {
    const api = installFakeApi(
      withPermissions(
        'OWNER',
        listHandler((call) =>
          call.path === '/api/user/inviteUser'
            ? ok(makeCompanyUser({ ...invited, email: 'new@example.com' }))
            : undefined,
        ),
      ),
    );
    renderScreen(<CompanyUsersScreen />, '/company/users');

    const rows = await screen.findAllByTestId('company-user-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Grace Hopper')).toBeTruthy();
    expect(within(rows[1]!).getByText('grace@example.com')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('User type of Grace Hopper')).toBeTruthy();
    expect(within(rows[1]!).getByText('Active')).toBeTruthy();
    expect(within(rows[2]!).getByText('Invited')).toBeTruthy();
    expect(within(rows[0]!).getByText('You')).toBeTruthy();
    // Nobody removes themselves here: the own row has no actions.
    expect(within(rows[0]!).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(api.callsTo('/api/user/companyUsers')[0]?.url).toBe('/api/user/companyUsers?page=1&limit=10');

    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('form', { name: 'Invite a user' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'New@Example.com' } });
    expect((within(dialog).getByLabelText(/^User type/) as HTMLSelectElement).value).toBe('MEMBER');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Sales' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: sales._id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(api.callsTo('/api/user/inviteUser', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/user/inviteUser')[0]?.body).toEqual({
      email: 'new@example.com',
      user_type: 'MEMBER',
      role_id: sales._id,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Invite a user' })).toBeNull());
    // The list is loaded again to show the invitation.
    await waitFor(() => expect(api.callsTo('/api/user/companyUsers', 'GET').length).toBeGreaterThan(1));
  });

  it('shows a 422 answer under the email field', async () => {
    installFakeApi(
      withPermissions(
        'OWNER',
        listHandler((call) =>
          call.path === '/api/user/inviteUser'
            ? invalid({ email: 'This email is already a member' })
            : undefined,
        ),
      ),
    );
    renderScreen(<CompanyUsersScreen />, '/company/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('form', { name: 'Invite a user' });
    const email = within(dialog).getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'grace@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByText('This email is already a member')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('changes a user type inline and deactivates a user after confirmation', async () => {
    const api = installFakeApi(
      withPermissions(
        'OWNER',
        listHandler((call) => {
          if (call.path === '/api/user/companyUsers' && call.method === 'PUT')
            return ok({ ...grace, user_type: 'MANAGER' });
          if (call.path === `/api/user/companyUsers/${grace._id}` && call.method === 'DELETE')
            return ok({ _id: grace._id, status: 'DELETED' });
          return undefined;
        }),
      ),
    );
    renderScreen(<CompanyUsersScreen />, '/company/users');
    fireEvent.change(await screen.findByLabelText('User type of Grace Hopper'), {
      target: { value: 'MANAGER' },
    });
    await waitFor(() =>
      expect(api.callsTo('/api/user/companyUsers', 'PUT')[0]?.body).toEqual({
        user_id: grace.user_id,
        user_type: 'MANAGER',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    expect(api.callsTo(`/api/user/companyUsers/${grace._id}`)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo(`/api/user/companyUsers/${grace._id}`, 'DELETE')).toHaveLength(1));
  });

  it('hides the invite button from a MANAGER, who may only look', async () => {
    installFakeApi(withPermissions('MANAGER', listHandler()));
    renderScreen(<CompanyUsersScreen />, '/company/users');
    expect(await screen.findAllByTestId('company-user-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByLabelText('User type of Grace Hopper')).toBeNull();
  });

  it('shows a MEMBER no list and no invite button', async () => {
    const api = installFakeApi(withPermissions('MEMBER', listHandler()));
    renderScreen(<CompanyUsersScreen />, '/company/users');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(api.callsTo('/api/user/companyUsers')).toHaveLength(0);
  });
});
