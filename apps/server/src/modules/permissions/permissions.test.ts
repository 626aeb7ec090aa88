import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { PERMISSION_CATEGORIES } from '@esigns/contracts/permission-catalogue';
import {
  DEFAULT_PERMISSIONS,
  hasPermission,
  PERMISSION_SLUGS,
  permissionsOfCategory,
  type PermissionSlug,
} from '@esigns/contracts/permissions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { userTypePermissions } from './schema';

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

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

async function userTypeIds(company: SeededCompany): Promise<Record<UserType, string>> {
  const rows = await t.platform.database.db
    .select({ id: userTypePermissions.id, userType: userTypePermissions.userType })
    .from(userTypePermissions)
    .where(eq(userTypePermissions.companyId, company.companyId));
  return Object.fromEntries(rows.map((r) => [r.userType, r.id])) as Record<UserType, string>;
}

async function setStoredSet(
  company: SeededCompany,
  userType: UserType,
  permissions: string[],
): Promise<void> {
  await t.platform.database.db
    .update(userTypePermissions)
    .set({ permissions })
    .where(
      and(eq(userTypePermissions.companyId, company.companyId), eq(userTypePermissions.userType, userType)),
    );
}

describe('GET /permissions', () => {
  it.each(USER_TYPES)('answers the catalogue and the permissions of a %s', async (userType) => {
    const res = await call('GET', '/api/permissions', acme.users[userType]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.categories.map((c: { slug: string }) => c.slug)).toEqual(
      PERMISSION_CATEGORIES.map((c) => c.slug),
    );
    expect(data.permissions).toEqual(userType === 'OWNER' ? PERMISSION_SLUGS : DEFAULT_PERMISSIONS[userType]);
    expect(data.company_permissions).toEqual(PERMISSION_SLUGS);
    expect(data.owner_only).toContain('company:delete');
    expect(data).toMatchObject({ user_type: userType, plan_type: 'BUSINESS' });
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/permissions')).statusCode).toBe(401);
  });
});

