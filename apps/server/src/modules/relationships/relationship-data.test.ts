import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TRecordRelationship } from '@esigns/contracts/relationships';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { userTypePermissions } from '../permissions/schema';
import {
  keysOf,
  propertyAndLeads as seedPropertyAndLeads,
  testClient,
  UNKNOWN_ID,
} from './relationships-test-utils';

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

describe('assign and detach', () => {
  it('links records from either side, idempotently, and holds ONE_TO_MANY', async () => {
    const { property, lead, rel, villa, flat, leads } = await propertyAndLeads();
    const first = await assign(property, {
      entity_relationship_id: rel._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id, leads[1]!._id],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ relationship_id: rel._id, linked: 2, already_linked: 0 });
    const again = await assign(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id],
    });
    expect(again.json().data).toMatchObject({ linked: 0, already_linked: 1 });

    // A lead has one property: Ravi is the Villa's already.
    const taken = await assign(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: flat._id,
      entity_data_ids: [leads[2]!._id, leads[0]!._id],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error_code: 'CARDINALITY_VIOLATION' });
    expect(taken.json().message).toContain("'Ravi' is already linked to");
    expect(taken.json().message).toContain("'Villa'");

    // From the lead's page: Arjun may take one property, not two.
    const two = await assign(lead, {
      child_entity_id: property._id,
      parent_entity_data_id: leads[2]!._id,
      entity_data_ids: [villa._id, flat._id],
    });
    expect(two.statusCode).toBe(409);
    const one = await assign(lead, {
      child_entity_id: property._id,
      parent_entity_data_id: leads[2]!._id,
      entity_data_ids: [flat._id],
    });
    expect(one.statusCode, one.body).toBe(200);
    const swap = await assign(lead, {
      child_entity_id: property._id,
      parent_entity_data_id: leads[2]!._id,
      entity_data_ids: [villa._id],
    });
    expect(swap.statusCode).toBe(409);
    expect(swap.json().message).toContain('unlink it first');

    const detach = await api.call(
      'POST',
      `/api/entities/${lead._id}/relationships-data/detach`,
      acme.users.OWNER,
      {
        child_entity_id: property._id,
        parent_entity_data_id: leads[2]!._id,
        entity_data_ids: [flat._id, villa._id],
      },
    );
    expect(detach.json().data).toEqual({ relationship_id: rel._id, detached: 1 });
    const swapped = await assign(lead, {
      child_entity_id: property._id,
      parent_entity_data_id: leads[2]!._id,
      entity_data_ids: [villa._id],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
  });

  it('refuses records of the wrong entity with keyed 422s, and bad targets', async () => {
    const { property, lead, rel, villa, flat, leads } = await propertyAndLeads();
    const theirEntity = await api.createEntity(other.users.OWNER, 'Theirs', []);
    const theirs = await api.addRecord(other.users.OWNER, theirEntity, { title: 'Not yours' });
    const wrong = await assign(property, {
      entity_relationship_id: rel._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id, flat._id, theirs._id, UNKNOWN_ID],
    });
    expect(wrong.statusCode).toBe(422);
    expect(keysOf(wrong)).toEqual(['entity_data_ids.1', 'entity_data_ids.2', 'entity_data_ids.3']);
    expect(wrong.json().message).toBe(`Not a record of ${lead.name}`);

    const shapes = await assign(property, { parent_entity_data_id: 'x', entity_data_ids: ['y'] });
    expect(keysOf(shapes).sort()).toEqual(['child_entity_id', 'entity_data_ids.0', 'parent_entity_data_id']);
    const none = await assign(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [],
    });
    expect(keysOf(none)).toEqual(['entity_data_ids']);

    const loner = await api.createEntity(acme.users.OWNER, 'Loner', []);
    const unrelated = await assign(property, {
      child_entity_id: loner._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id],
    });
    expect(unrelated.statusCode).toBe(422);
    expect(keysOf(unrelated)).toEqual(['child_entity_id']);
  });

  it("answers 404 for unknown and another company's entities, relationships and records", async () => {
    const { property, lead, rel, villa, leads } = await propertyAndLeads();
    const theirEntity = await api.createEntity(other.users.OWNER, 'Theirs', []);
    const theirRecord = await api.addRecord(other.users.OWNER, theirEntity, { title: 'Theirs' });
    const base = {
      entity_relationship_id: rel._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id],
    };
    const cases: [TEntity | { _id: string }, Record<string, unknown>][] = [
      [{ _id: UNKNOWN_ID }, base],
      [theirEntity, base],
      [property, { ...base, entity_relationship_id: UNKNOWN_ID }],
      [property, { ...base, parent_entity_data_id: theirRecord._id }],
      [property, { ...base, parent_entity_data_id: leads[1]!._id }],
      [
        property,
        {
          child_entity_id: theirEntity._id,
          parent_entity_data_id: villa._id,
          entity_data_ids: [theirRecord._id],
        },
      ],
    ];
    for (const [entity, body] of cases) {
      const res = await assign(entity as TEntity, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    // Another company's user sees nothing of ours.
    const fromOther = await assign(property, base, other.users.OWNER);
    expect(fromOther.statusCode).toBe(404);
    const read = await api.call(
      'GET',
      `/api/entities/${property._id}/relationships-data/${villa._id}`,
      other.users.OWNER,
    );
    expect(read.statusCode).toBe(404);
    const wrongEntity = await api.call(
      'GET',
      `/api/entities/${lead._id}/relationships-data/${villa._id}`,
      acme.users.OWNER,
    );
    expect(wrongEntity.statusCode).toBe(404);
  });

  it('holds ONE_TO_ONE under concurrent assigns from both sides', async () => {
    const owner = acme.users.OWNER;
    const tenant = await api.createEntity(owner, 'Tenant', []);
    const flat = await api.createEntity(owner, 'Flat', []);
    const rel = await api.relate(owner, tenant, flat, 'ONE_TO_ONE');
    const asha = await api.addRecord(owner, tenant, { title: 'Asha' });
    const ravi = await api.addRecord(owner, tenant, { title: 'Ravi' });
    const f1 = await api.addRecord(owner, flat, { title: 'A-101' });
    const f2 = await api.addRecord(owner, flat, { title: 'A-102' });
    const more = await Promise.all(
      ['A-103', 'A-104', 'A-105'].map((title) => api.addRecord(owner, flat, { title })),
    );
    // One tenant, five flats at once: exactly one wins.
    const racing = await Promise.all(
      [f1, f2, ...more].map((f) =>
        assign(tenant, {
          entity_relationship_id: rel._id,
          parent_entity_data_id: asha._id,
          entity_data_ids: [f._id],
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const lost of racing.filter((r) => r.statusCode === 409)) {
      expect(lost.json()).toMatchObject({
        error_code: 'CARDINALITY_VIOLATION',
        message: expect.stringContaining('Asha'),
      });
    }
    // Two tenants, one flat (the free one) at once: exactly one wins.
    const linked = racing.findIndex((r) => r.statusCode === 200);
    const free = linked === 0 ? f2 : f1;
    const both = await Promise.all(
      [ravi, asha].map((who) =>
        assign(tenant, {
          entity_relationship_id: rel._id,
          parent_entity_data_id: who._id,
          entity_data_ids: [free._id],
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both[0]!.statusCode === 200 ? ravi : asha;
    const overview: TRecordRelationship[] = (
      await api.call('GET', `/api/entities/${flat._id}/relationships-data/${free._id}`, owner)
    ).json().data;
    expect(overview[0]).toMatchObject({ total: 1, data: [{ _id: winner._id }] });
  });

  it('needs relationships:assign-data to link and unlink', async () => {
    const { property, rel, villa, leads } = await propertyAndLeads();
    const body = {
      entity_relationship_id: rel._id,
      parent_entity_data_id: villa._id,
      entity_data_ids: [leads[0]!._id],
    };
    expect((await assign(property, body, acme.users.MEMBER)).statusCode).toBe(403);
    const detach = await api.call(
      'POST',
      `/api/entities/${property._id}/relationships-data/detach`,
      acme.users.MEMBER,
      body,
    );
    expect(detach.statusCode).toBe(403);
    expect((await assign(property, body, acme.users.MANAGER)).statusCode).toBe(200);
  });
});

describe('assign fields data', () => {
  const create = (entity: TEntity, body: Record<string, unknown>, who = acme.users.OWNER) =>
    api.call('POST', `/api/entities/${entity._id}/relationships-data/assign-fields-data`, who, body);

  it('creates the related record and links it, or neither', async () => {
    const owner = acme.users.OWNER;
    const { property, lead, rel, villa } = await propertyAndLeads();
    const res = await create(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: villa._id,
      values: { [lead.primary_template_id]: { title: 'Kiran', budget: '1,500' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const record: TEntityRecord = res.json().data.record;
    expect(res.json().data.relationship_id).toBe(rel._id);
    expect(record.values[lead.primary_template_id]).toMatchObject({ title: 'Kiran', budget: 1500 });

    const invalid = await create(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: villa._id,
      values: { [lead.primary_template_id]: { budget: -5 } },
    });
    expect(invalid.statusCode).toBe(422);
    expect(keysOf(invalid)).toEqual(
      expect.arrayContaining([
        `values.${lead.primary_template_id}.budget`,
        `values.${lead.primary_template_id}.title`,
      ]),
    );

    const noValues = await create(property, { child_entity_id: lead._id, parent_entity_data_id: villa._id });
    expect(noValues.statusCode).toBe(422);
    expect(keysOf(noValues)).toEqual(['values']);
    const empty = await create(property, {
      child_entity_id: lead._id,
      parent_entity_data_id: villa._id,
      values: {},
    });
    expect(empty.json().message).toBe('Primary fields data required');

    // From the lead's side a lead takes one property: Kiran has the Villa, so a new one is refused.
    const before = await api.call('GET', `/api/entities/${property._id}/list`, owner);
    const refused = await create(lead, {
      child_entity_id: property._id,
      parent_entity_data_id: record._id,
      values: { [property.primary_template_id]: { title: 'Penthouse' } },
    });
    expect(refused.statusCode).toBe(409);
    const after = await api.call('GET', `/api/entities/${property._id}/list`, owner);
    expect(after.json().data.total).toBe(before.json().data.total);

    const page = await api.call(
      'GET',
      `/api/entities/${property._id}/relationships-data/${villa._id}/${lead._id}`,
      owner,
    );
    expect(page.json().data.data.map((r: TEntityRecord) => r.title)).toEqual(['Kiran']);
  });

  it('needs entity-data:create as well', async () => {
    const { property, lead, villa } = await propertyAndLeads();
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: ['relationships:assign-data', 'entity-data:view'] })
      .where(
        and(eq(userTypePermissions.companyId, acme.companyId), eq(userTypePermissions.userType, 'MEMBER')),
      );
    const res = await create(
      property,
      {
        child_entity_id: lead._id,
        parent_entity_data_id: villa._id,
        values: { [lead.primary_template_id]: { title: 'Nope' } },
      },
      acme.users.MEMBER,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('entity-data:create');
  });
});
