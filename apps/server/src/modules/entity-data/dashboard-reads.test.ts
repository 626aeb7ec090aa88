import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { seedContactCaller, seedEntity, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, detailKeys, type Who } from '../../../test/inject-calls';

/*
 * The reads of dashboard widgets: `POST /entities-data/count` (with a metric) and
 * `POST /entities-data/charts` honour saved filters and global filters as the grid does, and
 * answer contacts within their contact type's scope (contact X vs contact Y).
 */

// Many calls per test on a shared, loaded machine: more than the default 30 s each.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);

let accounts: TEntity;
let deals: TEntity;
let x: ContactCaller;
let y: ContactCaller;
let typeId: string;
/** Contact X's account record. */
let accountOfX: string;
const f = (key: string) => `${deals.primary_template_id}#${key}`;

async function record(who: Who, e: TEntity, values: Record<string, unknown>): Promise<TEntityRecord> {
  const res = await call('POST', '/api/entities-data', who, {
    entity_id: e._id,
    values: { [e.primary_template_id]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const count = (who: Who, body: Record<string, unknown>) =>
  call('POST', '/api/entities-data/count', who, { entity_id: deals._id, ...body });
const chart = (who: Who, body: Record<string, unknown>) =>
  call('POST', '/api/entities-data/charts', who, { entity_id: deals._id, ...body });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Dashboard Reads Co' });
  other = await seedCompany(t, { name: 'Other Dashboard Reads Co' });
  accounts = await seedEntity(call, acme, 'Accounts', [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' },
  ]);
  deals = await seedEntity(call, acme, 'Deals', [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
    { key: 'amount', label: 'Amount', type: 'CURRENCY' },
    { key: 'closed', label: 'Closed', type: 'DATE' },
    {
      key: 'stage',
      label: 'Stage',
      type: 'SELECT',
      options: [
        { value: 'won', label: 'Won' },
        { value: 'lost', label: 'Lost' },
      ],
    },
    { key: 'account', label: 'Account', type: 'ENTITY', entity_id: accounts._id },
  ]);
  const a1 = await record(acme.users.OWNER, accounts, { name: 'Xavier Ltd' });
  const a2 = await record(acme.users.OWNER, accounts, { name: 'Yolanda Ltd' });
  accountOfX = a1._id;
  const rows: [string, number, string, string, string][] = [
    ['D1', 100, '2026-01-10', 'won', a1._id],
    ['D2', 250, '2026-01-20', 'lost', a1._id],
    ['D3', 400, '2026-02-05', 'won', a2._id],
    ['D4', 50, '2026-03-15', 'won', a2._id],
  ];
  for (const [title, amount, closed, stage, account] of rows)
    await record(acme.users.OWNER, deals, { title, amount, closed, stage, account });
  const type = await call('POST', '/api/contact-types', acme.users.OWNER, { name: 'Client' });
  typeId = type.json().data._id;
  x = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a1._id });
  y = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId, accountDataId: a2._id });
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('stat cards: POST /entities-data/count with a metric', () => {
  it('answers COUNT, SUM, AVG, MIN and MAX over the filtered records', async () => {
    const all = await count(acme.users.MANAGER, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ count: 4, capped: false, value: 4 });
    const won = { rules: [{ field: f('stage'), operator: 'EQUALS', value: 'won' }] };
    const expected: [string, number][] = [
      ['SUM', 550],
      ['AVG', 550 / 3],
      ['MIN', 50],
      ['MAX', 400],
    ];
    for (const [metric, value] of expected) {
      const res = await count(acme.users.MANAGER, { metric, value_field: f('amount'), filters: won });
      expect(res.json().data.count, metric).toBe(3);
      expect(res.json().data.value, metric).toBeCloseTo(value, 6);
    }
    const none = await count(acme.users.MANAGER, {
      metric: 'SUM',
      value_field: f('amount'),
      filters: { rules: [{ field: f('title'), operator: 'EQUALS', value: 'nothing' }] },
    });
    expect(none.json().data).toEqual({ count: 0, capped: false, value: null });
  });

  it('refuses a metric over a field that is not a number (422, never 500)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ metric: 'SUM', value_field: f('title') }, 'value_field'],
      [{ metric: 'AVG' }, 'value_field'],
      [{ metric: 'MAX', value_field: f('nope') }, 'value_field'],
      [{ metric: 'MEDIAN', value_field: f('amount') }, 'metric'],
      [{ metric: 'SUM', value_field: 'not a ref' }, 'value_field'],
    ];
    for (const [body, key] of cases) {
      const res = await count(acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(detailKeys(res), JSON.stringify(body)).toContain(key);
    }
    expect((await count(other.users.OWNER, {})).statusCode).toBe(404);
  });

  it('honours a saved filter and the global filters as the grid does', async () => {
    const saved = await call('POST', '/api/entity-filter', acme.users.OWNER, {
      entity_id: deals._id,
      filter_name: 'Won deals',
      filters: { match: 'ALL', rules: [{ field: f('stage'), operator: 'EQUALS', value: 'won' }] },
      shared: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const filterId = saved.json().data._id;
    expect((await count(acme.users.MANAGER, { filter_id: filterId })).json().data.count).toBe(3);
    const byStage = await chart(acme.users.MANAGER, { group_by: f('stage'), filter_id: filterId });
    expect(byStage.json().data).toEqual([{ key: 'won', value: 3 }]);
    // Another company's filter id is no filter of this entity.
    expect((await count(other.users.OWNER, { filter_id: filterId })).statusCode).toBe(404);

    const global = await call('POST', '/api/global-filters', acme.users.MEMBER, {
      template_id: deals.primary_template_id,
      rule: { field: f('amount'), operator: 'GREATER_THAN', value: 200 },
    });
    expect(global.statusCode, global.body).toBe(200);
    expect((await count(acme.users.MEMBER, { apply_global_filters: true })).json().data.count).toBe(2);
    expect((await count(acme.users.MEMBER, { apply_global_filters: false })).json().data.count).toBe(4);
    const charted = await chart(acme.users.MEMBER, { group_by: f('stage') });
    expect(charted.json().data).toEqual([
      { key: 'lost', value: 1 },
      { key: 'won', value: 1 },
    ]);
    const unglobal = await chart(acme.users.MEMBER, { group_by: f('stage'), apply_global_filters: false });
    expect(unglobal.json().data).toEqual([
      { key: 'won', value: 3 },
      { key: 'lost', value: 1 },
    ]);
  });
});

