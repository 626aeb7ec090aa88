import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { DEFAULT_PERMISSIONS, hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';

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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
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

let nameSeq = 0;
const uniqueName = (base = 'Role'): string => {
  nameSeq += 1;
  return `${base} ${nameSeq}`;
};

async function createRole(
  who: SeededUser,
  body: { name?: string; user_type?: UserType; description?: string } = {},
): Promise<{ _id: string; name: string; user_type: UserType }> {
  const res = await call('POST', '/api/createRole', who, {
    name: uniqueName(),
    user_type: 'MEMBER',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('roles', () => {
  it('creates, reads, updates and deletes a role', async () => {
    const created = await call('POST', '/api/createRole', acme.users.ADMIN, {
      name: '  Sales managers ',
      user_type: 'MANAGER',
      description: 'Runs the sales floor',
    });
    expect(created.statusCode).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({
      name: 'Sales managers',
      user_type: 'MANAGER',
      description: 'Runs the sales floor',
      user_count: 0,
      created_by: acme.users.ADMIN.userId,
    });

    const read = await call('GET', `/api/role/${role._id}`, acme.users.ADMIN);
    expect(read.json().data).toEqual(role);

    const updated = await call('PATCH', `/api/updateRole/${role._id}`, acme.users.ADMIN, {
      name: 'Sales leads',
      description: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Sales leads', description: '', user_type: 'MANAGER' });

    const deleted = await call('DELETE', `/api/deleteRole/${role._id}`, acme.users.ADMIN);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ _id: role._id });
    expect((await call('GET', `/api/role/${role._id}`, acme.users.ADMIN)).statusCode).toBe(404);
  });

  it('pages and searches the roles of the company only', async () => {
    const company = await seedCompany(t);
    for (const [name, userType] of [
      ['Back office', 'MEMBER'],
      ['Brokers', 'MANAGER'],
      ['Field agents', 'MEMBER'],
      ['100% commission', 'MEMBER'],
    ] as const) {
      await createRole(company.users.OWNER, { name, user_type: userType });
    }
    await createRole(other.users.OWNER, { name: 'Brokers elsewhere' });

    const page = await call('GET', '/api/roles?page=1&limit=3', company.users.ADMIN);
    expect(page.json().data).toMatchObject({ total: 4, page: 1, total_pages: 2 });
    expect(page.json().data.data.map((r: { name: string }) => r.name)).toEqual([
      '100% commission',
      'Back office',
      'Brokers',
    ]);
    const search = await call('GET', '/api/roles?search=BROK', company.users.ADMIN);
    expect(search.json().data.data.map((r: { name: string }) => r.name)).toEqual(['Brokers']);
    const literal = await call('GET', '/api/roles?search=%25', company.users.ADMIN);
    expect(literal.json().data.total).toBe(1);
    const byType = await call('GET', '/api/roles?user_type=MANAGER&page=x', company.users.ADMIN);
    expect(byType.json().data).toMatchObject({ total: 1, page: 1 });
  });

  it('keeps names unique per company, ignoring case (422 on name)', async () => {
    const role = await createRole(acme.users.OWNER, { name: 'Auditors' });
    const clash = await call('POST', '/api/createRole', acme.users.OWNER, {
      name: 'AUDITORS',
      user_type: 'ADMIN',
    });
    expect(clash.statusCode).toBe(422);
    expect(keysOf(clash)).toEqual(['name']);
    const elsewhere = await call('POST', '/api/createRole', other.users.OWNER, {
      name: 'Auditors',
      user_type: 'MEMBER',
    });
    expect(elsewhere.statusCode).toBe(200);
    const second = await createRole(acme.users.OWNER);
    const rename = await call('PATCH', `/api/updateRole/${second._id}`, acme.users.OWNER, {
      name: 'auditors',
    });
    expect(rename.statusCode).toBe(422);
    expect(keysOf(rename)).toEqual(['name']);
    // Renaming a role to its own name in another case is fine.
    const own = await call('PATCH', `/api/updateRole/${role._id}`, acme.users.OWNER, { name: 'AUDITORS' });
    expect(own.statusCode).toBe(200);
  });

  it('refuses to delete a role, or change its type, while users hold it (409)', async () => {
    const role = await createRole(acme.users.OWNER, { user_type: 'MEMBER' });
    const holder = await seedMember(t, acme.companyId, 'MEMBER');
    const assigned = await call('PUT', '/api/user/companyUsers', acme.users.OWNER, {
      user_id: holder.userId,
      role_id: role._id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await call('GET', `/api/role/${role._id}`, acme.users.OWNER)).json().data.user_count).toBe(1);

    const del = await call('DELETE', `/api/deleteRole/${role._id}`, acme.users.OWNER);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/1 user/);
    const retype = await call('PATCH', `/api/updateRole/${role._id}`, acme.users.OWNER, {
      user_type: 'MANAGER',
    });
    expect(retype.statusCode).toBe(409);

    await call('PUT', '/api/user/companyUsers', acme.users.OWNER, { user_id: holder.userId, role_id: null });
    expect((await call('DELETE', `/api/deleteRole/${role._id}`, acme.users.OWNER)).statusCode).toBe(200);
  });

  it('counts pending invitations as holders too', async () => {
    const role = await createRole(acme.users.OWNER, { user_type: 'MEMBER' });
    const invited = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: `role-holder-${Date.now()}@example.com`,
      user_type: 'MEMBER',
      role_id: role._id,
    });
    expect(invited.statusCode).toBe(200);
    const del = await call('DELETE', `/api/deleteRole/${role._id}`, acme.users.OWNER);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/pending invitation/);
  });

  it('applies the per-row rules: an ADMIN cannot create, edit or delete OWNER roles', async () => {
    const ownerRole = await createRole(acme.users.OWNER, { user_type: 'OWNER' });
    const adminRole = await createRole(acme.users.ADMIN, { user_type: 'ADMIN' });
    const checks = await Promise.all([
      call('POST', '/api/createRole', acme.users.ADMIN, { name: uniqueName(), user_type: 'OWNER' }),
      call('PATCH', `/api/updateRole/${ownerRole._id}`, acme.users.ADMIN, { description: 'x' }),
      call('DELETE', `/api/deleteRole/${ownerRole._id}`, acme.users.ADMIN),
      call('PATCH', `/api/updateRole/${adminRole._id}`, acme.users.ADMIN, { user_type: 'OWNER' }),
    ]);
    expect(checks.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    // Reading is not row-scoped.
    expect((await call('GET', `/api/role/${ownerRole._id}`, acme.users.ADMIN)).statusCode).toBe(200);
  });

  it("answers 404 for another company's role on every route", async () => {
    const theirs = await createRole(other.users.OWNER);
    const responses = await Promise.all([
      call('GET', `/api/role/${theirs._id}`, acme.users.OWNER),
      call('PATCH', `/api/updateRole/${theirs._id}`, acme.users.OWNER, { name: 'Hijacked' }),
      call('DELETE', `/api/deleteRole/${theirs._id}`, acme.users.OWNER),
      call('GET', '/api/role/not-a-uuid', acme.users.OWNER),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await call('GET', `/api/role/${theirs._id}`, other.users.OWNER)).json().data.name).toBe(
      theirs.name,
    );
  });

  it.each([
    ['POST', '/api/createRole', {}, ['name', 'user_type']],
    ['POST', '/api/createRole', { name: 'X', user_type: 'MEMBER' }, ['name']],
    ['POST', '/api/createRole', { name: 42, user_type: 'BOSS' }, ['name', 'user_type']],
    [
      'POST',
      '/api/createRole',
      { name: 'Okay', user_type: 'MEMBER', description: 'd'.repeat(501) },
      ['description'],
    ],
    ['PATCH', '/api/updateRole/00000000-0000-4000-8000-000000000000', {}, ['body']],
    ['PATCH', '/api/updateRole/00000000-0000-4000-8000-000000000000', { user_type: 'king' }, ['user_type']],
  ] as const)('%s %s %j -> 422 on %j', async (method, url, body, keys) => {
    const res = await call(method, url, acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it.each([['user_type=KING', 'querystring.user_type']])('GET /roles?%s -> 422', async (query, key) => {
    const res = await call('GET', `/api/roles?${query}`, acme.users.OWNER);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual([key]);
  });
});

describe('permissions of each user type', () => {
  let company: SeededCompany;
  beforeAll(async () => {
    company = await seedCompany(t, { name: 'Matrix Co' });
  });

  type Case = [
    route: string,
    slug: PermissionSlug,
    run: (who: SeededUser) => Promise<{ statusCode: number }>,
  ];
  const cases: Case[] = [
    [
      'POST /createRole',
      'roles:create',
      (who) => call('POST', '/api/createRole', who, { name: uniqueName(), user_type: 'MEMBER' }),
    ],
    [
      'PATCH /updateRole/{_id}',
      'roles:update',
      async (who) => {
        const role = await createRole(company.users.OWNER);
        return call('PATCH', `/api/updateRole/${role._id}`, who, { description: 'Changed' });
      },
    ],
    [
      'DELETE /deleteRole/{id}',
      'roles:delete',
      async (who) => {
        const role = await createRole(company.users.OWNER);
        return call('DELETE', `/api/deleteRole/${role._id}`, who);
      },
    ],
    ['GET /roles', 'roles:view', (who) => call('GET', '/api/roles', who)],
    [
      'GET /role/{id}',
      'roles:view',
      async (who) => {
        const role = await createRole(company.users.OWNER);
        return call('GET', `/api/role/${role._id}`, who);
      },
    ],
  ];

  it.each(cases.flatMap(([route, slug, run]) => USER_TYPES.map((type) => [route, type, slug, run] as const)))(
    '%s as %s',
    async (_route, userType, slug, run) => {
      const res = await run(company.users[userType]);
      const allowed = hasPermission(
        { planType: 'BUSINESS', userType, permissions: DEFAULT_PERMISSIONS[userType] },
        slug,
      );
      expect(res.statusCode).toBe(allowed ? 200 : 403);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/roles')).statusCode).toBe(401);
    expect((await call('POST', '/api/createRole', undefined, {})).statusCode).toBe(401);
  });
});
