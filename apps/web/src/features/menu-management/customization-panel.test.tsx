import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreen } from '../team/team-test-utils';
import { MenuManagementScreen } from './menu-management-screen';
import { ENTITY_ID, TEMPLATE_ID, makeCustomization, menuServer } from './menu-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest();

const look = makeCustomization();
const plain = makeCustomization({
  _id: '6c6c6c6c-0000-4000-8000-000000000002',
  label: 'Plain',
  isActive: false,
});

function server(userType: UserType, writes: FakeHandler = () => undefined): FakeHandler {
  return menuServer(userType, (call) => {
    if (call.path === `/api/entity-customization/entity_id/${ENTITY_ID}`) return ok([look, plain]);
    if (call.path === `/api/entities/${ENTITY_ID}`)
      return ok({ _id: ENTITY_ID, templates: [{ template_id: TEMPLATE_ID }] });
    if (call.path === `/api/template/${TEMPLATE_ID}`) {
      return ok({ _id: TEMPLATE_ID, name: 'Property details', fields: [{ key: 'price', label: 'Price' }] });
    }
    return writes(call);
  });
}

const at = `/menu-management?tab=customization&entity=${ENTITY_ID}`;
const rowOf = (label: string) =>
  screen.getAllByTestId('customization-row').find((row) => within(row).queryByText(label))!;

describe('MenuManagementScreen: entity customization', { timeout: 30_000 }, () => {
  it("lists an entity's customizations and creates one", async () => {
    let body: Record<string, unknown> | undefined;
    installFakeApi(
      server('OWNER', (call) => {
        if (call.method !== 'POST') return undefined;
        body = call.body as Record<string, unknown>;
        return ok(makeCustomization({ _id: 'new', label: 'Compact' }));
      }),
    );
    renderScreen(<MenuManagementScreen />, at);
    await screen.findByText('Sales look');
    expect(within(rowOf('Sales look')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Sales look')).getByText('Listings')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New customization' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Compact' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Records are called' }), {
      target: { value: 'Homes' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Files' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '50' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Sorted by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Price' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      entity_id: ENTITY_ID,
      label: 'Compact',
      isActive: false,
      config: {
        labels: { singular: null, plural: 'Homes' },
        record_tabs: ['DETAILS', 'RELATIONSHIPS', 'DOCUMENTS', 'ACTIVITY'],
        default_sort: { field: `${TEMPLATE_ID}#price`, direction: 'asc' },
        page_size: 50,
      },
    });
    expect(await screen.findByText('Compact is saved')).toBeTruthy();
  });

  it('shows the server’s 422 on the fields, activates and deletes', async () => {
    const api = installFakeApi(
      server('OWNER', (call) => {
        if (call.method === 'PUT' && (call.body as { label?: string }).label !== undefined) {
          return invalid({ label: 'Property already has a customization called Plain' });
        }
        if (call.method === 'PUT') return ok({ ...plain, isActive: true });
        if (call.method === 'DELETE') return ok({ _id: plain._id });
        return undefined;
      }),
    );
    renderScreen(<MenuManagementScreen />, at);
    await screen.findByText('Sales look');
    fireEvent.click(screen.getByRole('button', { name: 'Change Sales look' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Plain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Property already has a customization called Plain')).toBeTruthy();
    expect(
      (api.callsTo('/api/entity-customization/update')[0]?.body as { updated_at: string }).updated_at,
    ).toBe(look.updated_at);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Make Plain active' }));
    expect(await screen.findByText('Plain is now active')).toBeTruthy();
    expect(api.callsTo('/api/entity-customization/update').at(-1)?.body).toMatchObject({
      _id: plain._id,
      isActive: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Plain' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/entity-customization/${plain._id}`, 'DELETE')).toHaveLength(1),
    );
  });

  it('lets a MANAGER look without changing, and a MEMBER not at all', async () => {
    installFakeApi(server('MANAGER'));
    renderScreen(<MenuManagementScreen />, at);
    await screen.findByText('Sales look');
    expect(screen.queryByRole('tab', { name: 'Menus' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New customization' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Sales look' })).toBeNull();
    cleanup();
    installFakeApi(server('MEMBER'));
    renderScreen(<MenuManagementScreen />, at);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });

  it('asks for an entity first', async () => {
    installFakeApi(server('OWNER'));
    renderScreen(<MenuManagementScreen />, '/menu-management?tab=customization');
    expect(await screen.findByText('Choose an entity')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Entity' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Property' }));
    expect(await screen.findByText('Sales look')).toBeTruthy();
  });
});