describe('kept aggregates stay exact', () => {
  it('a change of the records moves every kept count and chart; ten callers at once read the new numbers', async () => {
    const sum = { metric: 'SUM', value_field: f('amount') };
    expect((await count(acme.users.MANAGER, sum)).json().data).toEqual({
      count: 4,
      capped: false,
      value: 800,
    });
    expect((await chart(acme.users.MANAGER, { group_by: f('stage') })).json().data).toEqual([
      { key: 'won', value: 3 },
      { key: 'lost', value: 1 },
    ]);
    const extra = await record(acme.users.OWNER, deals, { title: 'D5', amount: 1, stage: 'lost' });
    const after = await Promise.all(Array.from({ length: 10 }, () => count(acme.users.MANAGER, sum)));
    for (const res of after) expect(res.json().data).toEqual({ count: 5, capped: false, value: 801 });
    // A plain count is the stored total; an empty filter group narrows nothing.
    expect((await count(acme.users.MANAGER, {})).json().data).toEqual({ count: 5, capped: false, value: 5 });
    const empty = await count(acme.users.MANAGER, { filters: { match: 'ALL', rules: [] } });
    expect(empty.json().data.count).toBe(5);
    const charts = await Promise.all(
      Array.from({ length: 10 }, () => chart(acme.users.MANAGER, { group_by: f('stage') })),
    );
    for (const res of charts)
      expect(res.json().data).toEqual([
        { key: 'won', value: 3 },
        { key: 'lost', value: 2 },
      ]);
    const removed = await call('POST', '/api/entities-data/delete-many', acme.users.OWNER, {
      entity_id: deals._id,
      ids: [extra._id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await count(acme.users.MANAGER, sum)).json().data).toEqual({
      count: 4,
      capped: false,
      value: 800,
    });
  });
});

describe('charts by date bucket', () => {
  it('answers the latest buckets oldest first', async () => {
    const months = await chart(acme.users.OWNER, {
      group_by: f('closed'),
      date_bucket: 'month',
      metric: 'SUM',
      value_field: f('amount'),
      apply_global_filters: false,
    });
    expect(months.statusCode, months.body).toBe(200);
    expect(months.json().data).toEqual([
      { key: '2026-01', value: 350 },
      { key: '2026-02', value: 400 },
      { key: '2026-03', value: 50 },
    ]);
    const lastTwo = await chart(acme.users.OWNER, { group_by: f('closed'), date_bucket: 'month', limit: 2 });
    expect(lastTwo.json().data.map((g: { key: string }) => g.key)).toEqual(['2026-02', '2026-03']);
  });
});

describe('contacts read counts and charts within their scope', () => {
  async function setRules(rules: unknown[]) {
    const res = await call('PUT', `/api/application-user/permissions/${typeId}`, acme.users.ADMIN, {
      permissions: rules,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const rule = (e: TEntity, scope: 'OWN' | 'ALL') => ({
    entity_id: e._id,
    read: true,
    create: false,
    update: false,
    delete: false,
    scope,
  });

  it('counts and charts only the records of their own account (X vs Y), whatever is sent', async () => {
    await setRules([rule(deals, 'OWN')]);
    const ofX = await count(x, { metric: 'SUM', value_field: f('amount') });
    expect(ofX.statusCode, ofX.body).toBe(200);
    expect(ofX.json().data).toEqual({ count: 2, capped: false, value: 350 });
    expect((await count(y, { metric: 'SUM', value_field: f('amount') })).json().data).toEqual({
      count: 2,
      capped: false,
      value: 450,
    });
    // An ANY filter cannot widen the scope.
    const widened = await count(x, {
      filters: {
        match: 'ANY',
        rules: [
          { field: f('title'), operator: 'EQUALS', value: 'D3' },
          { field: f('title'), operator: 'IS_NOT_EMPTY' },
        ],
      },
    });
    expect(widened.json().data.count).toBe(2);
    const stagesX = await chart(x, { group_by: f('stage') });
    expect(stagesX.statusCode, stagesX.body).toBe(200);
    expect(stagesX.json().data).toEqual([
      { key: 'lost', value: 1 },
      { key: 'won', value: 1 },
    ]);
    expect((await chart(y, { group_by: f('stage') })).json().data).toEqual([{ key: 'won', value: 2 }]);
    // A bad field is 422 for a contact too.
    expect((await chart(x, { group_by: f('nope') })).statusCode).toBe(422);
  });

  it('follows relationship links at once (a link changes their scope, not the entity)', async () => {
    await setRules([rule(deals, 'OWN')]);
    const rel = await call('POST', `/api/entities/${accounts._id}/relationships`, acme.users.OWNER, {
      child_entity_id: deals._id,
      relationship_type: 'ONE_TO_MANY',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const rows = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
      entity_id: deals._id,
      filters: { match: 'ALL', rules: [{ field: f('title'), operator: 'EQUALS', value: 'D3' }] },
    });
    const d3 = rows.json().data.data[0]._id as string;
    const link = {
      entity_relationship_id: rel.json().data._id,
      parent_entity_data_id: accountOfX,
      entity_data_ids: [d3],
    };
    const sumOfX = async () => (await count(x, { metric: 'SUM', value_field: f('amount') })).json().data;
    expect(await sumOfX()).toEqual({ count: 2, capped: false, value: 350 });
    const relink = async (action: 'assign' | 'detach') => {
      const res = await call(
        'POST',
        `/api/entities/${accounts._id}/relationships-data/${action}`,
        acme.users.OWNER,
        link,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await relink('assign');
    expect(await sumOfX()).toEqual({ count: 3, capped: false, value: 750 });
    expect((await chart(x, { group_by: f('stage') })).json().data).toEqual([
      { key: 'won', value: 2 },
      { key: 'lost', value: 1 },
    ]);
    await relink('detach');
    expect(await sumOfX()).toEqual({ count: 2, capped: false, value: 350 });
    expect((await chart(x, { group_by: f('stage') })).json().data).toEqual([
      { key: 'lost', value: 1 },
      { key: 'won', value: 1 },
    ]);
  });

  it('counts every record with an ALL rule, none of an entity without a rule (404)', async () => {
    await setRules([rule(deals, 'ALL')]);
    expect((await count(x, {})).json().data.count).toBe(4);
    const accountsCount = await call('POST', '/api/entities-data/count', x, { entity_id: accounts._id });
    expect(accountsCount.statusCode).toBe(404);
    const accountsChart = await call('POST', '/api/entities-data/charts', x, {
      entity_id: accounts._id,
      group_by: 'created_by',
    });
    expect(accountsChart.statusCode).toBe(404);
    // Another company's contact never reaches these records.
    const stranger = await seedContactCaller(t, other.companyId);
    expect((await count(stranger, {})).statusCode).toBe(404);
    expect((await chart(stranger, { group_by: f('stage') })).statusCode).toBe(404);
  });
});
