import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRecordHistoryPage } from '@esigns/contracts/record-history';
import type { TRepeatableEntry } from '@esigns/contracts/record-extras';
import { buildTestApp, type TestApp } from '../../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../../test/seed-company';
import { apiOf, memberWith } from '../files-test-utils';
import { entityDataHistory } from './schema';

/*
 * A record's history (`entity_data_history`, `GET /entity-data/{id}/history`): rows written by
 * updates, bulk updates and entry writes (only changed fields, none for a no-op), read newest first,
 * paged, scoped to the company, with permissions. PGlite and PostgreSQL.
 */

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let entity: TEntity;
let items: TFormTemplate;
let otherRecord: TEntityRecord;

const fields = [
  { key: 'price', label: 'Price', type: 'NUMBER' },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'sold', label: 'Sold' },
    ],
  },
  { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT' },
];
const lineFields = [
  { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'qty', label: 'Quantity', type: 'NUMBER' },
];

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const base = await api.createEntity(acme.users.OWNER, fields);
  ({ entity, template: items } = await api.addRepeatable(acme.users.OWNER, base, lineFields));
  const foreign = await api.createEntity(other.users.OWNER, []);
  otherRecord = await api.addRecord(other.users.OWNER, foreign, { title: 'Not yours' });
});
afterAll(async () => {
  await t.close();
});

const newRecord = (title: string) =>
  api.addRecord(acme.users.OWNER, entity, { title, price: 100, status: 'open' });
const patch = (record: TEntityRecord, values: Record<string, unknown>, who = acme.users.OWNER) =>
  api.expectOk<TEntityRecord>(
    api.call('PATCH', `/api/templates-data/${record._id}/${entity.primary_template_id}`, who, { values }),
  );
const history = (id: string, who: SeededUser = acme.users.OWNER, query = '') =>
  api.call('GET', `/api/entity-data/${id}/history${query}`, who);
const historyOf = (record: TEntityRecord, query = '?limit=50') =>
  api.expectOk<TRecordHistoryPage>(history(record._id, acme.users.OWNER, query));
const rowsOf = (record: TEntityRecord) =>
  t.platform.database.db
    .select()
    .from(entityDataHistory)
    .where(eq(entityDataHistory.entityDataId, record._id));

