import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRepeatableEntry } from '@esigns/contracts/record-extras';
import type {
  TTemplateDataPage,
  TTemplatesFieldsResult,
  TValueCheckResult,
} from '@esigns/contracts/template-data-lookups';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { apiOf, keysOf, memberWith } from './files-test-utils';

/*
 * `POST /entities-data/check`, `PATCH /templates-data/{template_data_id}`, `GET /templates-data`
 * and `POST /TemplatesFieldsDataFromEntities` (template-data-routes.ts). PGlite and PostgreSQL.
 */

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let owners: TEntity;
let entity: TEntity;
let items: TFormTemplate;
let otherEntity: TEntity;
let owner: TEntityRecord;
let house: TEntityRecord;
let flat: TEntityRecord;
let otherRecord: TEntityRecord;

const fields = (ownersId: string) => [
  { key: 'email', label: 'Email', type: 'EMAIL' },
  { key: 'phone', label: 'Phone', type: 'PHONE', default_country_code: '91' },
  { key: 'price', label: 'Price', type: 'NUMBER' },
  { key: 'listed', label: 'Listed on', type: 'DATE' },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'sold', label: 'Sold' },
    ],
  },
  { key: 'owner', label: 'Owner', type: 'ENTITY', entity_id: ownersId },
];
const lineFields = [
  { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'qty', label: 'Quantity', type: 'NUMBER', min: 1 },
  { key: 'rate', label: 'Rate', type: 'NUMBER' },
  { key: 'amount', label: 'Amount', type: 'FORMULA', expression: '{qty} * {rate}' },
];

const ref = (key: string) => `${entity.primary_template_id}#${key}`;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  owners = await api.createEntity(acme.users.OWNER, []);
  owner = await api.addRecord(acme.users.OWNER, owners, { title: 'Mrs Rao' });
  const base = await api.createEntity(acme.users.OWNER, fields(owners._id));
  ({ entity, template: items } = await api.addRepeatable(acme.users.OWNER, base, lineFields));
  house = await api.addRecord(acme.users.OWNER, entity, {
    title: 'Sea View House',
    email: 'Sales@Example.com',
    phone: '98765 43210',
    price: 4500000,
    listed: '2026-03-05',
    status: 'open',
    owner: owner._id,
  });
  flat = await api.addRecord(acme.users.OWNER, entity, {
    title: 'City Flat',
    email: 'flat@example.com',
    price: 1200,
  });
  otherEntity = await api.createEntity(other.users.OWNER, [{ key: 'email', label: 'Email', type: 'EMAIL' }]);
  otherRecord = await api.addRecord(other.users.OWNER, otherEntity, {
    title: 'Theirs',
    email: 'sales@example.com',
  });
});
afterAll(async () => {
  await t.close();
});

const check = (body: Record<string, unknown>, who = acme.users.OWNER) =>
  api.call('POST', '/api/entities-data/check', who, { entity_id: entity._id, ...body });

