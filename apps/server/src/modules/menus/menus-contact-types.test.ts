import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MENU, type TMenu, type TMenuItem } from '@esigns/contracts/menus';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { apiCaller, createContactType, keysOf, labelsOf, seedEntity, type SeededEntity } from './test-seed';

/*
 * Contact types' menus (the application users' sidebar in /ap) through the same menu calls, and
 * `GET /userTypeList/{companyId}?isMenu=true` answering the stored staff menus.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: SeededEntity;
let buyer: string;
let tenant: string;
let theirType: string;

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(t)(...args);

const createType = (who: SeededUser, name: string) => createContactType(t, who, name);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Portal' });
  other = await seedCompany(t, { name: 'Other Portal' });
  property = await seedEntity(t, acme.companyId, 'Listing');
  buyer = await createType(acme.users.OWNER, 'Buyer');
  tenant = await createType(acme.users.OWNER, 'Tenant');
  theirType = await createType(other.users.OWNER, 'Buyer');
});
afterAll(async () => {
  await t.close();
});

const buyerMenu = () => [
  { kind: 'ROUTE', key: 'home', label: 'Home', icon: 'home', route: '/ap/dashboard' },
  {
    kind: 'GROUP',
    key: 'homes',
    label: 'Homes',
    children: [
      { kind: 'ENTITY', key: 'listings', label: 'Listings', entity_id: property.entityId },
      { kind: 'ENTITY_VIEW', label: 'Open', entity_view_id: property.viewId },
      { kind: 'FORM_TEMPLATE', label: 'Enquiry', form_template_id: property.templateId },
    ],
  },
  { kind: 'GROUP', key: 'empty', label: 'Nothing yet', children: [] },
  { kind: 'EXTERNAL_LINK', label: 'Help', url: 'https://example.com/help' },
];

describe('contact types menus', () => {
  it('answers the application default menu while none is stored', async () => {
    const res = await call('GET', `/menu/v2/${buyer}?edit=true`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const menu: TMenu = res.json().data;
    expect(menu).toMatchObject({
      _id: null,
      user_type: buyer,
      contact_type: { _id: buyer, name: 'Buyer' },
      is_default: true,
      version: 0,
    });
    expect(menu.items.map((i) => [i.route, i.permission])).toEqual(
      APPLICATION_MENU.map((l) => [l.route, null]),
    );
  });

  it('stores a contact type menu whose items open /ap screens and need no staff permission', async () => {
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: buyer, items: buyerMenu() });
    expect(res.statusCode, res.body).toBe(200);
    const menu: TMenu = res.json().data;
    expect(menu).toMatchObject({ user_type: buyer, contact_type: { name: 'Buyer' }, version: 1 });
    const [home, homes] = menu.items;
    expect(home).toMatchObject({ route: '/ap/dashboard', permission: null });
    expect(homes!.children.map((c) => [c.route, c.permission])).toEqual([
      [`/ap/entity/${property.entityId}/listings`, null],
      [`/ap/entity-views/view/${property.viewId}`, null],
      [`/ap/template/${property.templateId}/menu/view`, null],
    ]);
    // The editor keeps the empty group; the sidebar read drops it.
    expect(labelsOf(menu.items)).toContain('Nothing yet');
    const read = await call('GET', `/menu/${buyer}`, acme.users.ADMIN);
    expect(read.statusCode, read.body).toBe(200);
    expect(labelsOf(read.json().data.items)).toEqual([
      'Home',
      'Homes',
      'Listings',
      'Open',
      'Enquiry',
      'Help',
    ]);
    // Staff menus are untouched, and the other type still has the default.
    const tenantMenu = await call('GET', `/menu/v2/${tenant}`, acme.users.OWNER);
    expect(tenantMenu.json().data.is_default).toBe(true);
    expect((await call('GET', '/menu/v2/MEMBER?edit=true', acme.users.OWNER)).json().data.is_default).toBe(
      true,
    );
  });

  it('replaces it with the version read, answers it among several, and lists it for the entity', async () => {
    const current: TMenu = (await call('GET', `/menu/v2/${buyer}?edit=true`, acme.users.OWNER)).json().data;
    const items = [{ kind: 'ENTITY', key: 'mine', label: 'My listings', entity_id: property.entityId }];
    const res = await call('PUT', '/menu', acme.users.OWNER, {
      user_type: buyer.toUpperCase(),
      items,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: buyer, version: current.version + 1 });
    const stale = await call('PUT', '/menu/v2', acme.users.OWNER, {
      user_type: buyer,
      items,
      version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Buyer \(contact type\) menu was changed/);

    const several = await call('POST', '/menu/v2/usertypes', acme.users.OWNER, {
      user_types: ['MANAGER', buyer, tenant, buyer],
    });
    expect(several.statusCode, several.body).toBe(200);
    expect(several.json().data.map((m: TMenu) => [m.user_type, m.is_default])).toEqual([
      ['MANAGER', true],
      [buyer, false],
      [tenant, true],
    ]);

    const showing = await call('GET', `/menu/v2/entity/${property.entityId}`, acme.users.OWNER);
    expect(showing.json().data).toEqual({
      entity_id: property.entityId,
      user_types: [],
      contact_types: [{ _id: buyer, name: 'Buyer' }],
    });
  });

  it('refuses staff screens in a contact type menu and /ap screens in a staff menu (422)', async () => {
    const toContacts = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: tenant,
      items: [{ kind: 'ROUTE', label: 'Roles', route: '/roles' }],
    });
    expect(toContacts.statusCode).toBe(422);
    expect(keysOf(toContacts)).toEqual(['items.0.route']);
    expect(toContacts.json().message).toMatch(/application area/);
    const toStaff = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: 'ADMIN',
      items: [{ kind: 'ROUTE', label: 'Portal', route: '/ap/dashboard' }],
    });
    expect(toStaff.statusCode).toBe(422);
    expect(keysOf(toStaff)).toEqual(['items.0.route']);
  });

  it.each([
    ['another company contact type', () => theirType],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000009'],
    ['a name that is no user type', () => 'Buyer'],
  ])('answers %s with 404 in a path and 422 in a body', async (_name, ref) => {
    expect((await call('GET', `/menu/v2/${ref()}?edit=true`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', `/menu/v2/${ref()}`, acme.users.OWNER)).statusCode).toBe(404);
    const res = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: ref(), items: [] });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['user_type']);
  });

  it('is read and written by menus:manage only', async () => {
    expect((await call('GET', `/menu/v2/${buyer}`, acme.users.MEMBER)).statusCode).toBe(403);
    expect((await call('GET', `/menu/${buyer}`, acme.users.MANAGER)).statusCode).toBe(403);
    const write = await call('POST', '/menu/v2', acme.users.MEMBER, { user_type: tenant, items: [] });
    expect(write.statusCode).toBe(403);
    expect((await call('DELETE', `/menu/v2/${buyer}`, acme.users.MANAGER)).statusCode).toBe(403);
  });

  it('resets by contact type or menu id, and goes when its contact type is deleted', async () => {
    const stored = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: tenant,
      items: [{ kind: 'ROUTE', label: 'Papers', route: '/ap/documents' }],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const reset = await call('DELETE', `/menu/v2/${stored.json().data._id}`, acme.users.OWNER);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ user_type: tenant, is_default: true, _id: null });
    expect((await call('DELETE', `/menu/v2/${tenant}`, acme.users.OWNER)).statusCode).toBe(200);

    const menuId = (await call('GET', `/menu/v2/${buyer}?edit=true`, acme.users.OWNER)).json().data._id;
    expect(menuId).toBeTruthy();
    expect((await call('DELETE', `/contact-types/${buyer}`, acme.users.OWNER)).statusCode).toBe(200);
    expect((await call('GET', `/menu/v2/${buyer}?edit=true`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', `/menu/v2/${menuId}`, acme.users.OWNER)).statusCode).toBe(404);
    const showing = await call('GET', `/menu/v2/entity/${property.entityId}`, acme.users.OWNER);
    expect(showing.json().data.contact_types).toEqual([]);
  });
});

describe('GET /userTypeList/{companyId}?isMenu=true', () => {
  it("answers each user type's stored menu, else the default", async () => {
    const saved = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: 'MEMBER',
      items: [
        { kind: 'ENTITY', label: 'Listings', entity_id: property.entityId },
        { kind: 'ROUTE', label: 'Roles', route: '/roles' },
        {
          kind: 'GROUP',
          label: 'Links',
          children: [{ kind: 'EXTERNAL_LINK', label: 'Help', url: 'https://x.io' }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('GET', `/userTypeList/${acme.companyId}?isMenu=true`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const [owner, , manager, member] = res.json().data as { user_type: string; menu: TMenuItem[] }[];
    // MEMBER: the stored items its permissions open (not Roles); the others the default menu.
    expect(labelsOf(member!.menu)).toEqual(['Listings', 'Links', 'Help']);
    expect(member!.menu[0]).toMatchObject({ kind: 'ENTITY', route: `/entity/${property.entityId}` });
    expect(owner!.menu.map((i) => i.key)).toContain('settings');
    const managerMenu = await call('GET', '/menu/v2/MANAGER', acme.users.OWNER);
    expect(manager!.menu).toEqual(managerMenu.json().data.items);
    // Without isMenu no menu; another company's list stays theirs.
    const plain = await call('GET', `/userTypeList/${acme.companyId}`, acme.users.OWNER);
    expect(plain.json().data[3].menu).toBeUndefined();
    const theirs = await call('GET', `/userTypeList/${other.companyId}?isMenu=true`, other.users.OWNER);
    expect(theirs.json().data[3].menu.map((i: TMenuItem) => i.kind)).not.toContain('ENTITY');
    expect(
      (await call('GET', `/userTypeList/${other.companyId}?isMenu=true`, acme.users.OWNER)).statusCode,
    ).toBe(404);
  });
});
