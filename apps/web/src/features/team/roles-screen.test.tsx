import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { RolesScreen } from './roles-screen';
import { makeRole, paged, renderScreen, withPermissions } from './team-test-utils';

const sales = makeRole({ user_count: 2 });

staffSessionPerTest();

describe('RolesScreen', () => {
  it('creates a role, showing a 422 under the name first', async () => {
    let attempts = 0;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/roles') return ok(paged([sales]));
        if (call.path === '/api/createRole') {
          attempts += 1;
          return attempts === 1
            ? invalid({ name: 'A role with this name exists' })
            : ok(
                makeRole({
                  _id: 'c1b2c3d4-0000-4000-8000-000000000002',
                  name: 'Support',
                  user_type: 'MANAGER',
                }),
              );
        }
        return undefined;
      }),
    );
    renderScreen(<RolesScreen />, '/roles');
    const row = await screen.findByTestId('role-row');
    expect(within(row).getByText('Sales')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('form', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Sales' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role with this name exists')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' Support ' } });
    fireEvent.change(within(dialog).getByLabelText(/^User type/), { target: { value: 'MANAGER' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Helps customers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(api.callsTo('/api/createRole')).toHaveLength(2));
    expect(api.callsTo('/api/createRole')[1]?.body).toEqual({
      name: 'Support',
      user_type: 'MANAGER',
      description: 'Helps customers',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New role' })).toBeNull());
  });

  it('asks before deleting and shows the 409 message of a role still in use', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/roles') return ok(paged([sales]));
        if (call.path === `/api/deleteRole/${sales._id}`) {
          return fail(409, 'This role is held by 2 users: give them another role first', {
            error_code: 'CONFLICT',
          });
        }
        return undefined;
      }),
    );
    renderScreen(<RolesScreen />, '/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo(`/api/deleteRole/${sales._id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));

    expect(
      await within(dialog).findByText('This role is held by 2 users: give them another role first'),
    ).toBeTruthy();
    expect(api.callsTo(`/api/deleteRole/${sales._id}`, 'DELETE')).toHaveLength(1);
    expect(screen.getByTestId('role-row')).toBeTruthy();
  });

  it('edits a role with only the changed fields', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/roles') return ok(paged([sales]));
        if (call.path === `/api/role/${sales._id}`) return ok(sales);
        if (call.path === `/api/updateRole/${sales._id}`) return ok({ ...sales, name: 'Field sales' });
        return undefined;
      }),
    );
    renderScreen(<RolesScreen />, '/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sales' }));
    const dialog = await screen.findByRole('form', { name: 'Edit role' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sales');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Field sales' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/updateRole/${sales._id}`, 'PATCH')[0]?.body).toEqual({ name: 'Field sales' }),
    );
  });

  it('shows a MEMBER no roles', async () => {
    const api = installFakeApi(withPermissions('MEMBER'));
    renderScreen(<RolesScreen />, '/roles');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(api.callsTo('/api/roles')).toHaveLength(0);
  });
});
