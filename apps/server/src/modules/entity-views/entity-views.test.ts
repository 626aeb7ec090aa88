import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { TEntityView } from '@esigns/contracts/entity-views';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { keysOf, testKit } from '../entity-filters/test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: TEntity;
let second: TEntity;
const { call, data, createProperty, addRecord, ref, setPermissions } = testKit(() => t);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  property = await createProperty(acme.users.OWNER);
  second = await createProperty(acme.users.OWNER);
  const owner = acme.users.OWNER;
  await addRecord(property, { title: 'Sea view flat', price: 9_000_000, area: 1200, status: 'Sold' }, owner);
  await addRecord(
    property,
    { title: 'Garden house', price: 4_000_000, area: 2000, status: 'Available' },
    owner,
  );
  await addRecord(property, { title: 'City loft', price: 6_500_000, area: 800, status: 'Available' }, owner);
  await addRecord(property, { title: 'Farm plot', price: 1_000_000, area: 9000, status: 'Available' }, owner);
  await addRecord(second, { title: 'Other thing', price: 5 }, owner);
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const viewBody = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: `Available homes ${seq}`,
    description: 'What we can still sell',
    config: {
      entities: [
        {
          entity_id: property._id,
          columns: [{ field: 'title', width: 240 }, { field: ref(property, 'price') }],
          filters: {
            match: 'ANY',
            rules: [
              { field: ref(property, 'status'), operator: 'EQUALS', value: 'Available' },
              { field: ref(property, 'area'), operator: 'GREATER_THAN', value: 5000 },
            ],
          },
          sort: [{ field: ref(property, 'price'), direction: 'desc' }],
        },
        { entity_id: second._id, layout: 'BOARD', board_field: ref(second, 'status') },
      ],
    },
    ...overrides,
  };
};
const createView = (body = viewBody()) =>
  data<TEntityView>(call('POST', '/api/entity-view-configuration', acme.users.OWNER, body));
const titlesOf = (page: { data: { title: string }[] }) => page.data.map((r) => r.title);

