import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { TEntityFilter } from '@esigns/contracts/entity-filters';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { keysOf, testKit } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let member2: SeededUser;
let property: TEntity;
const { call, data, createProperty, addRecord, ref, grant } = testKit(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  // MEMBERs of Acme may use and save filters, not edit or delete others' shared ones.
  await grant(acme.companyId, 'MEMBER', ['filters:view', 'filters:create']);
  member2 = await seedMember(t, acme.companyId, 'MEMBER', 'member2');
  property = await createProperty(acme.users.OWNER);
  await addRecord(property, { title: 'Sea view flat', price: 9_000_000, status: 'Sold' }, acme.users.OWNER);
  await addRecord(
    property,
    { title: 'Garden house', price: 4_000_000, status: 'Available' },
    acme.users.OWNER,
  );
  await addRecord(property, { title: 'City loft', price: 6_500_000, status: 'Available' }, acme.users.OWNER);
});
afterAll(async () => {
  await t.close();
});

const saveFilter = (who: SeededUser, body: Record<string, unknown>) =>
  data<TEntityFilter>(call('POST', '/api/entity-filter', who, { entity_id: property._id, ...body }));

describe('saved filters', () => {
  it('saves a filter that the record grid then applies, and reads and lists it', async () => {
    const saved = await saveFilter(acme.users.MANAGER, {
      filter_name: 'Available under 7M',
      filters: {
        match: 'ALL',
        rules: [
          { field: ref(property, 'status'), operator: 'EQUALS', value: 'Available' },
          { field: ref(property, 'price'), operator: 'LESS_THAN', value: 7_000_000 },
        ],
      },
      sort: [{ field: ref(property, 'price'), direction: 'desc' }],
      columns: ['title', ref(property, 'price')],
      is_quick: true,
      shared: true,
    });
    expect(saved).toMatchObject({ shared: true, user_id: null, is_quick: true, can_edit: true });
    const page = await data<{ data: { title: string }[] }>(
      call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
        entity_id: property._id,
        filter_id: saved._id,
      }),
    );
    expect(page.data.map((r) => r.title).sort()).toEqual(['City loft', 'Garden house']);

    const one = await data<TEntityFilter>(call('GET', `/api/entity-filter/${saved._id}`, acme.users.MEMBER));
    expect(one.filter_name).toBe('Available under 7M');
    expect(one.can_edit).toBe(false);
    const quick = await data<TEntityFilter[]>(
      call('GET', `/api/entity-filter?entity_id=${property._id}&is_quick=true`, acme.users.MEMBER),
    );
    expect(quick.map((f) => f._id)).toContain(saved._id);
    const notQuick = await data<TEntityFilter[]>(
      call('GET', `/api/entity-filter?entity_id=${property._id}&is_quick=false`, acme.users.MEMBER),
    );
    expect(notQuick.map((f) => f._id)).not.toContain(saved._id);
  });

  it("keeps personal filters to their owner: another user's answers 404 and is left out of lists", async () => {
    const mine = await saveFilter(acme.users.MEMBER, {
      filter_name: 'My sold ones',
      filters: { rules: [{ field: ref(property, 'status'), operator: 'EQUALS', value: 'Sold' }] },
    });
    expect(mine).toMatchObject({ shared: false, user_id: acme.users.MEMBER.userId, can_edit: true });
    const byOther = await call('GET', `/api/entity-filter/${mine._id}`, member2);
    expect(byOther.statusCode).toBe(404);
    expect((await call('GET', `/api/entity-filter/${mine._id}`, acme.users.OWNER)).statusCode).toBe(404);
    const change = await call('POST', `/api/entity-filter/${mine._id}`, acme.users.MANAGER, {
      filter_name: 'x',
    });
    expect(change.statusCode).toBe(404);

    const lists = [
      call('GET', `/api/entity-filter?entity_id=${property._id}`, member2),
      call('POST', '/api/filters/all-filters', member2, { entity_ids: [property._id] }),
      call('GET', `/api/filters/fetch-all-filters-by-entity-ids?ids=${property._id}`, member2),
    ];
    for (const res of await Promise.all(lists)) {
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().data as TEntityFilter[]).map((f) => f._id);
      expect(ids).not.toContain(mine._id);
    }
    const own = await data<TEntityFilter[]>(
      call('POST', '/api/filters/all-filters', acme.users.MEMBER, { entity_ids: [property._id] }),
    );
    expect(own.map((f) => f._id)).toContain(mine._id);
  });

  it('lets the author or filters:update change a shared filter, and no one else (403)', async () => {
    const shared = await saveFilter(acme.users.MEMBER, { filter_name: 'Team filter', shared: true });
    const denied = await call('POST', `/api/entity-filter/${shared._id}`, member2, {
      filter_name: 'Mine now',
    });
    expect(denied.statusCode).toBe(403);
    const deniedDelete = await call('DELETE', `/api/entity-filter/${shared._id}`, member2);
    expect(deniedDelete.statusCode).toBe(403);
    const byAuthor = await data<TEntityFilter>(
      call('POST', `/api/entity-filter/${shared._id}`, acme.users.MEMBER, { filter_name: 'Team filter 2' }),
    );
    expect(byAuthor.filter_name).toBe('Team filter 2');
    const byManager = await data<TEntityFilter>(
      call('POST', `/api/entity-filter/${shared._id}`, acme.users.MANAGER, {
        is_quick: true,
        sort: [{ field: 'created_at', direction: 'asc' }],
      }),
    );
    expect(byManager).toMatchObject({ filter_name: 'Team filter 2', is_quick: true });
    expect(byManager.sort).toEqual([{ field: 'created_at', direction: 'asc' }]);
    await data(call('DELETE', `/api/entity-filter/${shared._id}`, acme.users.MANAGER));
    expect((await call('GET', `/api/entity-filter/${shared._id}`, acme.users.MEMBER)).statusCode).toBe(404);
  });

  it('refuses rules, sorts and columns that do not fit the entity, keyed by their path', async () => {
    const res = await call('POST', '/api/entity-filter', acme.users.MANAGER, {
      entity_id: property._id,
      filter_name: 'Broken',
      filters: {
        rules: [
          { field: ref(property, 'nope'), operator: 'EQUALS', value: 'x' },
          { field: ref(property, 'title'), operator: 'GREATER_THAN', value: 'x' },
          { field: ref(property, 'price'), operator: 'EQUALS', value: 'cheap' },
        ],
      },
      sort: [{ field: ref(property, 'missing'), direction: 'asc' }],
      columns: ['title', '00000000-0000-4000-8000-000000000000#price'],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res).sort()).toEqual(
      [
        'columns.1',
        'filters.rules.0.field',
        'filters.rules.1.operator',
        'filters.rules.2.value',
        'sort.0.field',
      ].sort(),
    );
    const shape = await call('POST', '/api/entity-filter', acme.users.MANAGER, {
      entity_id: property._id,
      filter_name: ' ',
      filters: { rules: [{ field: 'not a ref', operator: 'EQUALS', value: 1 }] },
    });
    expect(shape.statusCode).toBe(422);
    expect(keysOf(shape)).toEqual(expect.arrayContaining(['filter_name', 'filters.rules.0.field']));
    const saved = await saveFilter(acme.users.MANAGER, { filter_name: 'Fine' });
    const update = await call('POST', `/api/entity-filter/${saved._id}`, acme.users.MANAGER, {
      filters: { rules: [{ field: ref(property, 'area'), operator: 'BETWEEN', value: [1, 'big'] }] },
    });
    expect(update.statusCode).toBe(422);
    expect(keysOf(update)).toEqual(['filters.rules.0.value.1']);
  });

  it("answers 404 for unknown ids and another company's entity or filter", async () => {
    const theirs = await createProperty(other.users.OWNER);
    const theirFilter = await data<TEntityFilter>(
      call('POST', '/api/entity-filter', other.users.OWNER, {
        entity_id: theirs._id,
        filter_name: 'Theirs',
        shared: true,
      }),
    );
    const cases = [
      call('POST', '/api/entity-filter', acme.users.OWNER, { entity_id: theirs._id, filter_name: 'x' }),
      call('POST', '/api/entity-filter', acme.users.OWNER, {
        entity_id: '00000000-0000-4000-8000-000000000000',
        filter_name: 'x',
      }),
      call('GET', `/api/entity-filter?entity_id=${theirs._id}`, acme.users.OWNER),
      call('GET', `/api/entity-filter/${theirFilter._id}`, acme.users.OWNER),
      call('GET', '/api/entity-filter/not-an-id', acme.users.OWNER),
      call('POST', `/api/entity-filter/${theirFilter._id}`, acme.users.OWNER, { filter_name: 'x' }),
      call('DELETE', `/api/entity-filter/${theirFilter._id}`, acme.users.OWNER),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode, res.body).toBe(404);
    const byIds = await data<TEntityFilter[]>(
      call(
        'GET',
        `/api/filters/fetch-all-filters-by-entity-ids?ids=${theirs._id},${property._id}`,
        acme.users.OWNER,
      ),
    );
    expect(byIds.every((f) => f.entity_id === property._id)).toBe(true);
  });

  it('needs the filters slugs (403 for a MEMBER without them)', async () => {
    const member = other.users.MEMBER;
    const theirs = await createProperty(other.users.OWNER);
    const cases = [
      call('POST', '/api/entity-filter', member, { entity_id: theirs._id, filter_name: 'x' }),
      call('GET', `/api/entity-filter?entity_id=${theirs._id}`, member),
      call('GET', '/api/filters', member),
      call('GET', '/api/entity-filters/fetch-by-company', member),
      call('POST', '/api/entity-filter/00000000-0000-4000-8000-000000000000', member, { filter_name: 'x' }),
      call('DELETE', '/api/entity-filter/00000000-0000-4000-8000-000000000000', member),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode, res.body).toBe(403);
  });

  it('pages every visible filter and the start-up cache list', async () => {
    const second = await createProperty(acme.users.OWNER);
    await saveFilter(acme.users.MANAGER, { filter_name: 'Zeta shared', shared: true });
    await data(
      call('POST', '/api/entity-filter', acme.users.MANAGER, {
        entity_id: second._id,
        filter_name: 'Alpha on second',
        shared: true,
      }),
    );
    const page = await data<{ data: TEntityFilter[]; total: number; total_pages: number }>(
      call('GET', '/api/filters?page=1&limit=2', acme.users.MEMBER),
    );
    expect(page.data).toHaveLength(2);
    expect(page.total_pages).toBe(Math.ceil(page.total / 2));
    const searched = await data<{ data: TEntityFilter[] }>(
      call('GET', `/api/filters?search=alpha&entity_id=${second._id}`, acme.users.MEMBER),
    );
    expect(searched.data.map((f) => f.filter_name)).toEqual(['Alpha on second']);
    const cache = await data<{ data: Record<string, unknown>[]; total: number }>(
      call('GET', '/api/entity-filters/fetch-by-company?limit=100', acme.users.MEMBER),
    );
    expect(cache.total).toBe(page.total);
    expect(Object.keys(cache.data[0]!).sort()).toEqual(['_id', 'entity_id', 'filter_name']);
    const bad = await call('GET', '/api/filters/fetch-all-filters-by-entity-ids?ids=nope', acme.users.MEMBER);
    expect(bad.statusCode).toBe(422);
  });
});
