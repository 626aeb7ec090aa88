import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadEntityDefinition } from '../entities/definition';
import { entityData } from '../entity-data/schema';
import { toRecord } from '../entity-data/service';
import { AGGREGATE_NESTING, fillAggregates } from './aggregates';
import { testClient, UNKNOWN_ID } from './relationships-test-utils';

let t: TestApp;
let acme: SeededCompany;
let api: ReturnType<typeof testClient>;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  api = testClient(t);
});
afterAll(async () => {
  await t.close();
});

const aggregate = (key: string, entity: TEntity, fn: string, extra: Record<string, unknown> = {}) => ({
  key,
  label: key,
  type: 'AGGREGATE',
  entity_id: entity._id,
  function: fn,
  ...extra,
});

describe('fillAggregates', () => {
  it('computes COUNT, SUM, AVG, MIN and MAX over related records, from either side', async () => {
    const owner = acme.users.OWNER;
    const db = t.platform.database.db;
    const lead = await api.createEntity(owner, 'Lead', [{ key: 'budget', label: 'Budget', type: 'NUMBER' }]);
    const property = await api.createEntity(owner, 'Property', [
      aggregate('leads', lead, 'COUNT'),
      aggregate('total_budget', lead, 'SUM', { field_key: 'budget' }),
      aggregate('avg_budget', lead, 'AVG', { field_key: 'budget', decimals: 1 }),
      aggregate('min_budget', lead, 'MIN', { field_key: 'budget' }),
      aggregate('max_budget', lead, 'MAX', { field_key: 'budget' }),
      aggregate('stale', lead, 'COUNT', { relationship_id: UNKNOWN_ID }),
      aggregate('missing_field', lead, 'SUM', { field_key: 'nope' }),
    ]);
    const agent = await api.createEntity(owner, 'Agent', [aggregate('listings', property, 'COUNT')]);
    const sells = await api.relate(owner, property, lead, 'ONE_TO_MANY');
    const lists = await api.relate(owner, property, agent, 'MANY_TO_MANY');

    const villa = await api.addRecord(owner, property, { title: 'Villa' });
    const flat = await api.addRecord(owner, property, { title: 'Flat' });
    const budgets = [100, 250, 400];
    const leads = await Promise.all(
      budgets.map((budget, i) => api.addRecord(owner, lead, { title: `L${i}`, budget })),
    );
    const blank = await api.addRecord(owner, lead, { title: 'No budget' });
    const link = async (entity: TEntity, rel: string, from: string, ids: string[]) => {
      const res = await api.call('POST', `/api/entities/${entity._id}/relationships-data/assign`, owner, {
        entity_relationship_id: rel,
        parent_entity_data_id: from,
        entity_data_ids: ids,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await link(property, sells._id, villa._id, [...leads.map((l) => l._id), blank._id]);
    const ravi = await api.addRecord(owner, agent, { title: 'Ravi' });
    await link(agent, lists._id, ravi._id, [villa._id, flat._id]);

    const def = await loadEntityDefinition(db, acme.companyId, property._id);
    const rows = await db.select().from(entityData).where(eq(entityData.entityId, property._id));
    await fillAggregates(db, def, rows);
    const valuesOf = (id: string) => rows.find((row) => row.id === id)!.values[property.primary_template_id];
    expect(valuesOf(villa._id)).toMatchObject({
      title: 'Villa',
      leads: 4,
      total_budget: 750,
      avg_budget: 250,
      min_budget: 100,
      max_budget: 400,
      stale: null,
      missing_field: null,
    });
    expect(valuesOf(flat._id)).toMatchObject({
      leads: 0,
      total_budget: 0,
      avg_budget: null,
      min_budget: null,
      max_budget: null,
    });

    // The child side, and records as the API answers them (`_id`).
    const agentDef = await loadEntityDefinition(db, acme.companyId, agent._id);
    const agentRows = (await db.select().from(entityData).where(eq(entityData.entityId, agent._id))).map(
      toRecord,
    );
    const [filled] = await fillAggregates(db, agentDef, agentRows);
    expect(filled!.values[agent.primary_template_id]).toMatchObject({ title: 'Ravi', listings: 2 });
  });

  it('leaves pages without aggregate fields untouched and answers related records with their aggregates', async () => {
    const owner = acme.users.OWNER;
    const db = t.platform.database.db;
    const task = await api.createEntity(owner, 'Task', [{ key: 'hours', label: 'Hours', type: 'NUMBER' }]);
    const project = await api.createEntity(owner, 'Project', [
      aggregate('hours', task, 'SUM', { field_key: 'hours', decimals: 0 }),
    ]);
    const client = await api.createEntity(owner, 'Client', []);
    await api.relate(owner, project, task, 'ONE_TO_MANY');
    await api.relate(owner, client, project, 'ONE_TO_MANY');
    const p = await api.addRecord(owner, project, { title: 'Launch' });
    const c = await api.addRecord(owner, client, { title: 'Globex' });
    const tasks = await Promise.all(
      [1.4, 2.4].map((hours, i) => api.addRecord(owner, task, { title: `T${i}`, hours })),
    );
    await api.call('POST', `/api/entities/${project._id}/relationships-data/assign`, owner, {
      child_entity_id: task._id,
      parent_entity_data_id: p._id,
      entity_data_ids: tasks.map((x) => x._id),
    });
    await api.call('POST', `/api/entities/${client._id}/relationships-data/assign`, owner, {
      child_entity_id: project._id,
      parent_entity_data_id: c._id,
      entity_data_ids: [p._id],
    });

    const clientDef = await loadEntityDefinition(db, acme.companyId, client._id);
    const plain = await db.select().from(entityData).where(eq(entityData.entityId, client._id));
    const before = JSON.stringify(plain);
    await fillAggregates(db, clientDef, plain);
    expect(JSON.stringify(plain)).toBe(before);

    const res = await api.call(
      'GET',
      `/api/entities/${client._id}/relationships-data/${c._id}/${project._id}`,
      owner,
    );
    expect(res.json().data.data[0].values[project.primary_template_id]).toMatchObject({
      title: 'Launch',
      hours: 4,
    });
  });
});

describe('aggregates over GLOBAL_VARIABLE fields', () => {
  const variable = async (who: SeededCompany['users']['OWNER'], input_type: string, value: unknown) => {
    const res = await api.call('POST', '/api/global-variables', who, {
      label: `Variable ${Math.random().toString(36).slice(2, 8)}`,
      input_type,
      value,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string };
  };

  it("use the variable's value for every related record: SUM = value x count, AVG/MIN/MAX = value", async () => {
    const owner = acme.users.OWNER;
    const db = t.platform.database.db;
    const other = await seedCompany(t, { name: 'Other Estates' });
    const fee = await variable(owner, 'NUMBER', 12.5);
    const city = await variable(owner, 'SINGLE_LINE_TEXT', 'Pune');
    const foreign = await variable(other.users.OWNER, 'NUMBER', 99);
    const gv = (key: string, id: string) => ({
      key,
      label: key,
      type: 'GLOBAL_VARIABLE',
      global_variable_id: id,
    });
    const lead = await api.createEntity(owner, 'Lead', [
      gv('fee', fee._id),
      gv('city', city._id),
      gv('theirs', foreign._id),
    ]);
    const property = await api.createEntity(owner, 'Property', [
      aggregate('fees', lead, 'SUM', { field_key: 'fee' }),
      aggregate('avg_fee', lead, 'AVG', { field_key: 'fee', decimals: 1 }),
      aggregate('min_fee', lead, 'MIN', { field_key: 'fee' }),
      aggregate('max_fee', lead, 'MAX', { field_key: 'fee', decimals: 0 }),
      aggregate('leads', lead, 'COUNT', { field_key: 'fee' }),
      aggregate('cities', lead, 'SUM', { field_key: 'city' }),
      aggregate('avg_city', lead, 'AVG', { field_key: 'city' }),
      aggregate('theirs', lead, 'SUM', { field_key: 'theirs' }),
      aggregate('max_theirs', lead, 'MAX', { field_key: 'theirs' }),
    ]);
    const portfolio = await api.createEntity(owner, 'Portfolio', [
      aggregate('fees', property, 'SUM', { field_key: 'fees' }),
    ]);
    await api.relate(owner, property, lead, 'ONE_TO_MANY');
    await api.relate(owner, portfolio, property, 'ONE_TO_MANY');
    const villa = await api.addRecord(owner, property, { title: 'Villa' });
    const flat = await api.addRecord(owner, property, { title: 'Flat' });
    const leads = [];
    for (const title of ['Ravi', 'Meena', 'Arjun', 'Old'])
      leads.push(await api.addRecord(owner, lead, { title }));
    const link = async (entity: TEntity, child: TEntity, from: string, ids: string[]) => {
      const res = await api.assign(
        entity,
        { child_entity_id: child._id, parent_entity_data_id: from, entity_data_ids: ids },
        owner,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await link(
      property,
      lead,
      villa._id,
      leads.map((l) => l._id),
    );
    // A record without values for the field's template shows no value there: it does not count.
    await db.update(entityData).set({ values: {} }).where(eq(entityData.id, leads[3]!._id));
    const all = await api.addRecord(owner, portfolio, { title: 'All' });
    await link(portfolio, property, all._id, [villa._id, flat._id]);

    const read = async (record: { _id: string }, entity: TEntity) => {
      const res = await api.call('GET', `/api/entity-data/${record._id}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.values[entity.primary_template_id];
    };
    expect(await read(villa, property)).toMatchObject({
      fees: 37.5,
      avg_fee: 12.5,
      min_fee: 12.5,
      max_fee: 13, // rounded to the field's decimals (0)
      leads: 4, // COUNT counts links, as always
      cities: 0, // not a number: no values
      avg_city: null,
      theirs: 0, // another company's variable has no value here
      max_theirs: null,
    });
    expect(await read(flat, property)).toMatchObject({
      fees: 0,
      avg_fee: null,
      min_fee: null,
      max_fee: null,
      leads: 0,
      cities: 0,
      avg_city: null,
    });
    // One level up: the SUM of the properties' sums.
    expect(await read(all, portfolio)).toMatchObject({ fees: 37.5 });

    // The grid and a changed variable: computed on read, so the new value shows at once.
    const changed = await api.call('PATCH', `/api/global-variables/${fee._id}`, owner, { value: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    const grid = await api.call('POST', '/api/entities-data/entity/data', owner, { entity_id: property._id });
    expect(grid.statusCode, grid.body).toBe(200);
    const byTitle = new Map(
      (grid.json().data.data as { title: string; values: Record<string, Record<string, unknown>> }[]).map(
        (r) => [r.title, r.values[property.primary_template_id]],
      ),
    );
    expect(byTitle.get('Villa')).toMatchObject({ fees: 60, avg_fee: 20, min_fee: 20, max_fee: 20 });
    expect(byTitle.get('Flat')).toMatchObject({ fees: 0, avg_fee: null });

    // fillAggregates on database rows, as the other read paths call it.
    const def = await loadEntityDefinition(db, acme.companyId, property._id);
    const rows = await db.select().from(entityData).where(eq(entityData.id, villa._id));
    await fillAggregates(db, def, rows);
    expect(rows[0]!.values[property.primary_template_id]).toMatchObject({ fees: 60, avg_fee: 20 });
  });
});

describe('aggregates over aggregates', () => {
  it('compute the inner aggregate of the related records first, over two steps, read by the API', async () => {
    const owner = acme.users.OWNER;
    const task = await api.createEntity(owner, 'Task', [{ key: 'hours', label: 'Hours', type: 'NUMBER' }]);
    const project = await api.createEntity(owner, 'Project', [
      aggregate('hours', task, 'SUM', { field_key: 'hours' }),
      aggregate('tasks', task, 'COUNT'),
    ]);
    const client = await api.createEntity(owner, 'Client', [
      aggregate('hours', project, 'SUM', { field_key: 'hours' }),
      aggregate('avg_hours', project, 'AVG', { field_key: 'hours', decimals: 1 }),
      aggregate('max_hours', project, 'MAX', { field_key: 'hours' }),
      aggregate('min_tasks', project, 'MIN', { field_key: 'tasks' }),
    ]);
    const portfolio = await api.createEntity(owner, 'Portfolio', [
      aggregate('hours', client, 'SUM', { field_key: 'hours' }),
    ]);
    await api.relate(owner, project, task, 'ONE_TO_MANY');
    await api.relate(owner, client, project, 'ONE_TO_MANY');
    await api.relate(owner, portfolio, client, 'MANY_TO_MANY');
    const link = async (entity: TEntity, child: TEntity, from: string, ids: string[]) => {
      const res = await api.assign(
        entity,
        { child_entity_id: child._id, parent_entity_data_id: from, entity_data_ids: ids },
        owner,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const tasks = [];
    for (const hours of [2, 3, 5.5])
      tasks.push(await api.addRecord(owner, task, { title: `T${hours}`, hours }));
    const [p1, p2, p3] = [
      await api.addRecord(owner, project, { title: 'P1' }),
      await api.addRecord(owner, project, { title: 'P2' }),
      await api.addRecord(owner, project, { title: 'P3 (no tasks)' }),
    ];
    await link(project, task, p1._id, [tasks[0]!._id, tasks[1]!._id]);
    await link(project, task, p2._id, [tasks[2]!._id]);
    const busy = await api.addRecord(owner, client, { title: 'Globex' });
    const idle = await api.addRecord(owner, client, { title: 'Initech' });
    await link(client, project, busy._id, [p1._id, p2._id, p3._id]);
    const group = await api.addRecord(owner, portfolio, { title: 'All' });
    await link(portfolio, client, group._id, [busy._id, idle._id]);

    const read = async (record: { _id: string }, entity: TEntity) => {
      const res = await api.call('GET', `/api/entity-data/${record._id}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.values[entity.primary_template_id];
    };
    expect(await read(busy, client)).toMatchObject({
      hours: 10.5,
      avg_hours: 3.5,
      max_hours: 5.5,
      min_tasks: 0,
    });
    expect(await read(group, portfolio)).toMatchObject({ hours: 10.5 });
    // The grid answers the same, records without related records as for plain aggregates.
    const grid = await api.call('POST', '/api/entities-data/entity/data', owner, { entity_id: client._id });
    expect(grid.statusCode, grid.body).toBe(200);
    const byTitle = new Map(
      (grid.json().data.data as { title: string; values: Record<string, Record<string, unknown>> }[]).map(
        (r) => [r.title, r.values[client.primary_template_id]],
      ),
    );
    expect(byTitle.get('Globex')).toMatchObject({ hours: 10.5, avg_hours: 3.5 });
    expect(byTitle.get('Initech')).toMatchObject({
      hours: 0,
      avg_hours: null,
      max_hours: null,
      min_tasks: null,
    });
  });

  it(`read null when they loop back on themselves (more than ${AGGREGATE_NESTING} steps)`, async () => {
    const owner = acme.users.OWNER;
    const left = await api.createEntity(owner, 'Left', [{ key: 'n', label: 'N', type: 'NUMBER' }]);
    const right = await api.createEntity(owner, 'Right', [
      { key: 'n', label: 'N', type: 'NUMBER' },
      aggregate('echo', left, 'SUM', { field_key: 'loop' }),
    ]);
    // Left sums Right's `echo`, which sums Left's `loop`: a cycle. `plain` sums a stored number.
    const changed = await api.call('PUT', '/api/template', owner, {
      _id: left.primary_template_id,
      fields: [
        { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'n', label: 'N', type: 'NUMBER' },
        aggregate('loop', right, 'SUM', { field_key: 'echo' }),
        aggregate('plain', right, 'SUM', { field_key: 'n' }),
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await api.relate(owner, left, right, 'ONE_TO_MANY');
    const l1 = await api.addRecord(owner, left, { title: 'L1', n: 1 });
    const r1 = await api.addRecord(owner, right, { title: 'R1', n: 4 });
    const res = await api.assign(
      left,
      { child_entity_id: right._id, parent_entity_data_id: l1._id, entity_data_ids: [r1._id] },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const leftRead = await api.call('GET', `/api/entity-data/${l1._id}`, owner);
    expect(leftRead.json().data.values[left.primary_template_id]).toMatchObject({ loop: null, plain: 4 });
    const rightRead = await api.call('GET', `/api/entity-data/${r1._id}`, owner);
    expect(rightRead.json().data.values[right.primary_template_id]).toMatchObject({ n: 4, echo: null });
  });
});
