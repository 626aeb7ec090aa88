import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMenuItemInput } from '@esigns/contracts/menus';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreen } from '../team/team-test-utils';
import { MenuManagementScreen } from './menu-management-screen';
import { CONTACT_TYPES, ENTITY_ID, makeMenu, menuServer } from './menu-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest();

const [buyer, tenant] = CONTACT_TYPES as [(typeof CONTACT_TYPES)[0], (typeof CONTACT_TYPES)[0]];

/** Buyer has a stored application menu, Tenant the default one; `next` answers the rest. */
function server(next: FakeHandler = () => undefined): FakeHandler {
  return menuServer('OWNER', (call) => {
    if (call.method === 'GET' && call.path === '/api/menu/v2/OWNER') return ok(makeMenu('OWNER', null));
    if (call.method === 'GET' && call.path === `/api/menu/v2/${buyer._id}`)
      return ok(
        makeMenu(buyer._id, [
          { key: 'listings', kind: 'ENTITY', label: 'Listings', icon: 'building', entity_id: ENTITY_ID },
        ]),
      );
    if (call.method === 'GET' && call.path === `/api/menu/v2/${tenant._id}`)
      return ok(makeMenu(tenant._id, null));
    return next(call);
  });
}

const rowKeys = () => screen.getAllByTestId('menu-row').map((row) => row.getAttribute('data-key'));

describe('MenuManagementScreen: contact types menus', { timeout: 30_000 }, () => {
  it('switches to a contact type, edits its application menu and saves it by the type id', async () => {
    let body: { user_type: string; items: TMenuItemInput[] } | undefined;
    const api = installFakeApi(
      server((call) => {
        if (call.method !== 'POST' || call.path !== '/api/menu/v2') return undefined;
        body = call.body as typeof body;
        return ok(
          makeMenu(
            tenant._id,
            [{ key: 'docs', kind: 'ROUTE', label: 'Papers', icon: null, route: '/ap/documents' }],
            1,
          ),
        );
      }),
    );
    renderScreen(<MenuManagementScreen />, '/menu-management');
    await screen.findByText('Default menu');

    fireEvent.click(screen.getByRole('radio', { name: 'Contact types' }));
    // The first contact type's menu: its stored items, previewed as the /ap sidebar.
    await screen.findByText(/Own menu/);
    expect(api.callsTo(`/api/menu/v2/${buyer._id}`)[0]?.url).toBe(`/api/menu/v2/${buyer._id}?edit=true`);
    expect(rowKeys()).toEqual(['listings']);
    const preview = screen.getByTestId('menu-preview');
    expect(within(preview).getByText('Listings')).toBeTruthy();
    expect(
      within(preview.parentElement!).getByText(/Contacts of the type Buyer \(contact type\)/),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Contact type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tenant' }));
    await screen.findByText('Default menu');
    expect(rowKeys()).toEqual([
      'ap.dashboard',
      'ap.documents',
      'ap.workflows',
      'ap.approvals',
      'ap.forms',
      'ap.profile',
    ]);

    // The screens offered are the application area's.
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Screen' }));
    expect(await screen.findByRole('option', { name: 'Approval forms' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Company users' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Profile' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body!.user_type).toBe(tenant._id);
    expect(body!.items.at(-1)).toMatchObject({ kind: 'ROUTE', route: '/ap/profile', label: 'Profile' });
    expect(await screen.findByText('The Tenant (contact type) menu is saved')).toBeTruthy();
  });

  it('opens a contact type named in the address', async () => {
    installFakeApi(server());
    renderScreen(<MenuManagementScreen />, `/menu-management?user_type=${tenant._id}`);
    await screen.findByText('Default menu');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Contact type' }) as HTMLInputElement).value).toBe(
        'Tenant',
      ),
    );
  });

  it('says when the company has no contact type yet', async () => {
    const menus = server();
    installFakeApi((call) => (call.path === '/api/contact-types' ? ok([]) : menus(call)));
    renderScreen(<MenuManagementScreen />, '/menu-management?user_type=contacts');
    expect(await screen.findByTestId('no-contact-types')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact types' }).getAttribute('href')).toBe('/contact-types');
  });
});