describe('POST /permissionsByCat', () => {
  it("resolves 'approval-forms' to the form builders and lists what the caller holds", async () => {
    const res = await call('POST', '/api/permissionsByCat', acme.users.MEMBER, {
      category: 'approval-forms',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.slug).toBe('form-builders');
    expect(data.permissions.map((p: { slug: string }) => p.slug)).toEqual(
      permissionsOfCategory('form-builders'),
    );
    expect(data.granted).toEqual(['form-builders:fill']);
  });

  it.each([
    ['unknown category', { category: 'spaceships' }],
    ['missing category', {}],
    ['wrong type', { category: 12 }],
  ])('rejects %s with 422 on category', async (_name, body) => {
    const res = await call('POST', '/api/permissionsByCat', acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['category']);
  });
});

describe('PATCH /permissions/{id}', () => {
  it('replaces the set of a user type; members get it on their next call', async () => {
    const company = await seedCompany(t);
    const ids = await userTypeIds(company);
    const next: PermissionSlug[] = ['documents:view', 'contacts:view', 'contacts:delete'];
    const res = await call('PATCH', `/api/permissions/${ids.MEMBER}`, company.users.ADMIN, {
      permissions: [...next, 'documents:view'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: ids.MEMBER, user_type: 'MEMBER', permissions: next });
    const mine = await call('GET', '/api/permissions', company.users.MEMBER);
    expect(mine.json().data.permissions).toEqual(next);
  });

  it("never reduces the OWNER's set (409)", async () => {
    const ids = await userTypeIds(acme);
    const res = await call('PATCH', `/api/permissions/${ids.OWNER}`, acme.users.OWNER, {
      permissions: PERMISSION_SLUGS.filter((s) => s !== 'entities:create'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot be reduced/);
    const same = await call('PATCH', `/api/permissions/${ids.OWNER}`, acme.users.OWNER, {
      permissions: PERMISSION_SLUGS,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses owner-only rights for other types (422 on permissions)', async () => {
    const ids = await userTypeIds(acme);
    const res = await call('PATCH', `/api/permissions/${ids.ADMIN}`, acme.users.OWNER, {
      permissions: [...DEFAULT_PERMISSIONS.ADMIN, 'company:delete'],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['permissions']);
    expect(res.json().message).toMatch(/company:delete/);
  });

  it('lets nobody but an OWNER grant what they do not hold (403)', async () => {
    const company = await seedCompany(t);
    const ids = await userTypeIds(company);
    await setStoredSet(
      company,
      'ADMIN',
      DEFAULT_PERMISSIONS.ADMIN.filter((s) => s !== 'entities:create'),
    );
    const res = await call('PATCH', `/api/permissions/${ids.MANAGER}`, company.users.ADMIN, {
      permissions: [...DEFAULT_PERMISSIONS.MANAGER, 'entities:create'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/entities:create/);
    // Removing is always fine, and the OWNER may grant it.
    const removed = await call('PATCH', `/api/permissions/${ids.MANAGER}`, company.users.ADMIN, {
      permissions: DEFAULT_PERMISSIONS.MANAGER.filter((s) => s !== 'documents:void'),
    });
    expect(removed.statusCode).toBe(200);
    const byOwner = await call('PATCH', `/api/permissions/${ids.MANAGER}`, company.users.OWNER, {
      permissions: [...DEFAULT_PERMISSIONS.MANAGER, 'entities:create'],
    });
    expect(byOwner.statusCode).toBe(200);
  });

  it('keeps an ADMIN away from the OWNER type (403)', async () => {
    const ids = await userTypeIds(acme);
    const res = await call('PATCH', `/api/permissions/${ids.OWNER}`, acme.users.ADMIN, {
      permissions: PERMISSION_SLUGS,
    });
    expect(res.statusCode).toBe(403);
  });

  it.each(USER_TYPES)('as %s: 200 or 403 as the catalogue says', async (userType) => {
    const company = await seedCompany(t);
    const ids = await userTypeIds(company);
    const res = await call('PATCH', `/api/permissions/${ids.MEMBER}`, company.users[userType], {
      permissions: DEFAULT_PERMISSIONS.MEMBER,
    });
    const allowed = hasPermission(
      { planType: 'BUSINESS', userType, permissions: DEFAULT_PERMISSIONS[userType] },
      'permissions:manage',
    );
    expect(res.statusCode).toBe(allowed ? 200 : 403);
  });

  it('is not available in an INDIVIDUAL workspace', async () => {
    const solo = await seedCompany(t, { planType: 'INDIVIDUAL' });
    const ids = await userTypeIds(solo);
    const res = await call('PATCH', `/api/permissions/${ids.MEMBER}`, solo.users.OWNER, { permissions: [] });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another company's user type and for malformed ids", async () => {
    const theirs = await userTypeIds(other);
    const foreign = await call('PATCH', `/api/permissions/${theirs.MEMBER}`, acme.users.OWNER, {
      permissions: [],
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await call('PATCH', '/api/permissions/MEMBER', acme.users.OWNER, { permissions: [] });
    expect(malformed.statusCode).toBe(404);
    const [row] = await t.platform.database.db
      .select({ permissions: userTypePermissions.permissions })
      .from(userTypePermissions)
      .where(eq(userTypePermissions.id, theirs.MEMBER));
    expect(row?.permissions).toEqual(DEFAULT_PERMISSIONS.MEMBER);
  });

  it.each([
    ['missing set', {}, ['permissions']],
    ['not a list', { permissions: 'documents:view' }, ['permissions']],
    ['unknown slug', { permissions: ['documents:view', 'documents:fly'] }, ['permissions.1']],
  ])('rejects %s with 422', async (_name, body, keys) => {
    const ids = await userTypeIds(acme);
    const res = await call('PATCH', `/api/permissions/${ids.MEMBER}`, acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });
});

describe('user types', () => {
  it('lists the four types of the own company with ids, sets and counts', async () => {
    const res = await call('GET', `/api/userTypeList/${acme.companyId}`, acme.users.ADMIN);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const ids = await userTypeIds(acme);
    expect(data.map((d: { user_type: string }) => d.user_type)).toEqual([...USER_TYPES]);
    expect(data.map((d: { _id: string }) => d._id)).toEqual(USER_TYPES.map((u) => ids[u]));
    expect(data[3]).toMatchObject({ label: 'Member', user_count: 1 });
    expect(data[3].permissions).toEqual(DEFAULT_PERMISSIONS.MEMBER);
    expect(data[0].menu).toBeUndefined();
  });

  it('adds the menu of each type with isMenu=true', async () => {
    const res = await call('GET', `/api/userTypeList/${acme.companyId}?isMenu=true`, acme.users.OWNER);
    const keys = (items: { key: string }[]) => items.map((i) => i.key);
    const [owner, , , member] = res.json().data;
    expect(keys(owner.menu)).toContain('settings');
    expect(keys(member.menu)).not.toContain('settings');
  });

  it.each([
    ['another company', () => `/api/userTypeList/${other.companyId}`, 404],
    ['a malformed id', () => '/api/userTypeList/acme', 404],
    ['a bad isMenu', () => `/api/userTypeList/${acme.companyId}?isMenu=yes`, 422],
  ])('answers %s with the right status', async (_name, url, status) => {
    const res = await call('GET', url(), acme.users.OWNER);
    expect(res.statusCode).toBe(status);
    if (status === 422) expect(keysOf(res)).toEqual(['querystring.isMenu']);
  });

  it.each(USER_TYPES)('GET /userTypeList as %s follows roles:view', async (userType) => {
    const res = await call('GET', `/api/userTypeList/${acme.companyId}`, acme.users[userType]);
    const allowed = DEFAULT_PERMISSIONS[userType].includes('roles:view');
    expect(res.statusCode).toBe(allowed ? 200 : 403);
  });

  it('reads one user type by id or by name, only in the own company', async () => {
    const ids = await userTypeIds(acme);
    const byId = await call('GET', `/api/userType/${ids.MANAGER}`, acme.users.OWNER);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toMatchObject({ _id: ids.MANAGER, user_type: 'MANAGER' });
    const byName = await call('GET', '/api/userType/manager', acme.users.OWNER);
    expect(byName.json().data._id).toBe(ids.MANAGER);
    const theirs = await userTypeIds(other);
    expect((await call('GET', `/api/userType/${theirs.MANAGER}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/api/userType/boss', acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('GET /getUserTypeMails', () => {
  it('lists the emails of active users of the given types', async () => {
    const res = await call('GET', '/api/getUserTypeMails?userType=ADMIN', acme.users.OWNER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([acme.users.ADMIN.email]);
    const several = await call('GET', '/api/getUserTypeMails?userType=admin,Owner', acme.users.OWNER);
    expect([...several.json().data].sort()).toEqual([acme.users.ADMIN.email, acme.users.OWNER.email].sort());
  });

  it('adds ids and names with include_data=true', async () => {
    const res = await call(
      'GET',
      '/api/getUserTypeMails?userType=MEMBER&include_data=true',
      acme.users.MANAGER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        _id: acme.users.MEMBER.userId,
        email: acme.users.MEMBER.email,
        first_name: 'Member',
        last_name: 'Tester',
        user_type: 'MEMBER',
      },
    ]);
  });

  it.each([
    ['no userType', '', 'querystring.userType'],
    ['an unknown type', '?userType=KING', 'querystring.userType'],
    ['a bad include_data', '?userType=ADMIN&include_data=1', 'querystring.include_data'],
  ])('rejects %s with 422', async (_name, query, key) => {
    const res = await call('GET', `/api/getUserTypeMails${query}`, acme.users.OWNER);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual([key]);
  });

  it('needs company-users:view (a MEMBER gets 403)', async () => {
    expect((await call('GET', '/api/getUserTypeMails?userType=ADMIN', acme.users.MEMBER)).statusCode).toBe(
      403,
    );
  });
});

describe('OpenAPI', () => {
  it('documents every route of the accounts area with a summary and a description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { summary?: string; description?: string; tags?: string[] }>
    >;
    const expected: [string, string][] = [
      ['get', '/api/permissions'],
      ['post', '/api/permissionsByCat'],
      ['patch', '/api/permissions/{id}'],
      ['get', '/api/userTypeList/{companyId}'],
      ['get', '/api/userType/{id}'],
      ['get', '/api/getUserTypeMails'],
      ['post', '/api/user/inviteUser'],
      ['get', '/api/getInviteUser'],
      ['post', '/api/inviteUserSignup'],
      ['post', '/api/resend/inviteMail'],
      ['post', '/api/user/companyUsers'],
      ['get', '/api/user/companyUsers'],
      ['put', '/api/user/companyUsers'],
      ['delete', '/api/user/companyUsers/{id}'],
      ['delete', '/api/user/companyUsers/permanentDelete/{id}'],
      ['get', '/api/getAllCompanyUsers/{company_id}'],
      ['get', '/api/userList/{email}'],
      ['get', '/api/roles'],
      ['post', '/api/createRole'],
      ['patch', '/api/updateRole/{_id}'],
      ['delete', '/api/deleteRole/{id}'],
      ['get', '/api/role/{id}'],
      ['get', '/api/menu/{userType}'],
    ];
    for (const [method, path] of expected) {
      const operation = paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.description, `${method} ${path}`).toBeTruthy();
      expect(operation?.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});
