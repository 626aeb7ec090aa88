import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { seedContactCaller } from '../../../test/contact-caller';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Permissions Co' });
  other = await seedCompany(t, { name: 'Other Permissions Co' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: { headers: { authorization: string } }, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

let seq = 0;
async function createType(company: SeededCompany = acme): Promise<string> {
  seq += 1;
  const res = await call('POST', '/api/contact-types', company.users.OWNER, { name: `Tenant ${seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}
async function createEntity(company: SeededCompany = acme, name = 'Lease'): Promise<TEntity> {
  seq += 1;
  const res = await call('POST', '/api/entities/create', company.users.OWNER, {
    name: `${name} ${seq}`,
    entity_type: 'GENERAL',
    fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const rule = (entityId: string, overrides: Record<string, unknown> = {}) => ({
  entity_id: entityId,
  read: true,
  create: false,
  update: false,
  delete: false,
  scope: 'OWN',
  ...overrides,
});

describe('application-user permissions', () => {
  it("sets, adds, replaces and lists a contact type's rules (POST merges, PUT replaces)", async () => {
    const type = await createType();
    const [lease, unit, payment] = [
      await createEntity(),
      await createEntity(acme, 'Unit'),
      await createEntity(acme, 'Payment'),
    ];
    const put = await call('PUT', `/api/application-user/permissions/${type}`, acme.users.ADMIN, {
      permissions: [rule(lease._id, { create: true }), rule(unit._id, { scope: 'ALL' })],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toHaveLength(2);
    expect(put.json().data[0]).toMatchObject({
      contact_type_id: type,
      entity_id: lease._id,
      entity_name: lease.name,
      read: true,
      create: true,
      scope: 'OWN',
    });

    // POST adds the payment rule and changes the unit's; the lease's stays.
    const post = await call('POST', '/api/application-user/permissions', acme.users.ADMIN, {
      contact_type_id: type,
      permissions: [rule(payment._id), rule(unit._id, { update: true, delete: true })],
    });
    expect(post.statusCode, post.body).toBe(200);
    const byEntity = new Map(post.json().data.map((p: { entity_id: string }) => [p.entity_id, p]));
    expect(byEntity.size).toBe(3);
    expect(byEntity.get(unit._id)).toMatchObject({ update: true, delete: true, scope: 'OWN' });
    expect(byEntity.get(lease._id)).toMatchObject({ create: true });

    // A rule allowing nothing removes it.
    const none = await call('POST', `/api/application-user/permissions/${type}`, acme.users.ADMIN, {
      permissions: [rule(payment._id, { read: false })],
    });
    expect(none.json().data.map((p: { entity_id: string }) => p.entity_id)).not.toContain(payment._id);

    // PUT with only the lease removes the unit's rule.
    const replace = await call('PUT', '/api/application-user/permissions', acme.users.ADMIN, {
      contact_type_id: type,
      permissions: [rule(lease._id)],
    });
    expect(replace.json().data.map((p: { entity_id: string }) => p.entity_id)).toEqual([lease._id]);

    const list = await call(
      'GET',
      `/api/application-user/permissions?contact_type_id=${type}`,
      acme.users.MEMBER,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual(replace.json().data);
    const all = await call('GET', '/api/application-user/permissions', acme.users.MANAGER);
    expect(all.json().data.map((p: { _id: string }) => p._id)).toContain(list.json().data[0]._id);

    const ofEntity = await call(
      'GET',
      `/api/application-user/permissions/entity/${lease._id}`,
      acme.users.MEMBER,
    );
    expect(ofEntity.statusCode).toBe(200);
    expect(ofEntity.json().data).toEqual(list.json().data);

    // PUT with an empty list clears the type.
    const cleared = await call('PUT', `/api/application-user/permissions/${type}`, acme.users.OWNER, {
      permissions: [],
    });
    expect(cleared.json().data).toEqual([]);
  });

  it('refuses bad bodies with keyed details', async () => {
    const type = await createType();
    const lease = await createEntity();
    const cases: [unknown, string][] = [
      [{ permissions: 'x' }, 'permissions'],
      [
        { permissions: [{ entity_id: 'nope', read: true, create: false, update: false, delete: false }] },
        'permissions.0.entity_id',
      ],
      [{ permissions: [rule(lease._id, { scope: 'SOME' })] }, 'permissions.0.scope'],
      [{ permissions: [rule(lease._id, { read: 'yes' })] }, 'permissions.0.read'],
      [{ permissions: [rule(lease._id), rule(lease._id)] }, 'permissions'],
    ];
    for (const [body, key] of cases) {
      const res = await call('PUT', `/api/application-user/permissions/${type}`, acme.users.ADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(keysOf(res)).toContain(key);
    }
    const noType = await call('POST', '/api/application-user/permissions', acme.users.ADMIN, {
      permissions: [],
    });
    expect(keysOf(noType)).toContain('contact_type_id');
  });

  it("answers 404 for another company's contact type or entity (422 keyed in a body)", async () => {
    const type = await createType();
    const otherType = await createType(other);
    const otherEntity = await createEntity(other);
    const lease = await createEntity();

    const path = await call('PUT', `/api/application-user/permissions/${otherType}`, acme.users.ADMIN, {
      permissions: [rule(lease._id)],
    });
    expect(path.statusCode).toBe(404);
    const unknownPath = await call('POST', '/api/application-user/permissions/not-a-uuid', acme.users.ADMIN, {
      permissions: [],
    });
    expect(unknownPath.statusCode).toBe(404);
    const body = await call('POST', '/api/application-user/permissions', acme.users.ADMIN, {
      contact_type_id: otherType,
      permissions: [rule(lease._id)],
    });
    expect(body.statusCode).toBe(422);
    expect(keysOf(body)).toEqual(['contact_type_id']);
    const entity = await call('PUT', `/api/application-user/permissions/${type}`, acme.users.ADMIN, {
      permissions: [rule(lease._id), rule(otherEntity._id)],
    });
    expect(entity.statusCode).toBe(422);
    expect(keysOf(entity)).toEqual(['permissions.1.entity_id']);
    const list = await call(
      'GET',
      `/api/application-user/permissions?contact_type_id=${otherType}`,
      acme.users.ADMIN,
    );
    expect(list.statusCode).toBe(404);
    const ofEntity = await call(
      'GET',
      `/api/application-user/permissions/entity/${otherEntity._id}`,
      acme.users.ADMIN,
    );
    expect(ofEntity.statusCode).toBe(404);
    // Nothing of company B's leaks into A's list.
    await call('PUT', `/api/application-user/permissions/${otherType}`, other.users.OWNER, {
      permissions: [rule(otherEntity._id)],
    });
    const all = await call('GET', '/api/application-user/permissions', acme.users.ADMIN);
    expect(all.json().data.some((p: { contact_type_id: string }) => p.contact_type_id === otherType)).toBe(
      false,
    );
  });

  it('needs contact-types:update to write and contact-types:view or contacts:view to read', async () => {
    const type = await createType();
    const lease = await createEntity();
    const write = await call('PUT', `/api/application-user/permissions/${type}`, acme.users.MANAGER, {
      permissions: [rule(lease._id)],
    });
    expect(write.statusCode).toBe(403);
    const writeBody = await call('POST', '/api/application-user/permissions', acme.users.MEMBER, {
      contact_type_id: type,
      permissions: [],
    });
    expect(writeBody.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/application-user/permissions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a contact their own type's rule for an entity, 404 when none; staff routes refuse them", async () => {
    const type = await createType();
    const otherTypeOfAcme = await createType();
    const [lease, unit] = [await createEntity(), await createEntity(acme, 'Unit')];
    await call('PUT', `/api/application-user/permissions/${type}`, acme.users.ADMIN, {
      permissions: [rule(lease._id, { create: true, scope: 'ALL' })],
    });
    await call('PUT', `/api/application-user/permissions/${otherTypeOfAcme}`, acme.users.ADMIN, {
      permissions: [rule(unit._id)],
    });
    const tenant = await seedContactCaller(t, acme.companyId, { contactTypeId: type });
    const own = await call('GET', `/api/application-user/permissions/entity/${lease._id}`, tenant);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual({
      entity_id: lease._id,
      read: true,
      create: true,
      update: false,
      delete: false,
      scope: 'ALL',
    });
    // Another type's rule is not theirs.
    expect(
      (await call('GET', `/api/application-user/permissions/entity/${unit._id}`, tenant)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/api/application-user/permissions/entity/not-a-uuid', tenant)).statusCode,
    ).toBe(404);
    // A contact without a type has no rule anywhere.
    const untyped = await seedContactCaller(t, acme.companyId);
    expect(
      (await call('GET', `/api/application-user/permissions/entity/${lease._id}`, untyped)).statusCode,
    ).toBe(404);
    // A contact of another company sees nothing of this one.
    const stranger = await seedContactCaller(t, other.companyId, { contactTypeId: null });
    expect(
      (await call('GET', `/api/application-user/permissions/entity/${lease._id}`, stranger)).statusCode,
    ).toBe(404);

    for (const [method, url, body] of [
      ['GET', '/api/application-user/permissions', undefined],
      ['GET', `/api/application-user/permissions?contact_type_id=${type}`, undefined],
      ['POST', '/api/application-user/permissions', { contact_type_id: type, permissions: [] }],
      ['PUT', '/api/application-user/permissions', { contact_type_id: type, permissions: [] }],
      ['POST', `/api/application-user/permissions/${type}`, { permissions: [] }],
      ['PUT', `/api/application-user/permissions/${type}`, { permissions: [] }],
    ] as const) {
      const res = await call(method, url, tenant, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The rule is still there.
    expect(
      (await call('GET', `/api/application-user/permissions/entity/${lease._id}`, tenant)).statusCode,
    ).toBe(200);
  });

  it('removes the rules of a deleted contact type or entity', async () => {
    const type = await createType();
    const [lease, unit] = [await createEntity(), await createEntity(acme, 'Unit')];
    await call('PUT', `/api/application-user/permissions/${type}`, acme.users.ADMIN, {
      permissions: [rule(lease._id), rule(unit._id)],
    });
    const deletedEntity = await call('DELETE', `/api/entities/${unit._id}`, acme.users.OWNER);
    expect(deletedEntity.statusCode, deletedEntity.body).toBe(200);
    const after = await call(
      'GET',
      `/api/application-user/permissions?contact_type_id=${type}`,
      acme.users.ADMIN,
    );
    expect(after.json().data.map((p: { entity_id: string }) => p.entity_id)).toEqual([lease._id]);
    const deletedType = await call('DELETE', `/api/contact-types/${type}`, acme.users.OWNER);
    expect(deletedType.statusCode, deletedType.body).toBe(200);
    const ofEntity = await call(
      'GET',
      `/api/application-user/permissions/entity/${lease._id}`,
      acme.users.ADMIN,
    );
    expect(ofEntity.json().data.some((p: { contact_type_id: string }) => p.contact_type_id === type)).toBe(
      false,
    );
  });
});
