import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { seedContactCaller, seedEntity, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, type Who } from '../../../test/inject-calls';

/*
 * The contact area reading entities through views and templates: entity views, a view's records,
 * template fields and form templates answer a contact for the entities their contact type may
 * read, records limited to their scope (a view's filters are ANDed with it), anything else 404.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);

const entity = (company: SeededCompany, name: string, fields: unknown[]) =>
  seedEntity(call, company, name, fields);
async function record(company: SeededCompany, e: TEntity, values: Record<string, unknown>) {
  const res = await call('POST', '/api/entities-data', company.users.OWNER, {
    entity_id: e._id,
    values: { [e.primary_template_id]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEntityRecord;
}
const titleRef = (e: TEntity) => `${e.primary_template_id}#title`;
const entry = (e: TEntity, filters?: unknown) => ({
  entity_id: e._id,
  ...(filters ? { filters } : {}),
});
async function view(company: SeededCompany, name: string, entities: unknown[]): Promise<string> {
  const res = await call('POST', '/api/entity-view-configuration', company.users.OWNER, {
    name,
    config: { entities },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}
const viewData = (who: Who, body: Record<string, unknown>) =>
  call('POST', '/api/entities-data/entity/view/data', who, { limit: 100, ...body });
const titles = (res: { json: () => { data: { data: { title: string }[] } } }) =>
  res
    .json()
    .data.data.map((r) => r.title)
    .sort();

let accounts: TEntity;
let leases: TEntity;
let secrets: TEntity;
let otherEntity: TEntity;
let x: ContactCaller;
let y: ContactCaller;
let typeless: ContactCaller;
let outsider: ContactCaller;
let leasesView: string;
let anyView: string;
let mixedView: string;
let secretsView: string;
let otherView: string;
const NONE = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Contact Views Co' });
  other = await seedCompany(t, { name: 'Other Contact Views Co' });
  accounts = await entity(acme, 'Tenants', [{ key: 'title', label: 'Name', type: 'SINGLE_LINE_TEXT' }]);
  leases = await entity(acme, 'Leases', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    { key: 'tenant', label: 'Tenant', type: 'ENTITY', entity_id: accounts._id },
  ]);
  secrets = await entity(acme, 'Secrets', [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }]);
  otherEntity = await entity(other, 'Elsewhere', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
  ]);
  const a1 = await record(acme, accounts, { title: 'Xavier household' });
  const a2 = await record(acme, accounts, { title: 'Yolanda household' });
  await record(acme, leases, { title: 'Lease X', tenant: a1._id });
  await record(acme, leases, { title: 'Lease Y', tenant: a2._id });
  await record(acme, leases, { title: 'Lease nobody' });
  await record(acme, secrets, { title: 'Top secret' });
  await record(other, otherEntity, { title: 'Not yours' });

  const type = await call('POST', '/api/contact-types', acme.users.OWNER, { name: 'Tenant' });
  const typeId: string = type.json().data._id;
  const rules = await call('PUT', `/api/application-user/permissions/${typeId}`, acme.users.ADMIN, {
    permissions: [leases, accounts].map((e) => ({
      entity_id: e._id,
      read: true,
      create: false,
      update: false,
      delete: false,
      scope: 'OWN',
    })),
  });
  expect(rules.statusCode, rules.body).toBe(200);
  x = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a1._id });
  y = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a2._id });
  typeless = await seedContactCaller(t, acme.companyId, { accountDataId: a1._id });
  outsider = await seedContactCaller(t, other.companyId, { accountDataId: null });

  leasesView = await view(acme, 'All leases', [entry(leases)]);
  // "Lease X or Lease Y or not empty": a filter that would reach every lease, for staff.
  anyView = await view(acme, 'Any lease', [
    entry(leases, {
      match: 'ANY',
      rules: [
        { field: titleRef(leases), operator: 'EQUALS', value: 'Lease Y' },
        { field: titleRef(leases), operator: 'IS_NOT_EMPTY' },
      ],
    }),
  ]);
  mixedView = await view(acme, 'Secrets and leases', [entry(secrets), entry(leases)]);
  secretsView = await view(acme, 'Only secrets', [entry(secrets)]);
  otherView = await view(other, 'Elsewhere view', [entry(otherEntity)]);
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('entity views for contacts', () => {
  it('opens a view narrowed to the entities their type may read; others are 404', async () => {
    const mixed = await call('GET', `/api/entity-view-configuration/${mixedView}`, x);
    expect(mixed.statusCode, mixed.body).toBe(200);
    const body = mixed.json().data;
    expect(body.config.entities.map((e: { entity_id: string }) => e.entity_id)).toEqual([leases._id]);
    expect(body.entities.map((e: { _id: string }) => e._id)).toEqual([leases._id]);
    expect(body.entity_id).toBe(leases._id);
    // Staff see the whole view.
    const staff = await call('GET', `/api/entity-view-configuration/${mixedView}`, acme.users.OWNER);
    expect(staff.json().data.config.entities).toHaveLength(2);

    for (const [who, id] of [
      [x, secretsView],
      [x, otherView],
      [x, NONE],
      [x, 'not-a-view'],
      [typeless, leasesView],
      [outsider, leasesView],
      [outsider, otherView],
    ] as const) {
      const res = await call('GET', `/api/entity-view-configuration/${id}`, who);
      expect(res.statusCode, `${id} ${res.body}`).toBe(404);
    }
  });

  it("answers a view's records in the contact's scope only: the view's filter never widens it", async () => {
    const ofX = await viewData(x, { entity_view_id: anyView });
    expect(ofX.statusCode, ofX.body).toBe(200);
    expect(titles(ofX)).toEqual(['Lease X']);
    expect(ofX.json().data).toMatchObject({ total: 1, total_capped: false, total_pages: 1 });
    // Contact Y of the same company: theirs, never X's.
    expect(titles(await viewData(y, { entity_view_id: anyView }))).toEqual(['Lease Y']);
    expect(titles(await viewData(y, { entity_view_id: leasesView }))).toEqual(['Lease Y']);
    // The body's own filters are ANDed too: asking for X's lease by title gives Y nothing.
    const probe = await viewData(y, {
      entity_view_id: leasesView,
      filters: { match: 'ANY', rules: [{ field: titleRef(leases), operator: 'EQUALS', value: 'Lease X' }] },
    });
    expect(probe.statusCode, probe.body).toBe(200);
    expect(probe.json().data.total).toBe(0);
    // A mixed view defaults to the first entity the contact may read.
    expect(titles(await viewData(x, { entity_view_id: mixedView }))).toEqual(['Lease X']);
    // Staff: the view's filter over every record.
    expect(titles(await viewData(acme.users.OWNER, { entity_view_id: anyView }))).toEqual([
      'Lease X',
      'Lease Y',
      'Lease nobody',
    ]);
  });

  it("refuses entities the contact may not read, another company's views and bad bodies", async () => {
    for (const body of [
      { entity_view_id: mixedView, entity_id: secrets._id },
      { entity_view_id: secretsView },
      { entity_view_id: otherView },
      { entity_view_id: leasesView, entity_id: otherEntity._id },
      { entity_view_id: NONE },
    ]) {
      const res = await viewData(x, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect((await viewData(typeless, { entity_view_id: leasesView })).statusCode).toBe(404);
    expect((await viewData(outsider, { entity_view_id: leasesView })).statusCode).toBe(404);
    // Readable, but not an entity of this view.
    const notInView = await viewData(x, { entity_view_id: leasesView, entity_id: accounts._id });
    expect(notInView.statusCode).toBe(422);
    expect(notInView.body).toContain('entity_id');
    for (const [body, key] of [
      [{ entity_view_id: 'nope' }, 'entity_view_id'],
      [{ entity_view_id: leasesView, limit: 0 }, 'limit'],
      [{ entity_view_id: leasesView, page: -1 }, 'page'],
      [{ entity_view_id: leasesView, search: 'x'.repeat(101) }, 'search'],
      [
        {
          entity_view_id: leasesView,
          filters: { match: 'ANY', rules: [{ field: 'nope#x', operator: 'EQUALS', value: 1 }] },
        },
        'filters',
      ],
      [
        {
          entity_view_id: leasesView,
          sort: [{ field: `${leases.primary_template_id}#missing`, direction: 'asc' }],
        },
        'sort',
      ],
      [{ entity_view_id: leasesView, filters: "' or 1=1 --" }, 'filters'],
    ] as const) {
      const res = await viewData(x, body);
      expect(res.statusCode, `${key} ${res.body}`).toBe(422);
      expect(res.body, key).toContain(key);
    }
  });

  it('keeps the records grid in scope whatever filters it is sent, with the capped total of any grid', async () => {
    const widen = await call('POST', '/api/entities-data/entity/data', y, {
      entity_id: leases._id,
      base_filters: { match: 'ANY', rules: [{ field: titleRef(leases), operator: 'IS_NOT_EMPTY' }] },
      filters: { match: 'ANY', rules: [{ field: titleRef(leases), operator: 'CONTAINS', value: 'Lease' }] },
      limit: 1,
    });
    expect(widen.statusCode, widen.body).toBe(200);
    expect(widen.json().data).toMatchObject({ total: 1, total_capped: false, total_pages: 1 });
    expect(titles(widen)).toEqual(['Lease Y']);
    // A page past the end is empty, the total stays theirs.
    const deep = await call('POST', '/api/entities-data/entity/data', y, {
      entity_id: leases._id,
      page: 5,
      limit: 1,
    });
    expect(deep.json().data).toMatchObject({ total: 1, data: [] });
  });

  it("counts an entity's records for a contact in their scope only (GET /entities/{id})", async () => {
    const ofX = await call('GET', `/api/entities/${leases._id}`, x);
    expect(ofX.statusCode, ofX.body).toBe(200);
    expect(ofX.json().data.records_count).toBe(1);
    expect(
      (await call('GET', `/api/entities/${leases._id}`, acme.users.OWNER)).json().data.records_count,
    ).toBe(3);
  });
});

describe('template fields and form templates for contacts', () => {
  it('answers the fields of an entity their type has a rule for; others 404, bad ids 422', async () => {
    const fields = await call('GET', `/api/template-fields?entity_id=${leases._id}`, x);
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json().data.map((f: { key: string }) => f.key)).toEqual(['title', 'tenant']);
    for (const [who, id] of [
      [x, secrets._id],
      [x, otherEntity._id],
      [x, NONE],
      [typeless, leases._id],
      [outsider, leases._id],
    ] as const) {
      expect((await call('GET', `/api/template-fields?entity_id=${id}`, who)).statusCode, id).toBe(404);
    }
    expect((await call('GET', '/api/template-fields?entity_id=nope', x)).statusCode).toBe(422);
    expect((await call('GET', '/api/template-fields', x)).statusCode).toBe(422);
  });

  it("opens a form template of an entity their type has a rule for; another's is 404", async () => {
    const own = await call('GET', `/api/template/${leases.primary_template_id}`, x);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data._id).toBe(leases.primary_template_id);
    for (const [who, id] of [
      [x, secrets.primary_template_id],
      [x, otherEntity.primary_template_id],
      [x, NONE],
      [x, 'not-a-template'],
      [typeless, leases.primary_template_id],
      [outsider, leases.primary_template_id],
    ] as const) {
      expect((await call('GET', `/api/template/${id}`, who)).statusCode, id).toBe(404);
    }
    // Staff still read any of their company's.
    expect(
      (await call('GET', `/api/template/${secrets.primary_template_id}`, acme.users.MEMBER)).statusCode,
    ).toBe(200);
  });

  it('keeps the staff-only view calls refused to contacts (403) and needs a token (401)', async () => {
    expect((await call('GET', '/api/entity-view-configuration', x)).statusCode).toBe(403);
    const create = await call('POST', '/api/entity-view-configuration', x, {
      name: 'Mine',
      config: { entities: [entry(leases)] },
    });
    expect(create.statusCode).toBe(403);
    const anon = { headers: { authorization: '' } };
    expect((await call('GET', `/api/entity-view-configuration/${leasesView}`, anon)).statusCode).toBe(401);
    expect((await call('GET', `/api/template/${leases.primary_template_id}`, anon)).statusCode).toBe(401);
  });
});
