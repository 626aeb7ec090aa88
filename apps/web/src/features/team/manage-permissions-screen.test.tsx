import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, toPermissionList } from '@esigns/contracts/permissions';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ManagePermissionsScreen } from './manage-permissions-screen';
import { makePermissionOverview, makeUserTypes, renderScreen, withPermissions } from './team-test-utils';

const types = makeUserTypes();
const manager = types[2]!;

function userTypesHandler(next: FakeHandler = () => undefined): FakeHandler {
  return (call) => {
    if (call.path === '/api/userTypeList/c1') return ok(types);
    if (call.path === `/api/permissions/${manager._id}` && call.method === 'PATCH') {
      const body = call.body as { permissions: string[] };
      return ok({ ...manager, permissions: body.permissions });
    }
    return next(call);
  };
}

// Label queries: role queries over a matrix of a few hundred checkboxes are slow in jsdom.
const checkbox = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const toggleCategory = async (slug: string) =>
  fireEvent.click(
    within(await screen.findByTestId(`matrix-category-${slug}`, undefined, { timeout: 15_000 })).getByRole(
      'button',
    ),
  );

staffSessionPerTest();

describe('ManagePermissionsScreen', () => {
  // The matrix (a few hundred cells) renders slowly in jsdom: long time-outs and label queries.
  it(
    'saves one user type with the right slugs and keeps the OWNER column locked',
    { timeout: 30_000 },
    async () => {
      const api = installFakeApi(withPermissions('OWNER', userTypesHandler()));
      renderScreen(<ManagePermissionsScreen />, '/profile/manage-permissions');

      await toggleCategory('company-users');
      await toggleCategory('company');

      const ownerInvite = checkbox('Owner: Company users – Invite users');
      expect(ownerInvite.checked).toBe(true);
      expect(ownerInvite.disabled).toBe(true);
      expect(checkbox('Owner: all of Company users').disabled).toBe(true);
      expect(screen.queryByLabelText('Save Owner permissions')).toBeNull();
      // Owner-only rights cannot be given to anyone else.
      expect(checkbox('Admin: Company – Transfer account').disabled).toBe(true);
      expect(checkbox('Admin: Company – Transfer account').checked).toBe(false);

      const save = screen.getByLabelText('Save Manager permissions') as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      const managerInvite = checkbox('Manager: Company users – Invite users');
      expect(managerInvite.checked).toBe(false);
      fireEvent.click(managerInvite);
      fireEvent.click(checkbox('Manager: Company users – View users'));
      expect(save.disabled).toBe(false);
      fireEvent.click(save);

      await waitFor(() => expect(api.callsTo(`/api/permissions/${manager._id}`, 'PATCH')).toHaveLength(1));
      const sent = (api.callsTo(`/api/permissions/${manager._id}`)[0]?.body as { permissions: string[] })
        .permissions;
      expect(sent).toEqual(
        toPermissionList([
          ...DEFAULT_PERMISSIONS.MANAGER.filter((slug) => slug !== 'company-users:view'),
          'company-users:invite',
        ]),
      );
      await waitFor(() => expect(save.disabled).toBe(true));
      expect(checkbox('Manager: Company users – Invite users').checked).toBe(true);
      expect(checkbox('Owner: Company users – Invite users').disabled).toBe(true);
    },
  );

  it(
    'is read-only for a user type that may see but not change permissions',
    { timeout: 30_000 },
    async () => {
      const viewer = makePermissionOverview('MANAGER', 'BUSINESS', [
        ...DEFAULT_PERMISSIONS.MANAGER,
        'permissions:view',
        'roles:view',
      ]);
      installFakeApi(userTypesHandler((call) => (call.path === '/api/permissions' ? ok(viewer) : undefined)));
      renderScreen(<ManagePermissionsScreen />, '/profile/manage-permissions');
      expect(await screen.findByTestId('permissions-read-only', undefined, { timeout: 15_000 })).toBeTruthy();
      await toggleCategory('company-users');
      expect(checkbox('Member: Company users – View users').disabled).toBe(true);
      expect(screen.queryByLabelText(/^Save /)).toBeNull();
    },
  );

  it('tells a MEMBER they cannot manage permissions, without loading them', async () => {
    const api = installFakeApi(withPermissions('MEMBER', userTypesHandler()));
    renderScreen(<ManagePermissionsScreen />, '/profile/manage-permissions');
    expect(await screen.findByTestId('permissions-no-access')).toBeTruthy();
    expect(screen.getByText('You cannot manage permissions')).toBeTruthy();
    expect(api.callsTo('/api/userTypeList/c1')).toHaveLength(0);
  });
});
