import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntityCustomization } from '@esigns/contracts/entity-customization';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { seedEntity, type SeededEntity } from '../menus/test-seed';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: SeededEntity;
let theirs: SeededEntity;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Looks' });
  other = await seedCompany(t, { name: 'Other Looks' });
  property = await seedEntity(t, acme.companyId, 'Property');
  theirs = await seedEntity(t, other.companyId, 'Their property');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/entity-customization${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

let seq = 0;
async function create(body: Record<string, unknown> = {}, entity = property): Promise<TEntityCustomization> {
  seq += 1;
  const res = await call('POST', '/create', acme.users.OWNER, {
    entity_id: entity.entityId,
    label: `Look ${seq}`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('entity customization', () => {
  it('creates one with defaults and with a full config', async () => {
    const plain = await create({ label: 'Plain' });
    expect(plain).toMatchObject({
      entity_id: property.entityId,
      entity_name: 'Property',
      label: 'Plain',
      isActive: false,
      config: {
        labels: { singular: null, plural: null },
        record_tabs: ['DETAILS', 'RELATIONSHIPS', 'DOCUMENTS', 'FILES', 'ACTIVITY'],
        list_columns: [],
        default_sort: null,
        page_size: 20,
      },
    });
    const full = await create({
      label: 'Sales look',
      isActive: true,
      config: {
        labels: { singular: 'Listing', plural: 'Listings' },
        icon: 'home-filled',
        primary_color: '#1E88E5',
        record_tabs: ['DETAILS', 'DOCUMENTS'],
        list_columns: [`${property.templateId}#title`, `${property.templateId}#price`, 'created_at'],
        default_sort: { field: `${property.templateId}#price`, direction: 'desc' },
        page_size: 50,
        buttons: { add: 'New listing', save: 'Publish' },
      },
    });
    expect(full.isActive).toBe(true);
    expect(full.config.buttons).toEqual({ add: 'New listing', edit: null, delete: null, save: 'Publish' });
    const read = await call('GET', `/${full._id}`, acme.users.MANAGER);
    expect(read.json().data).toEqual(full);
  });

  it('keeps at most one active per entity and answers the active one', async () => {
    const a = await create({ isActive: true });
    const b = await create({ isActive: true });
    let list: TEntityCustomization[] = (
      await call('GET', `/entity_id/${property.entityId}`, acme.users.OWNER)
    ).json().data;
    expect(list.filter((c) => c.isActive).map((c) => c._id)).toEqual([b._id]);
    expect(
      (await call('GET', `/entity/isActive/${property.entityId}`, acme.users.MEMBER)).json().data._id,
    ).toBe(b._id);

    const res = await call('PUT', '/update', acme.users.OWNER, { _id: a._id, isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    list = (await call('GET', `/entity_id/${property.entityId}`, acme.users.OWNER)).json().data;
    expect(list[0]!._id).toBe(a._id);
    expect(list.filter((c) => c.isActive)).toHaveLength(1);

    const off = await call('PUT', '/update', acme.users.OWNER, { _id: a._id, isActive: false });
    expect(off.json().data.isActive).toBe(false);
    expect(
      (await call('GET', `/entity/isActive/${property.entityId}`, acme.users.OWNER)).json().data,
    ).toBeNull();
  });

  it('changes label and config, refusing a stale updated_at (409)', async () => {
    const look = await create();
    const res = await call('PUT', '/update', acme.users.OWNER, {
      _id: look._id,
      label: 'Renamed',
      config: { page_size: 100 },
      updated_at: look.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ label: 'Renamed', config: { page_size: 100 } });
    const stale = await call('PUT', '/update', acme.users.OWNER, {
      _id: look._id,
      label: 'Again',
      updated_at: look.updated_at,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('pages the company list with search, never showing another company', async () => {
    await create({ label: 'Findable unicorn' }, property);
    await t.app.inject({
      method: 'POST',
      url: '/api/entity-customization/create',
      headers: other.users.OWNER.headers,
      payload: { entity_id: theirs.entityId, label: 'Their unicorn' },
    });
    const res = await call('GET', '/fetch-by-company?search=UNICORN&limit=50', acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data.map((c: TEntityCustomization) => c.label)).toEqual(['Findable unicorn']);
    const page = (await call('GET', '/fetch-by-company?limit=2&page=1', acme.users.OWNER)).json().data;
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.total_pages).toBe(Math.ceil(page.total / 2));
  });

  it('deletes', async () => {
    const look = await create();
    expect((await call('DELETE', `/${look._id}`, acme.users.OWNER)).json().data).toEqual({ _id: look._id });
    expect((await call('GET', `/${look._id}`, acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('entity customization: bad input, other companies and permissions', () => {
  it('answers 422 keyed by the path of each problem', async () => {
    const taken = await create({ label: 'Taken' });
    const res = await call('POST', '/create', acme.users.OWNER, {
      entity_id: property.entityId,
      label: 'taken',
      config: {
        icon: 'no-such-icon',
        list_columns: [
          `${property.templateId}#title`,
          `${property.templateId}#nope`,
          `${theirs.templateId}#title`,
        ],
        default_sort: { field: `${property.templateId}#missing` },
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res).sort()).toEqual(
      [
        'label',
        'config.icon',
        'config.list_columns.1',
        'config.list_columns.2',
        'config.default_sort.field',
      ].sort(),
    );
    const shape = await call('POST', '/create', acme.users.OWNER, {
      entity_id: 'nope',
      label: '',
      config: {
        primary_color: 'blue',
        record_tabs: ['FILES', 'FILES'],
        list_columns: ['title', 'title', 'not a ref'],
        page_size: 7,
      },
    });
    expect(shape.statusCode).toBe(422);
    expect(keysOf(shape)).toEqual(
      expect.arrayContaining([
        'entity_id',
        'label',
        'config.primary_color',
        'config.record_tabs',
        'config.list_columns.1',
        'config.list_columns.2',
        'config.page_size',
      ]),
    );
    const rename = await call('PUT', '/update', acme.users.OWNER, {
      _id: (await create())._id,
      label: 'TAKEN',
    });
    expect(keysOf(rename)).toEqual(['label']);
    expect(taken.label).toBe('Taken');
  });

  it("answers 404 for unknown ids and another company's", async () => {
    const theirLook = await t.app.inject({
      method: 'POST',
      url: '/api/entity-customization/create',
      headers: other.users.OWNER.headers,
      payload: { entity_id: theirs.entityId, label: 'Theirs' },
    });
    const theirId = theirLook.json().data._id as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const owner = acme.users.OWNER;
    expect(
      (await call('POST', '/create', owner, { entity_id: theirs.entityId, label: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/create', owner, { entity_id: unknown, label: 'X' })).statusCode).toBe(404);
    for (const url of [
      `/${theirId}`,
      `/${unknown}`,
      '/nope',
      `/entity_id/${theirs.entityId}`,
      `/entity/isActive/${theirs.entityId}`,
    ]) {
      expect((await call('GET', url, owner)).statusCode, url).toBe(404);
    }
    expect((await call('PUT', '/update', owner, { _id: theirId, label: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirId}`, owner)).statusCode).toBe(404);
  });

  it('needs customization:view to read and customization:manage to write (403)', async () => {
    const look = await create();
    const { MEMBER, MANAGER } = acme.users;
    expect((await call('GET', '/fetch-by-company', MEMBER)).statusCode).toBe(403);
    expect((await call('GET', `/entity_id/${property.entityId}`, MEMBER)).statusCode).toBe(403);
    expect((await call('GET', `/${look._id}`, MEMBER)).statusCode).toBe(403);
    expect((await call('GET', `/${look._id}`, MANAGER)).statusCode).toBe(200);
    expect(
      (await call('POST', '/create', MANAGER, { entity_id: property.entityId, label: 'No' })).statusCode,
    ).toBe(403);
    expect((await call('PUT', '/update', MANAGER, { _id: look._id, label: 'No' })).statusCode).toBe(403);
    expect((await call('DELETE', `/${look._id}`, MANAGER)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every customization path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const [method, path] of [
      ['get', '/api/entity-customization/entity_id/{id}'],
      ['post', '/api/entity-customization/create'],
      ['delete', '/api/entity-customization/{id}'],
      ['put', '/api/entity-customization/update'],
      ['get', '/api/entity-customization/{id}'],
      ['get', '/api/entity-customization/entity/isActive/{id}'],
      ['get', '/api/entity-customization/fetch-by-company'],
    ] as const) {
      expect(paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
