import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: SeededUser, payload?: unknown) =>
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
const propertyFields = () => [
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'ref', label: 'Reference', type: 'AUTO_INCREMENT', prefix: 'PR-', padding: 3 },
  { key: 'price', label: 'Price', type: 'CURRENCY', min: 0 },
  { key: 'area', label: 'Area (sq ft)', type: 'NUMBER', min: 0 },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: [{ value: 'Available' }, { value: 'Sold' }],
    default_value: 'Available',
  },
  {
    key: 'amenities',
    label: 'Amenities',
    type: 'MULTI_SELECT',
    options: [{ value: 'Pool' }, { value: 'Gym' }],
  },
];

async function createProperty(who: SeededUser = acme.users.OWNER): Promise<TEntity> {
  seq += 1;
  const res = await call('POST', '/api/entities/create', who, {
    name: `Property ${seq}`,
    entity_type: 'GENERAL',
    fields: propertyFields(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const valuesOf = (entity: TEntity, values: Record<string, unknown>) => ({
  [entity.primary_template_id]: values,
});

async function addRecord(
  entity: TEntity,
  values: Record<string, unknown>,
  who = acme.users.OWNER,
): Promise<TEntityRecord> {
  const res = await call('POST', '/api/entities-data', who, {
    entity_id: entity._id,
    values: valuesOf(entity, values),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('entities', () => {
  it('creates an entity with its own primary template and reads, lists, renames and checks it', async () => {
    const entity = await createProperty();
    expect(entity.primary_fields).toEqual(['title']);
    expect(entity.display_field).toBe('title');
    expect(entity.templates).toHaveLength(1);
    const read = await call('GET', `/api/entities/${entity._id}`, acme.users.OWNER);
    expect(read.json().data.name).toBe(entity.name);
    const list = await call(
      'GET',
      `/api/entities?search=${encodeURIComponent(entity.name)}`,
      acme.users.OWNER,
    );
    expect(list.json().data.data.map((e: TEntity) => e._id)).toContain(entity._id);
    const check = await call('POST', '/api/entities/check-entities', acme.users.OWNER, {
      name: entity.name.toUpperCase(),
    });
    expect(check.json().data.exists).toBe(true);
    const put = await call('PUT', `/api/entities/${entity._id}`, acme.users.OWNER, {
      name: `${entity.name} renamed`,
      templates: [{ template_id: entity.primary_template_id, is_primary: true }],
      version: entity.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const stale = await call('PUT', `/api/entities/${entity._id}`, acme.users.OWNER, {
      name: 'Again',
      templates: [{ template_id: entity.primary_template_id }],
      version: entity.version,
    });
    expect(stale.statusCode).toBe(409);
    const company = await call('GET', '/api/company-entity', acme.users.OWNER);
    expect(company.json().data.some((e: { _id: string }) => e._id === entity._id)).toBe(true);
  });

  it('refuses bad entity bodies with keyed details', async () => {
    const entity = await createProperty();
    const res = await call('POST', '/api/entities', acme.users.OWNER, {
      name: entity.name,
      templates: [
        { template_id: entity.primary_template_id },
        { template_id: entity.primary_template_id },
        { template_id: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(
      expect.arrayContaining(['name', 'templates.1.template_id', 'templates.2.template_id']),
    );
    const noTemplates = await call('POST', '/api/entities', acme.users.OWNER, { name: 'X', templates: [] });
    expect(keysOf(noTemplates)).toContain('templates');
    const badRule = await call('POST', '/api/entities', acme.users.OWNER, {
      name: `Rules ${seq}`,
      templates: [{ template_id: entity.primary_template_id }],
      duplicate_rules: [{ fields: [`${entity.primary_template_id}#nope`] }],
    });
    expect(keysOf(badRule)).toEqual(['duplicate_rules.0.fields.0']);
  });

  it("answers 404 for another company's entity and unknown ids, 403 without permission", async () => {
    const entity = await createProperty();
    expect((await call('GET', `/api/entities/${entity._id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/entities/${entity._id}`, other.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/entities/00000000-0000-4000-8000-000000000000', acme.users.OWNER)).statusCode,
    ).toBe(404);
    const add = await call('POST', '/api/entities-data', other.users.OWNER, {
      entity_id: entity._id,
      values: {},
    });
    expect(add.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/entities/create', acme.users.MEMBER, { name: 'M', fields: propertyFields() }))
        .statusCode,
    ).toBe(403);
  });

  it('asks before deleting an entity with records, then removes everything', async () => {
    const entity = await createProperty();
    await addRecord(entity, { title: 'Flat 1' });
    const ask = await call('DELETE', `/api/entities/${entity._id}`, acme.users.OWNER);
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error_code ?? ask.json().errors?.error_code).toBeDefined();
    const del = await call('DELETE', `/api/entities/${entity._id}?force=true`, acme.users.OWNER);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ records: 1, relationships: 0 });
    expect((await call('GET', `/api/entities/${entity._id}`, acme.users.OWNER)).statusCode).toBe(404);
    // Its template is free again.
    const template = await call('DELETE', `/api/template/${entity.primary_template_id}`, acme.users.OWNER);
    expect(template.statusCode, template.body).toBe(200);
  });

  it('keeps a template in use and fields holding values', async () => {
    const entity = await createProperty();
    await addRecord(entity, { title: 'Villa', price: 100 });
    const del = await call('DELETE', `/api/template/${entity.primary_template_id}`, acme.users.OWNER);
    expect(del.statusCode).toBe(409);
    const template = (
      await call('GET', `/api/template/${entity.primary_template_id}`, acme.users.OWNER)
    ).json().data;
    const withoutPrice = template.fields.filter((f: { key: string }) => f.key !== 'price');
    const put = await call('PUT', '/api/template', acme.users.OWNER, {
      _id: template._id,
      fields: withoutPrice,
    });
    expect(put.statusCode, put.body).toBe(422);
  });

  it('answers a repeated grid query by the current template, not the one it was first planned on', async () => {
    const entity = await createProperty();
    await addRecord(entity, { title: 'Low', price: 100 });
    const tid = entity.primary_template_id;
    const byFloor = {
      entity_id: entity._id,
      filters: { rules: [{ field: `${tid}#floor`, operator: 'GREATER_THAN', value: 2 }] },
      sort: [{ field: `${tid}#floor`, direction: 'desc' }],
    };
    const before = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, byFloor);
    expect(before.statusCode).toBe(422);
    expect(keysOf(before)).toEqual(['filters.rules.0.field']);

    const template = (await call('GET', `/api/template/${tid}`, acme.users.OWNER)).json().data;
    const put = await call('PUT', '/api/template', acme.users.OWNER, {
      _id: tid,
      fields: [...template.fields, { key: 'floor', label: 'Floor', type: 'NUMBER' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    await addRecord(entity, { title: 'High', price: 900, floor: 7 });
    await addRecord(entity, { title: 'Higher', price: 950, floor: 9 });
    const after = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, byFloor);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['Higher', 'High']);
    // The same query again (now planned) sees a record added since.
    await addRecord(entity, { title: 'Top', price: 990, floor: 12 });
    const again = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, byFloor);
    expect(again.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['Top', 'Higher', 'High']);
    // Values come back whole (read as text and put into the answer as they are).
    expect(again.json().data.data[0].values).toEqual({
      [tid]: { title: 'Top', ref: 'PR-004', price: 990, floor: 12, status: 'Available' },
    });
  });
});

describe('records', () => {
  it('adds records with numbers, defaults and titles; validates every field by path', async () => {
    const entity = await createProperty();
    const first = await addRecord(entity, { title: 'Sea view flat', price: '45,00,000', area: 1200 });
    const values = first.values[entity.primary_template_id]!;
    expect(values).toMatchObject({
      title: 'Sea view flat',
      price: 4500000,
      status: 'Available',
      ref: 'PR-001',
    });
    expect(first.title).toBe('Sea view flat');
    const second = await addRecord(entity, { title: 'Second' });
    expect(second.values[entity.primary_template_id]!.ref).toBe('PR-002');
    const next = await call('POST', '/api/template-data/auto-increment', acme.users.OWNER, {
      entity_id: entity._id,
      template_id: entity.primary_template_id,
      field_key: 'ref',
    });
    expect(next.json().data.next).toBe('PR-003');

    const bad = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: entity._id,
      values: valuesOf(entity, { price: 'lots', area: -1, status: 'Gone', nope: 1 }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Primary fields data required');
    const tid = entity.primary_template_id;
    expect(keysOf(bad)).toEqual(
      expect.arrayContaining([
        `values.${tid}.title`,
        `values.${tid}.price`,
        `values.${tid}.area`,
        `values.${tid}.status`,
        `values.${tid}.nope`,
      ]),
    );
    const wrongTemplate = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: entity._id,
      values: { '00000000-0000-4000-8000-000000000000': {} },
    });
    expect(keysOf(wrongTemplate)).toContain('values.00000000-0000-4000-8000-000000000000');
    const wrongShape = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: 'x',
      values: 3,
    });
    expect(wrongShape.statusCode).toBe(422);
  });

  it('updates one template partially, keeps numbers, and answers 404 across companies', async () => {
    const entity = await createProperty();
    const record = await addRecord(entity, { title: 'Plot', price: 10 });
    const patch = await call(
      'PATCH',
      `/api/templates-data/${record._id}/${entity.primary_template_id}`,
      acme.users.OWNER,
      {
        values: { price: 20, ref: 'HACK' },
      },
    );
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data.values[entity.primary_template_id]).toMatchObject({
      title: 'Plot',
      price: 20,
      ref: 'PR-001',
    });
    const empty = await call(
      'PATCH',
      `/api/templates-data/${record._id}/${entity.primary_template_id}`,
      acme.users.OWNER,
      {
        values: { title: '' },
      },
    );
    expect(keysOf(empty)).toEqual(['values.title']);
    const foreign = await call(
      'PATCH',
      `/api/templates-data/${record._id}/${entity.primary_template_id}`,
      other.users.OWNER,
      {
        values: { price: 1 },
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/api/entity-data/${record._id}`, other.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/entity-data/${record._id}`, acme.users.OWNER)).json().data.values[
        entity.primary_template_id
      ].price,
    ).toBe(20);
  });

  it('filters, sorts, searches, counts and charts', async () => {
    const entity = await createProperty();
    const tid = entity.primary_template_id;
    const res = await call('POST', '/api/entities-datas', acme.users.OWNER, {
      entity_id: entity._id,
      records: [
        valuesOf(entity, { title: 'A flat', price: 300, area: 900, status: 'Sold', amenities: ['Pool'] }),
        valuesOf(entity, {
          title: 'B house',
          price: 100,
          area: 2000,
          status: 'Available',
          amenities: ['Pool', 'Gym'],
        }),
        valuesOf(entity, { title: 'C villa', price: 200, area: 3000, status: 'Available' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.inserted).toBe(3);
    const query = (body: Record<string, unknown>) =>
      call('POST', '/api/entities-data/entity/data', acme.users.OWNER, { entity_id: entity._id, ...body });
    const available = await query({
      filters: {
        match: 'ALL',
        rules: [
          { field: `${tid}#status`, operator: 'EQUALS', value: 'Available' },
          { field: `${tid}#area`, operator: 'GREATER_THAN', value: 1000 },
        ],
      },
      sort: [{ field: `${tid}#price`, direction: 'desc' }],
    });
    expect(available.statusCode, available.body).toBe(200);
    expect(available.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['C villa', 'B house']);
    expect(available.json().data.total).toBe(2);
    const pool = await query({
      filters: { rules: [{ field: `${tid}#amenities`, operator: 'EQUALS', value: 'Pool' }] },
    });
    expect(pool.json().data.total).toBe(2);
    const search = await query({ search: 'villa' });
    expect(search.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['C villa']);
    const paged = await query({ sort: [{ field: 'title', direction: 'asc' }], limit: 2, page: 2 });
    expect(paged.json().data).toMatchObject({ total: 3, total_pages: 2, page: 2 });
    expect(paged.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['C villa']);

    const bad = await query({
      filters: {
        rules: [
          { field: `${tid}#nope`, operator: 'EQUALS', value: 1 },
          { field: `${tid}#price`, operator: 'GREATER_THAN', value: 'many' },
          { field: `${tid}#title`, operator: 'LESS_THAN', value: 'x' },
        ],
      },
      sort: [{ field: `${tid}#zzz` }],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(
      expect.arrayContaining(['filters.rules.0.field', 'filters.rules.1.value', 'filters.rules.2.operator']),
    );

    const count = await call('POST', '/api/entities-data/count', acme.users.OWNER, {
      entity_id: entity._id,
      filters: { rules: [{ field: `${tid}#status`, operator: 'IN', value: ['Sold', 'Available'] }] },
    });
    expect(count.json().data).toEqual({ count: 3, capped: false, value: 3 });
    const chart = await call('POST', '/api/entities-data/charts', acme.users.OWNER, {
      entity_id: entity._id,
      group_by: `${tid}#status`,
      metric: 'SUM',
      value_field: `${tid}#price`,
    });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json().data).toEqual([
      { key: 'Available', value: 300 },
      { key: 'Sold', value: 300 },
    ]);
    const byAmenity = await call('POST', '/api/entities-data/charts', acme.users.OWNER, {
      entity_id: entity._id,
      group_by: `${tid}#amenities`,
    });
    expect(byAmenity.json().data).toEqual([
      { key: 'Pool', value: 2 },
      { key: 'Gym', value: 1 },
    ]);
    const foreign = await call('POST', '/api/entities-data/entity/data', other.users.OWNER, {
      entity_id: entity._id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('bulk updates, duplicates, deletes many, and enforces duplicate rules', async () => {
    const entity = await createProperty();
    const tid = entity.primary_template_id;
    const a = await addRecord(entity, { title: 'One', price: 1 });
    const b = await addRecord(entity, { title: 'Two', price: 2 });
    const bulk = await call('POST', '/api/entities-data/bulk-update', acme.users.OWNER, {
      entity_id: entity._id,
      ids: [a._id, b._id],
      values: { [tid]: { status: 'Sold' } },
    });
    expect(bulk.json().data.updated).toBe(2);
    const badBulk = await call('POST', '/api/entities-data/bulk-update', acme.users.OWNER, {
      entity_id: entity._id,
      ids: [a._id],
      values: { [tid]: { price: 'x' } },
    });
    expect(keysOf(badBulk)).toEqual([`values.${tid}.price`]);
    const copy = await call('POST', '/api/entities-data/duplicate', acme.users.OWNER, {
      entity_id: entity._id,
      entity_data_id: a._id,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.values[tid]).toMatchObject({ title: 'One', status: 'Sold', ref: 'PR-003' });
    const many = await call('POST', '/api/entities-data/selected-data-duplicate', acme.users.OWNER, {
      entity_id: entity._id,
      ids: [a._id, b._id],
    });
    expect(many.json().data.created).toBe(2);
    const del = await call('POST', '/api/entities-data/delete-many', acme.users.OWNER, {
      entity_id: entity._id,
      ids: [a._id, b._id],
    });
    expect(del.json().data.deleted).toBe(2);
    const one = await call(
      'POST',
      `/api/entity-data/${copy.json().data._id}/${entity._id}`,
      acme.users.OWNER,
    );
    expect(one.json().data.deleted).toBe(1);

    const ruled = await call('PUT', `/api/entities/${entity._id}`, acme.users.OWNER, {
      name: entity.name,
      templates: [{ template_id: tid, is_primary: true }],
      duplicate_rules: [{ fields: [`${tid}#title`], mode: 'BLOCK' }],
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    await addRecord(entity, { title: 'Unique' });
    const dup = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: entity._id,
      values: valuesOf(entity, { title: 'Unique' }),
    });
    expect(dup.statusCode).toBe(409);
    const check = await call('POST', '/api/templates-data/check-duplicate-rules', acme.users.OWNER, {
      entity_id: entity._id,
      values: valuesOf(entity, { title: 'Unique' }),
    });
    expect(check.json().data).toMatchObject({ duplicate: true, blocked: true });
    // Two records of one batch break the rule between themselves too: nothing is added.
    const before = (
      await call('POST', '/api/entities-data/count', acme.users.OWNER, { entity_id: entity._id })
    ).json().data.count;
    const twins = await call('POST', '/api/entities-datas', acme.users.OWNER, {
      entity_id: entity._id,
      records: [
        valuesOf(entity, { title: 'Twin' }),
        valuesOf(entity, { title: 'Other' }),
        valuesOf(entity, { title: 'Twin' }),
      ],
    });
    expect(twins.statusCode, twins.body).toBe(409);
    expect(twins.json().error_code).toBe('DUPLICATE_RECORD');
    const after = (
      await call('POST', '/api/entities-data/count', acme.users.OWNER, { entity_id: entity._id })
    ).json().data.count;
    expect(after).toBe(before);
    // A batch whose last record repeats a stored one: refused whole.
    const stored = await call('POST', '/api/entities-datas', acme.users.OWNER, {
      entity_id: entity._id,
      records: [valuesOf(entity, { title: 'Fresh' }), valuesOf(entity, { title: 'Unique' })],
    });
    expect(stored.statusCode, stored.body).toBe(409);
    expect(stored.json().message).toMatch(/same Title/);
    const last = (
      await call('POST', '/api/entities-data/count', acme.users.OWNER, { entity_id: entity._id })
    ).json().data.count;
    expect(last).toBe(before);
  });

  it('checks ENTITY links point at records of the linked entity', async () => {
    const property = await createProperty();
    const flat = await addRecord(property, { title: 'Linked flat' });
    seq += 1;
    const lead = await call('POST', '/api/entities/create', acme.users.OWNER, {
      name: `Lead ${seq}`,
      fields: [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'property', label: 'Property', type: 'ENTITY', entity_id: property._id },
      ],
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leadEntity: TEntity = lead.json().data;
    const ok = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: leadEntity._id,
      values: valuesOf(leadEntity, { name: 'Ravi', property: flat._id }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: leadEntity._id,
      values: valuesOf(leadEntity, { name: 'Ravi', property: ok.json().data._id }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(keysOf(wrong)).toEqual([`values.${leadEntity.primary_template_id}.property`]);
    const page = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
      entity_id: leadEntity._id,
    });
    expect(page.json().data.linked_titles).toEqual({ [flat._id]: 'Linked flat' });
    const one = await call('GET', `/api/entity-data/${ok.json().data._id}`, acme.users.OWNER);
    expect(one.json().data.linked_titles).toEqual({ [flat._id]: 'Linked flat' });
    const plain = await call('GET', `/api/entity-data/${flat._id}`, acme.users.OWNER);
    expect(plain.json().data.linked_titles).toEqual({});
    const picker = await call('GET', `/api/entities/${property._id}/list?search=linked`, acme.users.OWNER);
    expect(picker.json().data.data).toEqual([{ _id: flat._id, title: 'Linked flat' }]);
    const fields = await call('GET', `/api/template-fields?entity_id=${leadEntity._id}`, acme.users.OWNER);
    expect(fields.json().data.map((f: { key: string }) => f.key)).toEqual(['name', 'property']);
  });
});