describe('entity views', () => {
  it('creates, reads, lists, changes and deletes a view', async () => {
    const view = await createView();
    expect(view).toMatchObject({ entity_id: property._id, description: 'What we can still sell' });
    expect(view.entities.map((e) => e.name)).toEqual([property.name, second.name]);
    expect(view.config.entities[0]!.columns[1]).toEqual({ field: ref(property, 'price'), width: null });
    expect(view.config.entities[1]).toMatchObject({ layout: 'BOARD', columns: [], sort: [] });

    const read = await data<TEntityView>(
      call('GET', `/api/entity-view-configuration/${view._id}`, acme.users.MANAGER),
    );
    expect(read.name).toBe(view.name);
    const list = await data<{ data: TEntityView[]; total: number }>(
      call(
        'GET',
        `/api/entity-view-configuration?search=${encodeURIComponent(view.name)}&limit=50`,
        acme.users.MANAGER,
      ),
    );
    expect(list.data.map((v) => v._id)).toEqual([view._id]);
    const bySecond = await data<{ data: TEntityView[] }>(
      call('GET', `/api/entity-view-configuration?entity_id=${second._id}`, acme.users.OWNER),
    );
    expect(bySecond.data.map((v) => v._id)).toContain(view._id);

    const renamed = await data<TEntityView>(
      call('PATCH', `/api/entity-view-configuration/${view._id}`, acme.users.OWNER, {
        name: `${view.name} (renamed)`,
        config: { entities: [{ entity_id: second._id }] },
      }),
    );
    expect(renamed).toMatchObject({ name: `${view.name} (renamed)`, entity_id: second._id });
    expect(renamed.description).toBe(view.description);
    await data(call('DELETE', `/api/entity-view-configuration/${view._id}`, acme.users.OWNER));
    const gone = await call('GET', `/api/entity-view-configuration/${view._id}`, acme.users.OWNER);
    expect(gone.statusCode).toBe(404);
  });

  it("pages a view's records with its filters and sort, plus the request's filters, search and sort", async () => {
    const view = await createView();
    const url = '/api/entities-data/entity/view/data';
    const page = await data<{ data: { title: string }[]; total: number }>(
      call('POST', url, acme.users.MANAGER, { entity_view_id: view._id }),
    );
    expect(titlesOf(page)).toEqual(['City loft', 'Garden house', 'Farm plot']);
    expect(page.total).toBe(3);
    const narrowed = await data<{ data: { title: string }[] }>(
      call('POST', url, acme.users.MANAGER, {
        entity_view_id: view._id,
        filters: { rules: [{ field: ref(property, 'price'), operator: 'LESS_THAN', value: 5_000_000 }] },
        sort: [{ field: 'title', direction: 'asc' }],
      }),
    );
    expect(titlesOf(narrowed)).toEqual(['Farm plot', 'Garden house']);
    const searched = await data<{ data: { title: string }[] }>(
      call('POST', url, acme.users.MANAGER, { entity_view_id: view._id, search: 'loft', limit: 1 }),
    );
    expect(titlesOf(searched)).toEqual(['City loft']);
    const paged = await data<{ data: { title: string }[]; page: number; total_pages: number }>(
      call('POST', url, acme.users.MANAGER, { entity_view_id: view._id, page: 2, limit: 2 }),
    );
    expect(paged).toMatchObject({ page: 2, total_pages: 2 });
    expect(titlesOf(paged)).toEqual(['Farm plot']);
    const ofSecond = await data<{ data: { title: string }[] }>(
      call('POST', url, acme.users.MANAGER, { entity_view_id: view._id, entity_id: second._id }),
    );
    expect(titlesOf(ofSecond)).toEqual(['Other thing']);

    // A view whose rules all hold (merged with the request's into one group).
    const allView = await createView(
      viewBody({
        config: {
          entities: [
            {
              entity_id: property._id,
              filters: {
                rules: [{ field: ref(property, 'status'), operator: 'EQUALS', value: 'Available' }],
              },
            },
          ],
        },
      }),
    );
    const merged = await data<{ data: { title: string }[] }>(
      call('POST', url, acme.users.MANAGER, {
        entity_view_id: allView._id,
        filters: { rules: [{ field: ref(property, 'price'), operator: 'LESS_THAN', value: 5_000_000 }] },
        sort: [{ field: 'title', direction: 'asc' }],
      }),
    );
    expect(titlesOf(merged)).toEqual(['Farm plot', 'Garden house']);

    const notInView = await call('POST', url, acme.users.MANAGER, {
      entity_view_id: view._id,
      entity_id: UNKNOWN,
    });
    expect(notInView.statusCode).toBe(422);
    expect(keysOf(notInView)).toEqual(['entity_id']);
    const badExtra = await call('POST', url, acme.users.MANAGER, {
      entity_view_id: view._id,
      filters: { rules: [{ field: ref(property, 'title'), operator: 'LESS_THAN', value: 'x' }] },
    });
    expect(keysOf(badExtra)).toEqual(['filters.rules.0.operator']);
  });

  it('refuses a config that does not fit its entities, keyed by its path', async () => {
    const body = viewBody({
      config: {
        entities: [
          {
            entity_id: property._id,
            columns: [{ field: 'title' }, { field: ref(property, 'ghost') }, { field: 'title' }],
            filters: {
              rules: [
                { field: ref(property, 'status'), operator: 'EQUALS', value: 'Sold' },
                { field: ref(second, 'status'), operator: 'EQUALS', value: 'Sold' },
              ],
            },
            sort: [{ field: ref(property, 'gone'), direction: 'asc' }],
            layout: 'BOARD',
            board_field: ref(property, 'price'),
          },
          { entity_id: property._id },
        ],
      },
    });
    const res = await call('POST', '/api/entity-view-configuration', acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res).sort()).toEqual(
      [
        'config.entities.0.board_field',
        'config.entities.0.columns.1.field',
        'config.entities.0.columns.2.field',
        'config.entities.0.filters.rules.1.field',
        'config.entities.0.sort.0.field',
        'config.entities.1.entity_id',
      ].sort(),
    );
    const shape = await call('POST', '/api/entity-view-configuration', acme.users.OWNER, {
      name: '',
      config: { entities: [] },
    });
    expect(shape.statusCode).toBe(422);
    expect(keysOf(shape).sort()).toEqual(['config.entities', 'name']);
    const view = await createView();
    const taken = await call('POST', '/api/entity-view-configuration', acme.users.OWNER, {
      ...viewBody(),
      name: view.name.toUpperCase(),
    });
    expect(keysOf(taken)).toEqual(['name']);
    const patch = await call('PATCH', `/api/entity-view-configuration/${view._id}`, acme.users.OWNER, {
      config: { entities: [{ entity_id: property._id, sort: [{ field: 'nope#x', direction: 'asc' }] }] },
    });
    expect(keysOf(patch)).toEqual(['config.entities.0.sort.0.field']);
  });

  it("answers 404 for unknown ids and another company's views and entities", async () => {
    const view = await createView();
    const theirs = await createProperty(other.users.OWNER);
    const cases = [
      call('GET', `/api/entity-view-configuration/${view._id}`, other.users.OWNER),
      call('PATCH', `/api/entity-view-configuration/${view._id}`, other.users.OWNER, { name: 'Mine' }),
      call('DELETE', `/api/entity-view-configuration/${view._id}`, other.users.OWNER),
      call('POST', '/api/entities-data/entity/view/data', other.users.OWNER, { entity_view_id: view._id }),
      call('GET', `/api/entity-view-configuration/${UNKNOWN}`, acme.users.OWNER),
      call('GET', '/api/entity-view-configuration/not-an-id', acme.users.OWNER),
      call('POST', '/api/entity-view-configuration', acme.users.OWNER, {
        name: 'Theirs',
        config: { entities: [{ entity_id: theirs._id }] },
      }),
      call('POST', '/api/entity-view-configuration', acme.users.OWNER, {
        name: 'Nobody',
        config: { entities: [{ entity_id: UNKNOWN }] },
      }),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode, res.body).toBe(404);
  });

  it('needs the entity-views slugs, and entity-data:view for records (403)', async () => {
    const view = await createView();
    const member = acme.users.MEMBER;
    const cases = [
      call('GET', '/api/entity-view-configuration', member),
      call('GET', `/api/entity-view-configuration/${view._id}`, member),
      call('POST', '/api/entity-view-configuration', acme.users.MANAGER, viewBody()),
      call('PATCH', `/api/entity-view-configuration/${view._id}`, acme.users.MANAGER, { name: 'x' }),
      call('DELETE', `/api/entity-view-configuration/${view._id}`, acme.users.MANAGER),
      call('POST', '/api/entities-data/entity/view/data', member, { entity_view_id: view._id }),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode, res.body).toBe(403);
    // A user type that may open views but not see records.
    await setPermissions(other.companyId, 'MEMBER', ['entity-views:view']);
    const theirs = await createProperty(other.users.OWNER);
    const theirView = await data<TEntityView>(
      call('POST', '/api/entity-view-configuration', other.users.OWNER, {
        name: 'Theirs',
        config: { entities: [{ entity_id: theirs._id }] },
      }),
    );
    const noData = await call('POST', '/api/entities-data/entity/view/data', other.users.MEMBER, {
      entity_view_id: theirView._id,
    });
    expect(noData.statusCode).toBe(403);
    expect(noData.json().message).toContain('entity-data:view');
  });

  it('documents the view, filter and global filter calls in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      '/api/entity-view-configuration',
      '/api/entity-view-configuration/{id}',
      '/api/entities-data/entity/view/data',
      '/api/entity-filter',
      '/api/entity-filter/{id}',
      '/api/filters',
      '/api/filters/all-filters',
      '/api/filters/fetch-all-filters-by-entity-ids',
      '/api/entity-filters/fetch-by-company',
      '/api/global-filters',
      '/api/global-filters/{id}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
