import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMenu, TMenuItem } from '@esigns/contracts/menus';
import { nextIp } from '../../../test/accounts';
import { signedInContact, type ContactSession } from '../../../test/contact-session';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { apiCaller, createContactType, keysOf, labelsOf } from './test-seed';

/*
 * DASHBOARD menu items: a staff type's item opens /page-dashboard/{id}, a contact type's
 * /ap/page-dashboard/{id}; saving checks the dashboard is the company's; reading shows an item only
 * to those the dashboard is shown to, and drops it once the dashboard is deleted.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let forManagers: string;
let forNobody: string;
let forTenants: string;
let theirs: string;
let tenant: string;
let tenantContact: ContactSession;

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(t)(...args);
const staffHeaders = (who: SeededUser) => ({ headers: { authorization: `Bearer ${who.token}` } });

async function createDashboard(
  who: SeededUser,
  name: string,
  assignment: { user_types?: string[]; contact_type_ids?: string[] },
): Promise<string> {
  const res = await call('POST', '/custom-dashboard/create', who, { name, ...assignment });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

const dashboardItem = (key: string, label: string, id: string) => ({
  kind: 'DASHBOARD',
  key,
  label,
  icon: 'chart-pie',
  dashboard_id: id,
});

async function readMenu(who: SeededUser, ref: string, edit = false): Promise<TMenu> {
  const res = await call('GET', `/menu/v2/${ref}${edit ? '?edit=true' : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TMenu;
}

const find = (items: TMenuItem[], key: string) =>
  items.flatMap((i) => [i, ...i.children]).find((i) => i.key === key);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Boards' });
  other = await seedCompany(t, { name: 'Other Boards' });
  tenant = await createContactType(t, acme.users.OWNER, 'Tenant');
  forManagers = await createDashboard(acme.users.OWNER, 'Sales', { user_types: ['MANAGER'] });
  forNobody = await createDashboard(acme.users.OWNER, 'Board only', {});
  forTenants = await createDashboard(acme.users.OWNER, 'My rent', { contact_type_ids: [tenant] });
  theirs = await createDashboard(other.users.OWNER, 'Theirs', { user_types: ['MANAGER'] });
  tenantContact = await signedInContact(t, staffHeaders(acme.users.OWNER), {
    fields: { contact_type_id: tenant },
  });
});
afterAll(async () => {
  await t.close();
});

describe('dashboard menu items', () => {
  it("stores a staff type's dashboard item that opens /page-dashboard/{id}", async () => {
    const items = [
      dashboardItem('sales', 'Sales board', forManagers),
      {
        kind: 'GROUP',
        key: 'boards',
        label: 'Boards',
        children: [dashboardItem('board', 'Board', forNobody)],
      },
    ];
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: 'MANAGER', items });
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json().data as TMenu;
    expect(find(menu.items, 'sales')).toMatchObject({
      kind: 'DASHBOARD',
      route: `/page-dashboard/${forManagers}`,
      permission: 'custom-dashboards:view',
      dashboard_id: forManagers,
    });
    // The editor's view (what a save answers) keeps an item whose dashboard is not assigned.
    expect(find(menu.items, 'board')).toMatchObject({ dashboard_id: forNobody });
  });

  it.each([
    ['another company', () => theirs],
    ['an unknown id', () => '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b'],
  ])("refuses a dashboard of %s with a 422 on the item's dashboard_id", async (_, id) => {
    const items = [
      { kind: 'ROUTE', key: 'home', label: 'Home', route: '/dashboard' },
      dashboardItem('theirs', 'Theirs', id()),
    ];
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: 'MEMBER', items });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['items.1.dashboard_id']);
    expect(res.json().message).toBe('This dashboard does not exist or was deleted');
  });

  it.each([
    ['not an id', 'board-1'],
    ['missing', undefined],
  ])('refuses a dashboard_id that is %s with a 422', async (_, id) => {
    const items = [{ kind: 'DASHBOARD', label: 'Board', dashboard_id: id }];
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: 'MEMBER', items });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(['items.0.dashboard_id']);
  });

  it('shows a manager only the dashboards assigned to MANAGER; the owner sees every one', async () => {
    const manager = await readMenu(acme.users.MANAGER, 'MANAGER');
    expect(labelsOf(manager.items)).toEqual(['Sales board']);
    // The owner previewing MANAGER's menu sees what both a manager and they may open.
    const preview = await readMenu(acme.users.OWNER, 'MANAGER');
    expect(labelsOf(preview.items)).toEqual(['Sales board']);
    const stored = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: 'OWNER',
      items: [dashboardItem('board', 'Board', forNobody)],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(labelsOf((await readMenu(acme.users.OWNER, 'OWNER')).items)).toEqual(['Board']);
  });

  it("hides a dashboard item from a member who reads a manager's menu", async () => {
    const res = await call('GET', '/menu/v2/MANAGER', acme.users.MEMBER);
    expect(res.statusCode, res.body).toBe(200);
    expect(find((res.json().data as TMenu).items, 'sales')).toBeUndefined();
  });

  it("stores a contact type's dashboard item that opens /ap/page-dashboard/{id} for its contacts", async () => {
    const items = [
      dashboardItem('rent', 'My rent', forTenants),
      dashboardItem('sales', 'Sales', forManagers),
    ];
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: tenant, items });
    expect(res.statusCode, res.body).toBe(200);
    expect(find((res.json().data as TMenu).items, 'rent')).toMatchObject({
      route: `/ap/page-dashboard/${forTenants}`,
      permission: null,
    });
    const asContact = await t.app.inject({
      method: 'GET',
      url: `/api/menu/v2/${tenant}`,
      headers: tenantContact.headers,
      remoteAddress: nextIp(),
    });
    expect(asContact.statusCode, asContact.body).toBe(200);
    // The managers' dashboard is not assigned to the contact type: its item does not show.
    expect(labelsOf((asContact.json().data as TMenu).items)).toEqual(['My rent']);
  });

  it('drops the item of a deleted dashboard, from the sidebar and from the editor', async () => {
    const gone = await createDashboard(acme.users.OWNER, 'Short-lived', { user_types: ['MANAGER'] });
    const menu = await readMenu(acme.users.OWNER, 'MANAGER', true);
    const items = [...menu.items, dashboardItem('gone', 'Gone soon', gone)];
    const saved = await call('PUT', '/menu/v2', acme.users.OWNER, {
      user_type: 'MANAGER',
      items,
      version: menu.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(labelsOf((await readMenu(acme.users.MANAGER, 'MANAGER')).items)).toContain('Gone soon');
    const deleted = await call('DELETE', `/custom-dashboard/${gone}`, acme.users.OWNER);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(labelsOf((await readMenu(acme.users.MANAGER, 'MANAGER')).items)).not.toContain('Gone soon');
    expect(find((await readMenu(acme.users.OWNER, 'MANAGER', true)).items, 'gone')).toBeUndefined();
  });
});
