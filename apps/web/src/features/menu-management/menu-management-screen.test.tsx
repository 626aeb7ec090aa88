import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TMenuItemInput } from '@esigns/contracts/menus';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreen } from '../team/team-test-utils';
import { MenuManagementScreen } from './menu-management-screen';
import { BOARD_ONLY_ID, DASHBOARD_ID, SALES_MENU, makeMenu, menuServer } from './menu-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest();

/** OWNER's menu is the default one, MANAGER's is stored; `writes` answers POST/PUT/DELETE. */
function server(writes: FakeHandler = () => undefined): FakeHandler {
  return menuServer('OWNER', (call) => {
    if (call.method === 'GET' && call.path === '/api/menu/v2/OWNER') return ok(makeMenu('OWNER', null));
    if (call.method === 'GET' && call.path === '/api/menu/v2/MANAGER')
      return ok(makeMenu('MANAGER', SALES_MENU));
    return writes(call);
  });
}

const rowLabels = () => screen.getAllByTestId('menu-row').map((row) => row.getAttribute('data-key'));
const rowOf = (key: string) =>
  screen.getAllByTestId('menu-row').find((row) => row.getAttribute('data-key') === key)!;

async function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('MenuManagementScreen: menus', { timeout: 30_000 }, () => {
  it('shows the default menu of a user type, then a stored one with its preview', async () => {
    const api = installFakeApi(server());
    renderScreen(<MenuManagementScreen />, '/menu-management');
    await screen.findByText('Default menu');
    expect(api.callsTo('/api/menu/v2/OWNER')[0]?.url).toBe('/api/menu/v2/OWNER?edit=true');
    expect(rowLabels().slice(0, 3)).toEqual(['dashboard', 'documents', 'documents.all']);
    expect(within(screen.getByTestId('menu-preview')).getByText('Company users')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'MANAGER' }));
    await screen.findByText(/Own menu/);
    expect(rowLabels()).toEqual(['home', 'sales', 'properties', 'open-deals', 'help']);
    const preview = within(screen.getByTestId('menu-preview'));
    expect(preview.getByText('Properties')).toBeTruthy();
    expect(preview.getByText('Open deals')).toBeTruthy();
    expect(within(rowOf('properties')).getByText('Property')).toBeTruthy();
    expect(within(rowOf('help')).getByText('https://example.com/help')).toBeTruthy();
  });

  it('adds an entity to a group and saves the menu with its version', async () => {
    let body: { items: TMenuItemInput[]; version: number } | undefined;
    const api = installFakeApi(
      server((call) => {
        if (call.method !== 'PUT') return undefined;
        body = call.body as typeof body;
        return ok({ ...makeMenu('MANAGER', SALES_MENU, 4) });
      }),
    );
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Sales' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Entity' }));
    await pick('Entity', 'Lead');
    expect((within(dialog).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('Lead');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(within(screen.getByTestId('menu-preview')).getByText('Lead')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body!.version).toBe(3);
    const sales = body!.items[1] as Extract<TMenuItemInput, { kind: 'GROUP' }>;
    expect(sales.children?.map((c) => c.label)).toEqual(['Properties', 'Open deals', 'Lead']);
    expect(sales.children?.[2]).toMatchObject({
      kind: 'ENTITY',
      entity_id: '5e5e5e5e-0000-4000-8000-000000000009',
    });
    expect(await screen.findByText('The MANAGER menu is saved')).toBeTruthy();
    expect(api.callsTo('/api/menu/v2', 'POST')).toHaveLength(0);
  });

  it('first saves of a default menu POST it; items can be moved and removed from their menu', async () => {
    let body: { user_type: string; items: TMenuItemInput[] } | undefined;
    installFakeApi(
      server((call) => {
        if (call.method !== 'POST') return undefined;
        body = call.body as typeof body;
        return ok(makeMenu('OWNER', SALES_MENU, 1));
      }),
    );
    renderScreen(<MenuManagementScreen />, '/menu-management');
    await screen.findByText('Default menu');
    fireEvent.click(within(rowOf('workflows')).getByRole('button', { name: 'More actions for Workflows' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move into Settings' }));
    fireEvent.click(within(rowOf('apps')).getByRole('button', { name: 'More actions for Apps' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    fireEvent.click(within(rowOf('dashboard')).getByRole('button', { name: 'More actions for Dashboard' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body!.user_type).toBe('OWNER');
    const keys = body!.items.map((i) => i.key);
    expect(keys.slice(0, 2)).toEqual(['documents', 'dashboard']);
    expect(keys).not.toContain('apps');
    expect(keys).not.toContain('workflows');
    const settings = body!.items.find((i) => i.key === 'settings') as Extract<
      TMenuItemInput,
      { kind: 'GROUP' }
    >;
    expect(settings.children?.at(-1)?.key).toBe('workflows');
  });

  it('shows the server’s 422 on the item and a 409 with a way to reload', async () => {
    let answer = invalid({ 'items.2.children.0.entity_id': 'This entity does not exist or was deleted' });
    installFakeApi(server((call) => (call.method === 'PUT' ? answer : undefined)));
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(within(rowOf('help')).getByRole('button', { name: 'More actions for Help' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    expect(
      await within(rowOf('properties')).findByText('This entity does not exist or was deleted'),
    ).toBeTruthy();
    expect(screen.getByText('Some items need attention: see below.')).toBeTruthy();

    answer = fail(409, 'The MANAGER menu was changed by someone else meanwhile');
    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    expect(await screen.findByText('Changed meanwhile')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the saved menu' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(rowLabels().at(-1)).toBe('help');
  });

  it('resets a stored menu to the default after asking', async () => {
    const api = installFakeApi(
      server((call) => (call.method === 'DELETE' ? ok(makeMenu('MANAGER', null)) : undefined)),
    );
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await screen.findByText('Default menu');
    expect(api.callsTo('/api/menu/v2/MANAGER', 'DELETE')).toHaveLength(1);
    expect(rowLabels()[0]).toBe('dashboard');
  });

  it('adds a dashboard item, saying when the dashboard is not assigned to the type', async () => {
    let body: { items: TMenuItemInput[] } | undefined;
    installFakeApi(
      server((call) => {
        if (call.method !== 'PUT') return undefined;
        body = call.body as typeof body;
        return ok(makeMenu('MANAGER', SALES_MENU, 4));
      }),
    );
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Dashboard' }));
    await pick('Dashboard', 'Board only');
    expect(within(dialog).getByText(/Not assigned to MANAGER/)).toBeTruthy();
    await pick('Dashboard', 'Sales board');
    expect(within(dialog).queryByText(/Not assigned to MANAGER/)).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe(
      'Sales board',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('menu-preview')).getByText('Sales board')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body!.items.at(-1)).toMatchObject({ kind: 'DASHBOARD', dashboard_id: DASHBOARD_ID });
    expect(body!.items.map((i) => 'dashboard_id' in i && i.dashboard_id)).not.toContain(BOARD_ONLY_ID);
  });

  it("lists the default menu's top-level screens in one group (no duplicate option groups)", async () => {
    const errors = vi.spyOn(console, 'error');
    installFakeApi(server());
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await screen.findByRole('dialog');
    await pick('Screen', 'Workflows');
    const keyWarnings = errors.mock.calls.filter((args) => String(args[0]).includes('same key'));
    errors.mockRestore();
    expect(keyWarnings).toEqual([]);
  });

  it('checks an item before adding it', async () => {
    installFakeApi(server());
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=MANAGER');
    await screen.findByText(/Own menu/);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Link' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'http://x.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await within(dialog).findByText('Give an https:// address')).toBeTruthy();
    expect(within(dialog).getByText('Give the item a label')).toBeTruthy();
  });

  it('tells a user without the permissions that they cannot use it', async () => {
    installFakeApi(menuServer('MEMBER'));
    renderScreen(<MenuManagementScreen />, '/menu-management');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
