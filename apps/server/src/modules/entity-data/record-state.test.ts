import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadEntityDefinition } from '../entities/definition';
import { formTemplates } from '../form-templates/schema';
import { globalFilters } from '../entity-filters/schema';
import { compactRecordChanges, loadGridContext, loadRecordState } from './record-state';
import { entityData } from './schema';

/*
 * The stored record totals and the entity version (migration 0019, `compactRecordChanges`), and
 * the grid's answers built on them: totals without counting, query snapshots that never outlive
 * a change.
 */

let t: TestApp;
let acme: SeededCompany;
let property: TEntity;
let lead: TEntity;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t);
  property = await createEntity('Property');
  lead = await createEntity('Lead');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;

async function createEntity(name: string): Promise<TEntity> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/entities/create',
    headers: acme.users.OWNER.headers,
    payload: {
      name,
      entity_type: 'GENERAL',
      fields: [
        { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'price', label: 'Price', type: 'NUMBER' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function add(entity: TEntity, records: { title: string; price: number }[]): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/entities-datas',
    headers: acme.users.OWNER.headers,
    payload: { entity_id: entity._id, records: records.map((r) => ({ [entity.primary_template_id]: r })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ids;
}

async function grid(entity: TEntity, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/entities-data/entity/data',
    headers: acme.users.OWNER.headers,
    payload: { entity_id: entity._id, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json().data as { data: { _id: string; title: string }[]; total: number };
  return { titles: page.data.map((r) => r.title), total: page.total };
}

const byPrice = (entity: TEntity, direction: 'asc' | 'desc') => ({
  sort: [{ field: `${entity.primary_template_id}#price`, direction }],
});

describe('stored record totals', () => {
  it('follow bulk inserts and deletes, per entity, and answer the unfiltered grid', async () => {
    const ids = await add(
      property,
      Array.from({ length: 5 }, (_, i) => ({ title: `Flat ${i}`, price: 100 * (i + 1) })),
    );
    await add(lead, [{ title: 'Lead 1', price: 1 }]);
    expect((await loadRecordState(db(), property._id)).total).toBe(5);
    expect((await loadRecordState(db(), lead._id)).total).toBe(1);
    await db().delete(entityData).where(eq(entityData.id, ids[0]!));
    expect((await loadRecordState(db(), property._id)).total).toBe(4);
    const page = await grid(property, { limit: 2, page: 2 });
    expect(page.total).toBe(4);
    expect(page.titles).toHaveLength(2);
  });

  it('survive compaction, whose fold moves the version', async () => {
    const before = await loadRecordState(db(), property._id);
    expect(await compactRecordChanges(db(), 1)).toBeGreaterThan(0);
    const after = await loadRecordState(db(), property._id);
    expect(after.total).toBe(before.total);
    expect(after.version).not.toBe(before.version);
    const rows = (await db().execute(
      sql`select count(*)::int as n from entity_data_changes where entity_id = ${property._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('entity definitions', () => {
  it('are kept while their stamp holds, and read again after a change of their template', async () => {
    const company = acme.companyId;
    const first = await loadEntityDefinition(db(), company, lead._id);
    expect(await loadEntityDefinition(db(), company, lead._id)).toBe(first);
    await db()
      .update(formTemplates)
      .set({ version: sql`${formTemplates.version} + 1`, updatedAt: new Date() })
      .where(eq(formTemplates.id, lead.primary_template_id));
    const again = await loadEntityDefinition(db(), company, lead._id);
    expect(again).not.toBe(first);
    expect(await loadEntityDefinition(db(), company, lead._id)).toBe(again);
    // Another company's id is 404, cached or not.
    const other = await seedCompany(t);
    await expect(loadEntityDefinition(db(), other.companyId, lead._id)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('grid context', () => {
  it("reads the definition stamp, the record state and the caller's active global filters in one statement", async () => {
    const company = acme.companyId;
    const owner = acme.users.OWNER.userId;
    const rule = { field: `${lead.primary_template_id}#price`, operator: 'GREATER_THAN' as const, value: 1 };
    await db()
      .insert(globalFilters)
      .values([
        { companyId: company, userId: owner, templateId: lead.primary_template_id, rule },
        {
          companyId: company,
          userId: owner,
          templateId: lead.primary_template_id,
          rule: { ...rule, value: 2 },
          isActive: false,
        },
        // Another entity's template: not this grid's.
        { companyId: company, userId: owner, templateId: property.primary_template_id, rule },
      ]);
    const context = await loadGridContext(db(), company, owner, lead._id);
    expect(context.state).toEqual(await loadRecordState(db(), lead._id));
    expect(context.globalRules).toEqual([rule]);
    expect(context.stamp).toEqual(expect.any(String));
    // The stamp is the one the definition cache checks: no second read is needed.
    const def = await loadEntityDefinition(db(), company, lead._id, context.stamp);
    expect(await loadEntityDefinition(db(), company, lead._id)).toBe(def);
    // Another user sees none of them; another company's id has no stamp (404).
    expect((await loadGridContext(db(), company, acme.users.MEMBER.userId, lead._id)).globalRules).toEqual(
      [],
    );
    const other = await seedCompany(t);
    const theirs = await loadGridContext(db(), other.companyId, other.users.OWNER.userId, lead._id);
    expect(theirs.stamp).toBeNull();
    await expect(loadEntityDefinition(db(), other.companyId, lead._id, theirs.stamp)).rejects.toMatchObject({
      status: 404,
    });
    await db().delete(globalFilters).where(eq(globalFilters.companyId, company));
  });
});

describe('query snapshots', () => {
  it('page a sorted or filtered query from one read, and never outlive a change', async () => {
    const first = await grid(property, { limit: 2, ...byPrice(property, 'desc') });
    expect(first).toEqual({ titles: ['Flat 4', 'Flat 3'], total: 4 });
    expect((await grid(property, { limit: 2, page: 2, ...byPrice(property, 'desc') })).titles).toEqual([
      'Flat 2',
      'Flat 1',
    ]);
    const version = (await loadRecordState(db(), property._id)).version;
    // An edit outside the API (no event, no hook): the triggers still move the version.
    await db()
      .update(entityData)
      .set({ values: { [property.primary_template_id]: { title: 'Flat 1', price: 999 } } })
      .where(eq(entityData.title, 'Flat 1'));
    expect((await loadRecordState(db(), property._id)).version).not.toBe(version);
    expect((await grid(property, { limit: 2, ...byPrice(property, 'desc') })).titles).toEqual([
      'Flat 1',
      'Flat 4',
    ]);
    const filtered = {
      filters: {
        match: 'ALL',
        rules: [{ field: `${property.primary_template_id}#price`, operator: 'GREATER_THAN', value: 300 }],
      },
    };
    expect((await grid(property, filtered)).total).toBe(3);
    await add(property, [{ title: 'Villa', price: 5000 }]);
    expect((await grid(property, filtered)).total).toBe(4);
    // Another entity's change leaves this one's version alone.
    const stable = (await loadRecordState(db(), property._id)).version;
    await add(lead, [{ title: 'Lead 2', price: 2 }]);
    expect((await loadRecordState(db(), property._id)).version).toBe(stable);
  });
});
