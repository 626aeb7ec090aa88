import { screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { findActiveKey } from '../../features/menu-management/menu-nav';
import {
  ENTITY_ID,
  SALES_MENU,
  VIEW_ID,
  makeMenu,
  menuServer,
} from '../../features/menu-management/menu-test-utils';
import { StaffSidebar } from './staff-sidebar';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest({ session: { user_type: 'MANAGER' } });

function renderSidebarAt(path: string, area?: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <StaffSidebar onNavigate={() => {}} />, handle: { area } }],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const withMenu = (next: FakeHandler = () => undefined): FakeHandler =>
  menuServer('MANAGER', (call) =>
    call.path === '/api/menu/v2/MANAGER' ? ok(makeMenu('MANAGER', SALES_MENU)) : next(call),
  );

describe('StaffSidebar', () => {
  it("renders the stored menu of the user's type, with entity and view links and the current page", async () => {
    const api = installFakeApi(withMenu());
    renderSidebarAt(`/entity/${ENTITY_ID}`, 'entities');
    const properties = await screen.findByRole('link', { name: 'Properties' });
    expect(api.callsTo('/api/menu/v2/MANAGER')[0]?.url).toBe('/api/menu/v2/MANAGER');
    expect(properties.getAttribute('href')).toBe(`/entity/${ENTITY_ID}`);
    expect(properties.getAttribute('aria-current')).toBe('page');
    // The group holding the current page is open.
    expect(screen.getByRole('link', { name: 'Open deals' }).getAttribute('href')).toBe(
      `/entity-views/view/${VIEW_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/dashboard');
    const help = screen.getByRole('link', { name: /Help/ });
    expect(help.getAttribute('href')).toBe('https://example.com/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('draws bundled icons as components and other names from the icon library', async () => {
    const api = installFakeApi(withMenu());
    renderSidebarAt(`/entity-views/view/${VIEW_ID}`);
    const container = document.body;
    await screen.findByRole('link', { name: 'Open deals' });
    // `building` is bundled (an <svg> component); `rocket` comes from the library as a mask image.
    expect(container.querySelector('svg[data-icon="building"]')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('span[data-icon="rocket"]')).toBeTruthy());
    expect(api.callsTo('/api/icons/getAllIcons')).toHaveLength(1);
    // No markup from the network is placed in the page.
    expect(container.innerHTML).not.toContain('M1 1');
  });

  it('falls back to the built-in areas when the menu cannot be loaded', async () => {
    installFakeApi(menuServer('MANAGER'));
    renderSidebarAt('/contacts', 'contacts');
    const contacts = await screen.findByRole('link', { name: 'Contacts' });
    expect(contacts.getAttribute('aria-current')).toBe('page');
    expect(within(document.body).getByRole('link', { name: 'Documents' })).toBeTruthy();
  });
});

describe('findActiveKey', () => {
  const items = makeMenu('MANAGER', null).items;
  const areaOf = (route: string) => (route.startsWith('/documents') ? 'documents' : undefined);

  it('prefers the longest route that is the path or its prefix, then the route area', () => {
    expect(findActiveKey(items, '/documents/all', 'documents')).toBe('documents.all');
    expect(findActiveKey(items, '/template/create', 'form-templates')).toBe('forms.templates');
    expect(findActiveKey(items, '/documents/123/view', 'documents', areaOf)).toBe('documents.all');
    expect(findActiveKey(items, '/nowhere', undefined)).toBeNull();
  });

  it('highlights nothing on the personal profile pages, and the linked ones by their path', () => {
    const ownerItems = makeMenu('OWNER', null).items;
    const profileAreaOf = (route: string) => (route.startsWith('/profile/') ? 'profile' : undefined);
    for (const page of ['/profile/signature', '/profile/initial', '/profile/personal-information']) {
      expect(findActiveKey(ownerItems, page, 'profile', profileAreaOf)).toBeNull();
    }
    expect(findActiveKey(ownerItems, '/profile/manage-permissions', 'profile', profileAreaOf)).toBe(
      'settings.permissions',
    );
    expect(findActiveKey(ownerItems, '/profile/companyProfile', 'profile', profileAreaOf)).toBe(
      'settings.company',
    );
  });

  it('names each screen once: "Templates" for /templates, one Branding entry for /branding, lit there', () => {
    const ownerItems = makeMenu('OWNER', null).items;
    const leaves = ownerItems.flatMap((item) => (item.kind === 'GROUP' ? item.children : [item]));
    expect(leaves.find((leaf) => leaf.route === '/templates')?.label).toBe('Templates');
    expect(leaves.filter((leaf) => leaf.route === '/branding' || leaf.label === 'Branding')).toEqual([
      expect.objectContaining({ key: 'settings.branding', label: 'Branding', route: '/branding' }),
    ]);
    expect(findActiveKey(ownerItems, '/branding', 'branding')).toBe('settings.branding');
    const routes = leaves.map((leaf) => leaf.route).filter(Boolean);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
