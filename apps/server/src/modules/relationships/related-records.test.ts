import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TRecordRelationship, TRelationship } from '@esigns/contracts/relationships';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { keysOf, propertyAndLeads as seedPropertyAndLeads, testClient } from './relationships-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let api: ReturnType<typeof testClient>;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  api = testClient(t);
});
afterAll(async () => {
  await t.close();
});

const propertyAndLeads = () => seedPropertyAndLeads(api, acme.users.OWNER);
const assign = (entity: { _id: string }, body: Record<string, unknown>, who = acme.users.OWNER) =>
  api.assign(entity, body, who);

describe('related records', () => {
  async function linkedSet() {
    const setup = await propertyAndLeads();
    const { property, rel, villa, leads } = setup;
    const res = await assign(property, {
      entity_relationship_id: rel._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: leads.map((l) => l._id),
    });
    expect(res.statusCode, res.body).toBe(200);
    return setup;
  }

  it('answers every relationship of a record with its count and first page', async () => {
    const owner = acme.users.OWNER;
    const { property, lead, villa, flat, leads } = await linkedSet();
    const agent = await api.createEntity(owner, 'Agent', []);
    const agentRel: TRelationship = await api.relate(owner, agent, property, 'MANY_TO_MANY');
    const res = await api.call(
      'GET',
      `/api/entities/${property._id}/relationships-data/${villa._id}?limit=2`,
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const tabs: TRecordRelationship[] = res.json().data;
    expect(tabs.map((tab) => [tab.relationship.entity_name, tab.relationship.role, tab.total])).toEqual([
      [lead.name, 'CHILD', 3],
      [agent.name, 'PARENT', 0],
    ]);
    expect(tabs[0]!.data.map((r) => r.title)).toEqual([leads[2]!.title, leads[1]!.title]);
    expect(tabs[0]!.data[0]!.linked_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(tabs[1]!.relationship._id).toBe(agentRel._id);
    const empty = await api.call(
      'GET',
      `/api/entities/${property._id}/relationships-data/${flat._id}`,
      owner,
    );
    expect(empty.json().data.map((tab: TRecordRelationship) => tab.total)).toEqual([0, 0]);
  });

  it('pages one relationship with the grid filters, sorts and search', async () => {
    const owner = acme.users.OWNER;
    const { property, lead, villa } = await linkedSet();
    const url = `/api/entities/${property._id}/relationships-data/${villa._id}/${lead._id}`;
    const budget = `${lead.primary_template_id}#budget`;
    const filters = JSON.stringify({ rules: [{ field: budget, operator: 'GREATER_THAN', value: 150 }] });
    const sorted = await api.call(
      'GET',
      `${url}?limit=1&page=2&filters=${encodeURIComponent(filters)}&sort=${encodeURIComponent(`-${budget}`)}`,
      owner,
    );
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json().data).toMatchObject({
      total: 2,
      page: 2,
      total_pages: 2,
      data: [{ title: 'Meena' }],
    });
    expect(sorted.json().data.relationship).toMatchObject({ entity_id: lead._id, allows_many: true });
    const search = await api.call('GET', `${url}?search=arj`, owner);
    expect(search.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['Arjun']);

    const badField = JSON.stringify({
      rules: [{ field: `${lead.primary_template_id}#nope`, operator: 'EQUALS', value: 1 }],
    });
    const bad = await api.call('GET', `${url}?filters=${encodeURIComponent(badField)}&sort=nope`, owner);
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['querystring.sort.0.field']);
    const unknownField = await api.call('GET', `${url}?filters=${encodeURIComponent(badField)}`, owner);
    expect(keysOf(unknownField)).toEqual(['filters.rules.0.field']);
    const notJson = await api.call('GET', `${url}?filters=%7Bnope`, owner);
    expect(keysOf(notJson)).toEqual(['querystring.filters']);

    const loner = await api.createEntity(owner, 'Loner', []);
    expect(
      (
        await api.call(
          'GET',
          `/api/entities/${property._id}/relationships-data/${villa._id}/${loner._id}`,
          owner,
        )
      ).statusCode,
    ).toBe(404);
    expect((await api.call('GET', url, acme.users.MEMBER)).statusCode).toBe(403);
    expect((await api.call('GET', url, other.users.OWNER)).statusCode).toBe(404);
    expect((await api.call('GET', url, acme.users.MANAGER)).statusCode).toBe(200);
  });

  it('reaches grandchildren through the child records, each once with its path', async () => {
    const owner = acme.users.OWNER;
    const { property, lead, villa, leads } = await linkedSet();
    const visit = await api.createEntity(owner, 'Visit', []);
    const rel = await api.relate(owner, lead, visit, 'ONE_TO_MANY');
    const v1 = await api.addRecord(owner, visit, { title: 'Saturday visit' });
    const v2 = await api.addRecord(owner, visit, { title: 'Sunday visit' });
    await api.addRecord(owner, visit, { title: 'Unlinked visit' });
    for (const [who, v] of [
      [leads[0]!, v1],
      [leads[1]!, v2],
    ] as const) {
      const res = await assign(lead, {
        entity_relationship_id: rel._id,
        parent_entity_data_id: who._id,
        entity_data_ids: [v._id],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const url = `/api/entities/${property._id}/relationships-data/${villa._id}/${lead._id}/${visit._id}`;
    const res = await api.call('GET', url, owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(2);
    expect(page.nested_relationship).toMatchObject({ _id: rel._id, entity_id: visit._id });
    const byTitle = Object.fromEntries(
      page.data.map((r: { title: string; via: unknown }) => [r.title, r.via]),
    );
    expect(byTitle).toEqual({
      'Saturday visit': [{ _id: leads[0]!._id, title: 'Ravi' }],
      'Sunday visit': [{ _id: leads[1]!._id, title: 'Meena' }],
    });
    const searched = await api.call('GET', `${url}?search=sun`, owner);
    expect(searched.json().data.total).toBe(1);
    const loner = await api.createEntity(owner, 'Loner', []);
    const notNested = `/api/entities/${property._id}/relationships-data/${villa._id}/${lead._id}/${loner._id}`;
    expect((await api.call('GET', notNested, owner)).statusCode).toBe(404);
  });
});
