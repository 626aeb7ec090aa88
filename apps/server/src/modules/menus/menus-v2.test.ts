import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMenu } from '@esigns/contracts/menus';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { entityViews } from '../entity-views/schema';
import { buildMenu } from './service';
import { apiCaller, keysOf, labelsOf, seedEntity, type SeededEntity } from './test-seed';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: SeededEntity;
let theirs: SeededEntity;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Menus' });
  other = await seedCompany(t, { name: 'Other Menus' });
  property = await seedEntity(t, acme.companyId, 'Property');
  theirs = await seedEntity(t, other.companyId, 'Their property');
});
afterAll(async () => {
  await t.close();
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(t)(...args);

const salesMenu = () => [
  { kind: 'ROUTE', key: 'home', label: 'Home', icon: 'home', route: '/dashboard' },
  {
    kind: 'GROUP',
    label: 'Sales',
    icon: 'building-store',
    children: [
      { kind: 'ENTITY', label: 'Properties', icon: 'building', entity_id: property.entityId },
      { kind: 'ENTITY_VIEW', label: 'Open deals', icon: 'layout-list', entity_view_id: property.viewId },
      { kind: 'FORM_TEMPLATE', label: 'Property form', icon: null, form_template_id: property.templateId },
    ],
  },
  { kind: 'EXTERNAL_LINK', label: 'Help', icon: 'help-circle-filled', url: 'https://example.com/help' },
];

async function saveMenu(userType: string, items: unknown, who = acme.users.OWNER): Promise<TMenu> {
  const res = await call('POST', '/menu/v2', who, { user_type: userType, items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function readMenu(who: SeededUser, userType: string, edit = false): Promise<TMenu> {
  const res = await call('GET', `/menu/v2/${userType}${edit ? '?edit=true' : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('menus v2: saving and reading', () => {
  it('answers the default menu while none is stored', async () => {
    const menu = await readMenu(acme.users.OWNER, 'MANAGER', true);
    expect(menu).toMatchObject({ _id: null, user_type: 'MANAGER', version: 0, is_default: true });
    expect(menu.items).toEqual(buildMenu(() => true));
  });

  it('stores a menu with every kind, resolving routes and permissions', async () => {
    const menu = await saveMenu('manager', salesMenu());
    expect(menu).toMatchObject({ user_type: 'MANAGER', version: 1, is_default: false });
    expect(menu._id).toMatch(/^[0-9a-f-]{36}$/);
    const [home, sales, help] = menu.items;
    expect(home).toEqual({
      key: 'home',
      kind: 'ROUTE',
      label: 'Home',
      icon: 'home',
      route: '/dashboard',
      permission: 'dashboards:view',
      children: [],
    });
    expect(sales!.key).toMatch(/^group-[0-9a-f]{8}$/);
    expect(sales!.children.map((c) => [c.kind, c.route, c.permission])).toEqual([
      ['ENTITY', `/entity/${property.entityId}`, 'entity-data:view'],
      ['ENTITY_VIEW', `/entity-views/view/${property.viewId}`, 'entity-views:view'],
      ['FORM_TEMPLATE', `/template/${property.templateId}/menu/view`, 'entity-data:view'],
    ]);
    expect(sales!.children[0]).toMatchObject({ entity_id: property.entityId, label: 'Properties' });
    expect(help).toMatchObject({
      kind: 'EXTERNAL_LINK',
      url: 'https://example.com/help',
      route: null,
      permission: null,
    });
  });

  it('shows the stored menu to that user type, on v1 and v2, filtered by permissions', async () => {
    const v2 = await readMenu(acme.users.MANAGER, 'MANAGER');
    expect(labelsOf(v2.items)).toEqual([
      'Home',
      'Sales',
      'Properties',
      'Open deals',
      'Property form',
      'Help',
    ]);
    const v1 = await call('GET', '/menu/MANAGER', acme.users.MANAGER);
    expect(v1.json().data.items).toEqual(v2.items);

    // MEMBER: records yes, views no; a group left empty disappears.
    await saveMenu('MEMBER', [
      {
        kind: 'GROUP',
        label: 'Views',
        children: [{ kind: 'ENTITY_VIEW', label: 'Deals', entity_view_id: property.viewId }],
      },
      { kind: 'ENTITY', label: 'Properties', entity_id: property.entityId },
      { kind: 'ROUTE', label: 'Roles', route: '/roles' },
    ]);
    expect(labelsOf((await readMenu(acme.users.MEMBER, 'MEMBER')).items)).toEqual(['Properties']);
    // The editor sees every item.
    expect(labelsOf((await readMenu(acme.users.OWNER, 'MEMBER', true)).items)).toEqual([
      'Views',
      'Deals',
      'Properties',
      'Roles',
    ]);
    // Asking for a higher type never shows more than one's own rights.
    const asMember = await readMenu(acme.users.MEMBER, 'MANAGER');
    expect(labelsOf(asMember.items)).toEqual(['Home', 'Sales', 'Properties', 'Property form', 'Help']);
  });

  it('answers several user types at once', async () => {
    const res = await call('POST', '/menu/v2/usertypes', acme.users.OWNER, {
      user_types: ['MANAGER', 'member', 'MANAGER', 'ADMIN'],
      edit: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const menus: TMenu[] = res.json().data;
    expect(menus.map((m) => [m.user_type, m.is_default])).toEqual([
      ['MANAGER', false],
      ['MEMBER', false],
      ['ADMIN', true],
    ]);
    expect(
      (await call('POST', '/menu/v2/usertypes', acme.users.MEMBER, { user_types: ['MEMBER'], edit: true }))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', '/menu/v2/usertypes', acme.users.OWNER, { user_types: [] })).statusCode).toBe(
      422,
    );
  });

  it('lists the user types whose menu shows an entity', async () => {
    const res = await call('GET', `/menu/v2/entity/${property.entityId}`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      entity_id: property.entityId,
      user_types: ['MANAGER', 'MEMBER'],
      contact_types: [],
    });
    const unused = await seedEntity(t, acme.companyId);
    expect(
      (await call('GET', `/menu/v2/entity/${unused.entityId}`, acme.users.OWNER)).json().data.user_types,
    ).toEqual([]);
    expect((await call('GET', `/menu/v2/entity/${theirs.entityId}`, acme.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('GET', '/menu/v2/entity/00000000-0000-4000-8000-000000000000', acme.users.OWNER))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/menu/v2/entity/nope', acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('menus v2: versions, reset and deleted rows', () => {
  it('replaces with the version read and refuses a stale one (409)', async () => {
    const current = await readMenu(acme.users.OWNER, 'MANAGER', true);
    const items = [{ kind: 'ROUTE', label: 'Start', route: '/dashboard' }];
    const res = await call('PUT', '/menu/v2', acme.users.OWNER, {
      user_type: 'MANAGER',
      items,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBe(current.version + 1);
    const stale = await call('PUT', '/menu', acme.users.OWNER, {
      user_type: 'MANAGER',
      items,
      version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    // A second first save is a conflict too.
    expect((await call('POST', '/menu', acme.users.OWNER, { user_type: 'MANAGER', items })).statusCode).toBe(
      409,
    );
  });

  it('resets to the default by menu id or user type, and a save after a reset is stale', async () => {
    const stored = await readMenu(acme.users.OWNER, 'MANAGER', true);
    const theirMenu = await saveMenu(
      'MANAGER',
      [{ kind: 'ROUTE', label: 'Home', route: '/dashboard' }],
      other.users.OWNER,
    );
    expect((await call('DELETE', `/menu/v2/${theirMenu._id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', '/menu/v2/KING', acme.users.OWNER)).statusCode).toBe(404);

    const res = await call('DELETE', `/menu/v2/${stored._id}`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_default: true, version: 0, user_type: 'MANAGER' });
    expect((await readMenu(acme.users.MANAGER, 'MANAGER')).is_default).toBe(true);
    const late = await call('PUT', '/menu/v2', acme.users.OWNER, {
      user_type: 'MANAGER',
      items: [],
      version: stored.version,
    });
    expect(late.statusCode).toBe(409);
    // Nothing stored: already the default.
    expect((await call('DELETE', '/menu/v2/admin', acme.users.OWNER)).statusCode).toBe(200);
    // The other company's menu is untouched.
    expect((await readMenu(other.users.OWNER, 'MANAGER', true)).is_default).toBe(false);
  });

  it('drops items whose entity view was deleted', async () => {
    const deal = await seedEntity(t, acme.companyId);
    await saveMenu('ADMIN', [
      { kind: 'ENTITY_VIEW', label: 'Gone soon', entity_view_id: deal.viewId },
      { kind: 'ENTITY', label: 'Stays', entity_id: deal.entityId },
    ]);
    await t.platform.database.db.delete(entityViews).where(eq(entityViews.id, deal.viewId));
    expect(labelsOf((await readMenu(acme.users.ADMIN, 'ADMIN')).items)).toEqual(['Stays']);
    expect(labelsOf((await readMenu(acme.users.OWNER, 'ADMIN', true)).items)).toEqual(['Stays']);
  });
});

describe('menus v2: bad input and permissions', () => {
  it('answers 422 keyed by the dotted path of each problem', async () => {
    const res = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: 'OWNER',
      items: [
        { kind: 'ROUTE', label: 'Nowhere', route: '/not-a-menu-screen' },
        { kind: 'ENTITY', label: 'Theirs', entity_id: theirs.entityId },
        {
          kind: 'GROUP',
          label: 'G',
          children: [
            {
              kind: 'ENTITY_VIEW',
              label: 'Unknown view',
              entity_view_id: '00000000-0000-4000-8000-000000000001',
            },
            { kind: 'ROUTE', key: 'dup', label: 'A', route: '/dashboard', icon: 'no-such-icon' },
            { kind: 'ROUTE', key: 'dup', label: 'B', route: '/dashboard' },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res).sort()).toEqual(
      [
        'items.0.route',
        'items.1.entity_id',
        'items.2.children.0.entity_view_id',
        'items.2.children.1.icon',
        'items.2.children.2.key',
      ].sort(),
    );
  });

  it('answers 422 for shapes the schema refuses', async () => {
    const res = await call('POST', '/menu/v2', acme.users.OWNER, {
      user_type: 'OWNER',
      items: [
        { kind: 'EXTERNAL_LINK', label: 'Plain', url: 'http://example.com' },
        { kind: 'GROUP', label: 'Outer', children: [{ kind: 'GROUP', label: 'Inner', children: [] }] },
        { kind: 'ENTITY', label: '   ', entity_id: 'nope' },
        { kind: 'SPACESHIP', label: 'X' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(
      expect.arrayContaining([
        'items.0.url',
        'items.1.children.0.kind',
        'items.2.label',
        'items.2.entity_id',
        'items.3.kind',
      ]),
    );
    const noType = await call('POST', '/menu/v2', acme.users.OWNER, { user_type: 'KING', items: [] });
    expect(noType.statusCode).toBe(422);
    expect(keysOf(noType)).toEqual(['user_type']);
    const noVersion = await call('PUT', '/menu/v2', acme.users.OWNER, { user_type: 'OWNER', items: [] });
    expect(keysOf(noVersion)).toEqual(['version']);
  });

  it('needs menus:manage to write or to read for editing (403)', async () => {
    const body = { user_type: 'MEMBER', items: [] };
    expect((await call('POST', '/menu/v2', acme.users.MEMBER, body)).statusCode).toBe(403);
    expect((await call('PUT', '/menu', acme.users.MANAGER, { ...body, version: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', '/menu/v2/MEMBER', acme.users.MANAGER)).statusCode).toBe(403);
    expect((await call('GET', '/menu/v2/MEMBER?edit=true', acme.users.MANAGER)).statusCode).toBe(403);
    expect((await call('GET', `/menu/v2/entity/${property.entityId}`, acme.users.MEMBER)).statusCode).toBe(
      403,
    );
  });

  it('documents every menu path in OpenAPI', async () => {
    const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docRes.statusCode, docRes.body.slice(0, 500)).toBe(200);
    const doc = docRes.json();
    for (const path of [
      '/api/menu',
      '/api/menu/v2',
      '/api/menu/v2/{userType}',
      '/api/menu/v2/entity/{id}',
      '/api/menu/v2/usertypes',
      '/api/menu/v2/{id}',
      '/api/icons/getAllIcons',
    ]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });
});