describe('history rows', () => {
  it('writes nothing on creation, one row with only the changed fields on update, none for a no-op', async () => {
    const record = await newRecord('Sea view house');
    expect(await rowsOf(record)).toHaveLength(0);
    await patch(record, { price: 250, status: 'open', notes: '' });
    const rows = await rowsOf(record);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: acme.companyId,
      entityId: entity._id,
      userId: acme.users.OWNER.userId,
      action: 'UPDATED',
    });
    expect(rows[0]!.changes.fields.map((f) => f.key)).toEqual(['price']);
    await patch(record, { price: 250, status: 'open' });
    expect(await rowsOf(record)).toHaveLength(1);

    const page = await historyOf(record);
    expect(page.total).toBe(1);
    expect(page.created_by).toMatchObject({ _id: acme.users.OWNER.userId });
    expect(page.created_at).toBe(record.created_at);
    expect(page.data[0]).toMatchObject({
      action: 'UPDATED',
      entity_data_id: record._id,
      entry: null,
      user: { _id: acme.users.OWNER.userId },
      changes: [
        {
          key: 'price',
          label: 'Price',
          before: '100',
          after: '250',
          template_id: entity.primary_template_id,
        },
      ],
    });
  });

  it('writes one BULK_UPDATED row per record that changed', async () => {
    const a = await newRecord('Bulk A');
    const b = await newRecord('Bulk B');
    await patch(b, { status: 'sold' });
    const res = await api.call('POST', '/api/entities-data/bulk-update', acme.users.OWNER, {
      entity_id: entity._id,
      ids: [a._id, b._id],
      values: { [entity.primary_template_id]: { status: 'sold' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ofA, ofB] = [await historyOf(a), await historyOf(b)];
    expect(ofA.data).toHaveLength(1);
    expect(ofA.data[0]).toMatchObject({
      action: 'BULK_UPDATED',
      changes: [{ key: 'status', label: 'Status', before: 'Open', after: 'Sold' }],
    });
    // b was sold already: the bulk update changed nothing of it.
    expect(ofB.data.map((h) => h.action)).toEqual(['UPDATED']);
  });

  it('writes rows for entries added, changed and deleted', async () => {
    const record = await newRecord('Invoice');
    const base = '/api/templates-data/repeatable-template';
    const entry = await api.expectOk<TRepeatableEntry>(
      api.call('POST', base, acme.users.OWNER, {
        entity_data_id: record._id,
        template_id: items._id,
        values: { item: 'Tiles', qty: 3 },
      }),
    );
    await api.expectOk(api.call('PATCH', `${base}/${entry._id}`, acme.users.OWNER, { values: { qty: 4 } }));
    await api.expectOk(api.call('PATCH', `${base}/${entry._id}`, acme.users.OWNER, { values: { qty: 4 } }));
    await api.expectOk(api.call('DELETE', `${base}/${entry._id}`, acme.users.OWNER));
    const page = await historyOf(record);
    expect(page.data.map((h) => h.action)).toEqual(['ENTRY_DELETED', 'ENTRY_UPDATED', 'ENTRY_ADDED']);
    const entryRef = { _id: entry._id, template_id: items._id, template_name: items.name };
    expect(page.data[2]).toMatchObject({
      entry: entryRef,
      changes: [
        { key: 'item', before: '', after: 'Tiles' },
        { key: 'qty', before: '', after: '3' },
      ],
    });
    expect(page.data[1]).toMatchObject({
      entry: entryRef,
      changes: [{ key: 'qty', label: 'Quantity', before: '3', after: '4' }],
    });
    expect(page.data[0]).toMatchObject({
      entry: entryRef,
      changes: [
        { key: 'item', before: 'Tiles', after: '' },
        { key: 'qty', before: '4', after: '' },
      ],
    });
  });

  it('goes with the record when it is deleted', async () => {
    const record = await newRecord('Short lived');
    await patch(record, { price: 1 });
    expect(await rowsOf(record)).toHaveLength(1);
    await api.expectOk(api.call('POST', `/api/entity-data/${record._id}/${entity._id}`, acme.users.OWNER));
    expect(await rowsOf(record)).toHaveLength(0);
  });
});

describe('GET /entity-data/{id}/history', () => {
  it('pages newest first', async () => {
    const record = await newRecord('Paged');
    for (const price of [1, 2, 3]) await patch(record, { price });
    const first = await historyOf(record, '?page=1&limit=2');
    expect(first).toMatchObject({ total: 3, page: 1, total_pages: 2 });
    expect(first.data.map((h) => h.changes[0]!.after)).toEqual(['3', '2']);
    const second = await historyOf(record, '?page=2&limit=2');
    expect(second.data.map((h) => h.changes[0]!.after)).toEqual(['1']);
    // Non-numbers fall back to page 1, limit 5.
    const fallback = await historyOf(record, '?page=x&limit=y');
    expect(fallback).toMatchObject({ page: 1, total: 3 });
    expect(fallback.data).toHaveLength(3);
  });

  it("answers 404 for another company's or an unknown record, 422 for a bad id, 403 without entity-data:view", async () => {
    expect((await history(otherRecord._id)).statusCode).toBe(404);
    expect((await history(crypto.randomUUID())).statusCode).toBe(404);
    const bad = await history('not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details[0].key).toBe('params.id');
    const record = await newRecord('Guarded');
    const blind = await memberWith(t, acme.companyId, ['entity-data:create']);
    expect((await history(record._id, blind)).statusCode).toBe(403);
    const reader = await memberWith(t, acme.companyId, ['entity-data:view']);
    expect((await history(record._id, reader)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/entity-data/${record._id}/history` })).statusCode,
    ).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths['/api/entity-data/{id}/history']?.get;
    expect(operation?.summary).toContain('history');
    expect(JSON.stringify(operation)).toContain('RecordHistoryPage');
  });
});
