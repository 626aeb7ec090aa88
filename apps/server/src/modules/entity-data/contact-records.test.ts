import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { seedContactCaller, seedEntity, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, type Who } from '../../../test/inject-calls';

/*
 * The contact area on the record routes: the contact type's rule for the entity, and its scope
 * (OWN: their account record, records linking it, records they created; ALL: the entity's records).
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);

const entity = (company: SeededCompany, name: string, fields: unknown[]) =>
  seedEntity(call, company, name, fields);
async function record(who: Who, e: TEntity, values: Record<string, unknown>): Promise<TEntityRecord> {
  const res = await call('POST', '/api/entities-data', who, {
    entity_id: e._id,
    values: { [e.primary_template_id]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const list = (who: Who, e: TEntity) =>
  call('POST', '/api/entities-data/entity/data', who, { entity_id: e._id, limit: 100 });
const idsOf = (res: { json: () => { data: { data: { _id: string }[] } } }) =>
  res
    .json()
    .data.data.map((r) => r._id)
    .sort();

let accounts: TEntity;
let leases: TEntity;
let secrets: TEntity;
let typeId: string;
let a1: TEntityRecord;
let a2: TEntityRecord;
let l1: TEntityRecord;
let l2: TEntityRecord;
let l3: TEntityRecord;
let x: ContactCaller;
let y: ContactCaller;
let z: ContactCaller;

async function setRules(rules: unknown[]) {
  const res = await call('PUT', `/api/application-user/permissions/${typeId}`, acme.users.ADMIN, {
    permissions: rules,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const rule = (e: TEntity, extra: Record<string, unknown> = {}) => ({
  entity_id: e._id,
  read: true,
  create: false,
  update: false,
  delete: false,
  scope: 'OWN',
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Contact Records Co' });
  other = await seedCompany(t, { name: 'Other Contact Records Co' });
  accounts = await entity(acme, 'Tenants', [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' }]);
  leases = await entity(acme, 'Leases', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    { key: 'tenant', label: 'Tenant', type: 'ENTITY', entity_id: accounts._id },
  ]);
  secrets = await entity(acme, 'Secrets', [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }]);
  a1 = await record(acme.users.OWNER, accounts, { name: 'Xavier household' });
  a2 = await record(acme.users.OWNER, accounts, { name: 'Yolanda household' });
  l1 = await record(acme.users.OWNER, leases, { title: 'Lease X', tenant: a1._id });
  l2 = await record(acme.users.OWNER, leases, { title: 'Lease Y', tenant: a2._id });
  l3 = await record(acme.users.OWNER, leases, { title: 'Lease nobody' });
  await record(acme.users.OWNER, secrets, { title: 'Top secret' });
  const type = await call('POST', '/api/contact-types', acme.users.OWNER, { name: 'Tenant' });
  typeId = type.json().data._id;
  x = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a1._id });
  y = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a2._id });
  z = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('records for contacts', () => {
  it('lists and reads only the records in their OWN scope (contact X vs contact Y)', async () => {
    await setRules([rule(leases, { create: true, update: true }), rule(accounts)]);
    const ofX = await list(x, leases);
    expect(ofX.statusCode, ofX.body).toBe(200);
    expect(idsOf(ofX)).toEqual([l1._id]);
    expect(ofX.json().data.total).toBe(1);
    expect(idsOf(await list(y, leases))).toEqual([l2._id]);
    // Without an account record: nothing but what they created.
    expect(idsOf(await list(z, leases))).toEqual([]);
    // Their own account record, not another's.
    expect(idsOf(await list(x, accounts))).toEqual([a1._id]);

    expect((await call('GET', `/api/entity-data/${l1._id}`, x)).statusCode).toBe(200);
    expect((await call('GET', `/api/entity-data/${a1._id}`, x)).json().data.title).toBe('Xavier household');
    for (const id of [l2._id, l3._id, a2._id]) {
      expect((await call('GET', `/api/entity-data/${id}`, x)).statusCode, id).toBe(404);
    }
    // Filters and search apply inside the scope; a bad filter is 422, not 500.
    const search = await call('POST', '/api/entities-data/entity/data', x, {
      entity_id: leases._id,
      search: 'Lease',
    });
    expect(idsOf(search)).toEqual([l1._id]);
    const bad = await call('POST', '/api/entities-data/entity/data', x, {
      entity_id: leases._id,
      filters: { match: 'ALL', rules: [{ field: 'nope#x', operator: 'EQUALS', value: 1 }] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('sees every record of the entity with an ALL rule', async () => {
    await setRules([rule(leases, { scope: 'ALL' })]);
    expect(idsOf(await list(z, leases))).toEqual([l1._id, l2._id, l3._id].sort());
    expect((await call('GET', `/api/entity-data/${l2._id}`, x)).statusCode).toBe(200);
    // The accounts entity has no rule now.
    expect((await list(x, accounts)).statusCode).toBe(404);
  });

  it('answers 404 on an entity without a rule, and on another company', async () => {
    await setRules([rule(leases)]);
    // The entity's definition (the records screens read it) only with a rule.
    const definition = await call('GET', `/api/entities/${leases._id}`, x);
    expect(definition.statusCode, definition.body).toBe(200);
    expect(definition.json().data.name).toBe(leases.name);
    expect((await call('GET', `/api/entities/${secrets._id}`, x)).statusCode).toBe(404);
    expect((await call('GET', '/api/entities/not-a-uuid', x)).statusCode).toBe(422);
    expect((await call('GET', `/api/entities/${leases._id}`, acme.users.MEMBER)).statusCode).toBe(200);
    expect((await list(x, secrets)).statusCode).toBe(404);
    const created = await call('POST', '/api/entities-data', x, {
      entity_id: secrets._id,
      values: { [secrets.primary_template_id]: { title: 'Mine' } },
    });
    expect(created.statusCode).toBe(404);
    const theirEntity = await entity(other, 'Elsewhere', [
      { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    ]);
    const theirs = await record(other.users.OWNER, theirEntity, { title: 'Theirs' });
    expect((await list(x, theirEntity)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity-data/${theirs._id}`, x)).statusCode).toBe(404);
    // A contact of the other company on this company's records.
    const stranger = await seedContactCaller(t, other.companyId, { contactTypeId: null });
    expect((await list(stranger, leases)).statusCode).toBe(404);
    expect((await call('GET', `/api/entities/${leases._id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/entities/${theirEntity._id}`, x)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity-data/${l1._id}`, stranger)).statusCode).toBe(404);
  });

  it('creates records as the contact, linked to their account record; others do not see them', async () => {
    await setRules([rule(leases, { create: true })]);
    // Naming another account is overridden: an OWN contact files records under their own.
    const res = await call('POST', '/api/entities-data', x, {
      entity_id: leases._id,
      values: { [leases.primary_template_id]: { title: 'New lease by X', tenant: a2._id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made.created_by).toBe(x.userId);
    expect(made.values[leases.primary_template_id].tenant).toBe(a1._id);
    expect(idsOf(await list(x, leases))).toContain(made._id);
    expect((await call('GET', `/api/entity-data/${made._id}`, y)).statusCode).toBe(404);

    // Z has no account record: the record is theirs by creation.
    const byZ = await record(z, leases, { title: 'Lease by Z' });
    expect(byZ.created_by).toBe(z.userId);
    expect(idsOf(await list(z, leases))).toEqual([byZ._id]);

    const bad = await call('POST', '/api/entities-data', x, {
      entity_id: leases._id,
      values: { [leases.primary_template_id]: { title: ['x'] } },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses create, update and delete the rule does not give (403 on readable records, 404 outside)', async () => {
    await setRules([rule(leases)]);
    const create = await call('POST', '/api/entities-data', x, {
      entity_id: leases._id,
      values: { [leases.primary_template_id]: { title: 'Nope' } },
    });
    expect(create.statusCode).toBe(403);
    const patch = (who: Who, id: string) =>
      call('PATCH', `/api/templates-data/${id}/${leases.primary_template_id}`, who, {
        values: { title: 'Changed' },
      });
    expect((await patch(x, l1._id)).statusCode).toBe(403);
    expect((await patch(x, l2._id)).statusCode).toBe(404);
    expect((await call('POST', `/api/entity-data/${l1._id}/${leases._id}`, x)).statusCode).toBe(403);
    expect((await call('POST', `/api/entity-data/${l2._id}/${leases._id}`, x)).statusCode).toBe(404);
    const many = await call('POST', '/api/entities-data/delete-many', x, {
      entity_id: leases._id,
      ids: [l1._id],
    });
    expect(many.statusCode).toBe(403);

    await setRules([rule(leases, { update: true, delete: true })]);
    const changed = await patch(x, l1._id);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.values[leases.primary_template_id].title).toBe('Changed');
    expect((await patch(x, l2._id)).statusCode).toBe(404);
    const badPatch = await call('PATCH', `/api/templates-data/${l1._id}/${leases.primary_template_id}`, x, {
      values: { title: ['x'] },
    });
    expect(badPatch.statusCode).toBe(422);
    // Only records in scope go: L2 (Y's) stays.
    const gone = await call('POST', '/api/entities-data/delete-many', x, {
      entity_id: leases._id,
      ids: [l1._id, l2._id],
    });
    expect(gone.json().data.deleted).toBe(1);
    expect((await call('GET', `/api/entity-data/${l2._id}`, acme.users.OWNER)).statusCode).toBe(200);
    expect((await call('POST', `/api/entity-data/${l2._id}/${leases._id}`, x)).statusCode).toBe(404);
  });

  it('keeps the staff-only record routes closed to contacts (403)', async () => {
    await setRules([rule(leases, { scope: 'ALL', create: true, update: true, delete: true })]);
    for (const [url, body] of [
      ['/api/entities-data/bulk-update', { entity_id: leases._id, ids: [l3._id], values: {} }],
      ['/api/entities-data/duplicate', { entity_id: leases._id, entity_data_id: l3._id }],
    ] as const) {
      expect((await call('POST', url, x, body)).statusCode, url).toBe(403);
    }
    // The grid's quick add follows the rule like POST /entities-data.
    const quick = (e: TEntity) =>
      call('POST', '/api/templates-primaryData', x, { entity_id: e._id, values: { title: 'Quick by X' } });
    const added = await quick(leases);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.created_by).toBe(x.userId);
    expect((await quick(secrets)).statusCode).toBe(404);
    await setRules([rule(leases, { scope: 'ALL' })]);
    expect((await quick(leases)).statusCode).toBe(403);
    const noValues = await call('POST', '/api/templates-primaryData', x, {
      entity_id: leases._id,
      values: 'x',
    });
    expect(noValues.statusCode).toBe(422);
    // A staff token still works on the opened routes.
    expect((await list(acme.users.MEMBER, leases)).statusCode).toBe(200);
  });
});
