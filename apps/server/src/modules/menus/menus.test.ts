import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { DEFAULT_PERMISSIONS, isPermissionSlug, PERMISSION_SLUGS } from '@esigns/contracts/permissions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { userTypePermissions } from '../permissions/schema';
import { buildMenu, DEFAULT_MENU, type TMenuItem } from './service';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

const getMenu = (who: SeededUser | undefined, userType: string) =>
  t.app.inject({ method: 'GET', url: `/api/menu/${userType}`, ...(who ? { headers: who.headers } : {}) });

/** Every key of a menu, groups and links, e.g. `settings` and `settings.company-users`. */
const keysOf = (items: TMenuItem[]): string[] =>
  items.flatMap((i) => [i.key, ...i.children.map((c) => c.key)]);

async function menuOf(who: SeededUser, userType: string): Promise<TMenuItem[]> {
  const res = await getMenu(who, userType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

describe('the default menu', () => {
  it('has unique keys, known permission slugs and client routes', () => {
    const all = DEFAULT_MENU.flatMap((i) => [i, ...('children' in i ? i.children : [])]);
    expect(new Set(all.map((i) => i.key)).size).toBe(all.length);
    for (const item of all) {
      if ('permission' in item) expect(isPermissionSlug(item.permission), item.key).toBe(true);
      if ('route' in item) expect(item.route, item.key).toMatch(/^\//);
    }
  });

  it('shows everything to someone who holds everything, and hides empty groups', () => {
    const full = buildMenu(() => true);
    expect(keysOf(full)).toEqual(
      DEFAULT_MENU.flatMap((i) => [i.key, ...('children' in i ? i.children : []).map((c) => c.key)]),
    );
    const none = buildMenu(() => false);
    expect(none).toEqual([]);
  });
});

describe('GET /menu/{userType}', () => {
  it.each(USER_TYPES)('gives a %s the items of their permissions', async (userType) => {
    const items = await menuOf(acme.users[userType], userType);
    const expected = buildMenu((slug) =>
      (userType === 'OWNER' ? PERMISSION_SLUGS : DEFAULT_PERMISSIONS[userType]).includes(slug),
    );
    expect(items).toEqual(expected);
  });

  it('hides Settings > Company users from a MEMBER, shows it to a MANAGER without Roles', async () => {
    const member = keysOf(await menuOf(acme.users.MEMBER, 'MEMBER'));
    expect(member).toContain('dashboard');
    expect(member).toContain('documents.all');
    expect(member).not.toContain('settings.company-users');
    expect(member).not.toContain('settings');
    const manager = keysOf(await menuOf(acme.users.MANAGER, 'MANAGER'));
    expect(manager).toContain('settings.company-users');
    expect(manager).not.toContain('settings.roles');
    const owner = keysOf(await menuOf(acme.users.OWNER, 'OWNER'));
    expect(owner).toEqual(
      expect.arrayContaining(['settings.roles', 'settings.permissions', 'settings.menus']),
    );
  });

  it("never shows more than the caller's own menu, whichever type is asked", async () => {
    const own = await menuOf(acme.users.MEMBER, 'MEMBER');
    expect(await menuOf(acme.users.MEMBER, 'OWNER')).toEqual(own);
    // An administrator previewing MEMBER sees MEMBER's menu.
    expect(await menuOf(acme.users.ADMIN, 'member')).toEqual(own);
  });

  it('follows the stored permission set of the user type', async () => {
    const company = await seedCompany(t);
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: ['documents:view', 'company-users:view'] })
      .where(eq(userTypePermissions.companyId, company.companyId));
    const items = await menuOf(company.users.MEMBER, 'MEMBER');
    expect(keysOf(items)).toEqual(['documents', 'documents.all', 'settings', 'settings.company-users']);
    // Items keep the storable shape.
    expect(items[0]).toEqual({
      key: 'documents',
      kind: 'GROUP',
      label: 'Documents',
      route: null,
      icon: 'file-text',
      permission: null,
      children: [
        {
          key: 'documents.all',
          kind: 'ROUTE',
          label: 'All documents',
          route: '/documents/all',
          icon: 'files',
          permission: 'documents:view',
        },
      ],
    });
  });

  it("takes a user type id of the own company, and answers 404 for another company's", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/userTypeList/${acme.companyId}`,
      headers: acme.users.OWNER.headers,
    });
    const manager = list.json().data.find((u: { user_type: UserType }) => u.user_type === 'MANAGER');
    const res = await getMenu(acme.users.OWNER, manager._id);
    expect(res.json().data.user_type).toBe('MANAGER');
    expect(res.json().data.items).toEqual(await menuOf(acme.users.MANAGER, 'MANAGER'));

    const [theirs] = await t.platform.database.db
      .select({ id: userTypePermissions.id })
      .from(userTypePermissions)
      .where(eq(userTypePermissions.companyId, other.companyId));
    expect((await getMenu(acme.users.OWNER, theirs!.id)).statusCode).toBe(404);
    expect((await getMenu(acme.users.OWNER, 'KING')).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await getMenu(undefined, 'MEMBER')).statusCode).toBe(401);
  });
});