describe('POST /entities-data/check', () => {
  it('finds records holding an email (any case) or a phone as typed, not the one being edited', async () => {
    const byEmail = await api.expectOk<TValueCheckResult>(
      check({ field: ref('email'), value: '  SALES@example.COM ' }),
    );
    expect(byEmail).toEqual({ exists: true, records: [{ _id: house._id, title: 'Sea View House' }] });
    const byPhone = await api.expectOk<TValueCheckResult>(
      check({ field: ref('phone'), value: '+91 98765-43210' }),
    );
    expect(byPhone.records.map((r) => r._id)).toEqual([house._id]);
    const self = await api.expectOk<TValueCheckResult>(
      check({ field: ref('email'), value: 'sales@example.com', exclude_id: house._id }),
    );
    expect(self).toEqual({ exists: false, records: [] });
    const free = await api.expectOk<TValueCheckResult>(
      check({ field: ref('email'), value: 'new@example.com' }),
    );
    expect(free.exists).toBe(false);
  });

  it('compares numbers exactly and titles through the title field', async () => {
    const price = await api.expectOk<TValueCheckResult>(check({ field: ref('price'), value: '1,200' }));
    expect(price.records).toEqual([{ _id: flat._id, title: 'City Flat' }]);
    const near = await api.expectOk<TValueCheckResult>(check({ field: ref('price'), value: 1200.5 }));
    expect(near.exists).toBe(false);
    const title = await api.expectOk<TValueCheckResult>(check({ field: ref('title'), value: 'city flat' }));
    expect(title.records.map((r) => r._id)).toEqual([flat._id]);
  });

  it('refuses unknown fields, types it does not compare and bad values (422); others entities are 404', async () => {
    for (const field of [`${entity.primary_template_id}#nope`, `${items._id}#item`, 'created_at']) {
      const res = await check({ field, value: 'x' });
      expect(res.statusCode, field).toBe(422);
      expect(keysOf(res)).toEqual(['field']);
    }
    const select = await check({ field: ref('status'), value: 'open' });
    expect(select.statusCode).toBe(422);
    expect(keysOf(select)).toEqual(['field']);
    const badEmail = await check({ field: ref('email'), value: 'not an email' });
    expect(keysOf(badEmail)).toEqual(['value']);
    const empty = await check({ field: ref('email'), value: '  ' });
    expect(keysOf(empty)).toEqual(['value']);
    const body = await api.call('POST', '/api/entities-data/check', acme.users.OWNER, {
      entity_id: 'x',
      field: 'nope',
      value: true,
    });
    expect(body.statusCode).toBe(422);
    expect(keysOf(body).sort()).toEqual(['entity_id', 'field', 'value']);
    const theirs = await check({
      entity_id: otherEntity._id,
      field: `${otherEntity.primary_template_id}#email`,
      value: 'sales@example.com',
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await check({ entity_id: crypto.randomUUID(), field: ref('email'), value: 'a@b.co' });
    expect(unknown.statusCode).toBe(404);
    // Their record never shows in ours either.
    const ours = await api.expectOk<TValueCheckResult>(
      check({ field: ref('email'), value: 'sales@example.com' }),
    );
    expect(ours.records.map((r) => r._id)).not.toContain(otherRecord._id);
  });

  it('needs entity-data:view', async () => {
    const member = await memberWith(t, acme.companyId, []);
    const res = await check({ field: ref('email'), value: 'a@b.co' }, member);
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /templates-data/{template_data_id}', () => {
  it('changes a line item like PATCH /templates-data/repeatable-template/{id}', async () => {
    const entry = await api.expectOk<TRepeatableEntry>(
      api.call('POST', '/api/templates-data/repeatable-template', acme.users.OWNER, {
        entity_data_id: house._id,
        template_id: items._id,
        values: { item: 'Tiles', qty: 2, rate: 100 },
      }),
    );
    const changed = await api.expectOk<TRepeatableEntry>(
      api.call('PATCH', `/api/templates-data/${entry._id}`, acme.users.OWNER, { values: { qty: 3 } }),
    );
    expect(changed._id).toBe(entry._id);
    expect(changed.values).toMatchObject({ item: 'Tiles', qty: 3, rate: 100, amount: 300 });
    const read = await api.expectOk<TRepeatableEntry>(
      api.call('GET', `/api/templates-data/repeatable-template/${entry._id}`, acme.users.OWNER),
    );
    expect(read.values.qty).toBe(3);

    const bad = await api.call('PATCH', `/api/templates-data/${entry._id}`, acme.users.OWNER, {
      values: { qty: 0, item: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad).sort()).toEqual(['values.item', 'values.qty']);
    const noBody = await api.call('PATCH', `/api/templates-data/${entry._id}`, acme.users.OWNER, { qty: 1 });
    expect(noBody.statusCode).toBe(422);
    const notId = await api.call('PATCH', '/api/templates-data/abc', acme.users.OWNER, { values: {} });
    expect(notId.statusCode).toBe(422);
    expect(keysOf(notId)).toEqual(['params.template_data_id']);

    const theirs = await api.call('PATCH', `/api/templates-data/${entry._id}`, other.users.OWNER, {
      values: { qty: 5 },
    });
    expect(theirs.statusCode).toBe(404);
    // A record id is not an entry id.
    const record = await api.call('PATCH', `/api/templates-data/${house._id}`, acme.users.OWNER, {
      values: { qty: 5 },
    });
    expect(record.statusCode).toBe(404);
    const viewer = await memberWith(t, acme.companyId, ['entity-data:view']);
    const refused = await api.call('PATCH', `/api/templates-data/${entry._id}`, viewer, {
      values: { qty: 5 },
    });
    expect(refused.statusCode).toBe(403);
    await api.expectOk(
      api.call('DELETE', `/api/templates-data/repeatable-template/${entry._id}`, acme.users.OWNER),
    );
  });
});

describe('GET /templates-data', () => {
  const list = (query: string, who = acme.users.OWNER) =>
    api.call('GET', `/api/templates-data?${query}`, who);

  it("answers records' values of a template, newest change first, narrowed and paged", async () => {
    const tid = entity.primary_template_id;
    const all = await api.expectOk<TTemplateDataPage>(list(`template_id=${tid}`));
    expect(all.data.map((r) => r.entity_data_id)).toEqual([flat._id, house._id]);
    expect(all.data[1]).toMatchObject({
      entity_id: entity._id,
      title: 'Sea View House',
      template_id: tid,
      template_data_id: null,
      values: { email: 'sales@example.com', price: 4500000 },
    });
    expect(all).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    const one = await api.expectOk<TTemplateDataPage>(list(`template_id=${tid}&entity_data_id=${house._id}`));
    expect(one.data.map((r) => r.entity_data_id)).toEqual([house._id]);
    const searched = await api.expectOk<TTemplateDataPage>(list(`template_id=${tid}&search=flat`));
    expect(searched.data.map((r) => r.title)).toEqual(['City Flat']);
    const paged = await api.expectOk<TTemplateDataPage>(list(`template_id=${tid}&limit=1&page=2`));
    expect(paged).toMatchObject({ total: 2, page: 2, total_pages: 2 });
    expect(paged.data.map((r) => r.entity_data_id)).toEqual([house._id]);
    const byEntity = await api.expectOk<TTemplateDataPage>(
      list(`template_id=${tid}&entity_id=${entity._id}`),
    );
    expect(byEntity.total).toBe(2);
    const elsewhere = await api.expectOk<TTemplateDataPage>(
      list(`template_id=${tid}&entity_id=${owners._id}`),
    );
    expect(elsewhere).toMatchObject({ data: [], total: 0 });
  });

  it("answers a repeatable template's entries with their template_data_id", async () => {
    const entry = await api.expectOk<TRepeatableEntry>(
      api.call('POST', '/api/templates-data/repeatable-template', acme.users.OWNER, {
        entity_data_id: flat._id,
        template_id: items._id,
        values: { item: 'Paint', qty: 1, rate: 50 },
      }),
    );
    const page = await api.expectOk<TTemplateDataPage>(
      list(`template_id=${items._id}&entity_id=${entity._id}&entity_data_id=${flat._id}`),
    );
    expect(page.data).toEqual([
      expect.objectContaining({
        entity_data_id: flat._id,
        title: 'City Flat',
        template_id: items._id,
        template_data_id: entry._id,
        values: expect.objectContaining({ item: 'Paint', amount: 50 }),
      }),
    ]);
    const none = await api.expectOk<TTemplateDataPage>(
      list(`template_id=${items._id}&entity_data_id=${house._id}`),
    );
    expect(none.total).toBe(0);
  });

  it('refuses a bad query (422) and another workspace template (404)', async () => {
    const missing = await list('');
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['querystring.template_id']);
    const tid = entity.primary_template_id;
    const tooMany = await list(`template_id=${tid}&limit=101`);
    expect(keysOf(tooMany)).toEqual(['querystring.limit']);
    const badIds = await list(`template_id=${tid}&entity_id=x&entity_data_id=y&page=0`);
    expect(keysOf(badIds).sort()).toEqual([
      'querystring.entity_data_id',
      'querystring.entity_id',
      'querystring.page',
    ]);
    const theirs = await list(`template_id=${otherEntity.primary_template_id}`);
    expect(theirs.statusCode).toBe(404);
    const ours = await list(`template_id=${tid}`, other.users.OWNER);
    expect(ours.statusCode).toBe(404);
  });
});

describe('POST /TemplatesFieldsDataFromEntities', () => {
  const fieldsOf = (body: Record<string, unknown>, who = acme.users.OWNER) =>
    api.call('POST', '/api/TemplatesFieldsDataFromEntities', who, {
      entity_id: entity._id,
      entity_data_id: house._id,
      ...body,
    });

  it("answers the record's templates with each field's value and printable text", async () => {
    const templates = await api.expectOk<TTemplatesFieldsResult>(fieldsOf({}));
    expect(templates.map((x) => x.template_id)).toEqual([entity.primary_template_id]);
    const byKey = Object.fromEntries(templates[0]!.fields.map((f) => [f.key, f]));
    expect(Object.keys(byKey)).toEqual(['title', 'email', 'phone', 'price', 'listed', 'status', 'owner']);
    expect(byKey.title).toEqual({
      key: 'title',
      label: 'Title',
      input_type: 'SINGLE_LINE_TEXT',
      value: 'Sea View House',
      text: 'Sea View House',
    });
    expect(byKey.phone!.value).toBe('+919876543210');
    expect(byKey.listed!.text).toBe('05 Mar 2026');
    expect(byKey.status!.text).toBe('Open');
    expect(byKey.owner).toMatchObject({ value: owner._id, text: 'Mrs Rao', input_type: 'ENTITY' });
    expect(byKey.price!.text).toBe('45,00,000');
    const chosen = await api.expectOk<TTemplatesFieldsResult>(
      fieldsOf({ template_ids: [entity.primary_template_id] }),
    );
    expect(chosen).toHaveLength(1);
    const empty = await api.expectOk<TTemplatesFieldsResult>(fieldsOf({ entity_data_id: flat._id }));
    expect(empty[0]!.fields.find((f) => f.key === 'listed')).toMatchObject({ value: null, text: '' });
  });

  it('refuses repeatable or unknown templates (422), others records and entities (404)', async () => {
    const repeatable = await fieldsOf({ template_ids: [items._id, crypto.randomUUID()] });
    expect(repeatable.statusCode).toBe(422);
    expect(keysOf(repeatable)).toEqual(['template_ids.0', 'template_ids.1']);
    const bad = await fieldsOf({ entity_data_id: 'x', template_ids: [] });
    expect(keysOf(bad).sort()).toEqual(['entity_data_id', 'template_ids']);
    const theirRecord = await fieldsOf({ entity_data_id: otherRecord._id });
    expect(theirRecord.statusCode).toBe(404);
    const wrongEntity = await fieldsOf({ entity_data_id: owner._id });
    expect(wrongEntity.statusCode).toBe(404);
    const theirEntity = await fieldsOf({ entity_id: otherEntity._id, entity_data_id: otherRecord._id });
    expect(theirEntity.statusCode).toBe(404);
    const member = await memberWith(t, acme.companyId, []);
    expect((await fieldsOf({}, member)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the four calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const [path, method, words] of [
      ['/api/entities-data/check', 'post', 'case-insensitively'],
      ['/api/templates-data/{template_data_id}', 'patch', '/templates-data/{entity_data_id}/{template_id}'],
      ['/api/templates-data', 'get', 'template_data_id'],
      ['/api/TemplatesFieldsDataFromEntities', 'post', 'linked records by title'],
    ] as const) {
      expect(paths[path]?.[method]?.description, `${method} ${path}`).toContain(words);
    }
  });
});
