import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRepeatableEntry } from '@esigns/contracts/record-extras';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { apiOf, keysOf, memberWith, PNG } from './files-test-support';

vi.mock('./routes', async (importOriginal) =>
  (await import('./files-test-support')).withExtraRoutes(await importOriginal()),
);

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let entity: TEntity;
let items: TFormTemplate;
let record: TEntityRecord;

const BASE = '/api/templates-data/repeatable-template';
const lineFields = [
  { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'qty', label: 'Quantity', type: 'NUMBER', min: 1, required: true },
  { key: 'rate', label: 'Rate', type: 'CURRENCY', min: 0 },
  { key: 'amount', label: 'Amount', type: 'FORMULA', expression: '{qty} * {rate}' },
  { key: 'photo', label: 'Photo', type: 'IMAGE' },
];

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const base = await api.createEntity(acme.users.OWNER, []);
  ({ entity, template: items } = await api.addRepeatable(acme.users.OWNER, base, lineFields, 3));
  record = await api.addRecord(acme.users.OWNER, entity, { title: 'Invoice 1' });
});
afterAll(async () => {
  await t.close();
});

const add = (values: Record<string, unknown>, who = acme.users.OWNER, recordId = record._id) =>
  api.call('POST', BASE, who, { entity_data_id: recordId, template_id: items._id, values });

describe('repeatable templates', () => {
  it('adds, lists, reads, changes and deletes entries, formulas computed', async () => {
    const first = await api.expectOk<TRepeatableEntry>(add({ item: 'Tiles', qty: '3', rate: 250 }));
    expect(first.values).toMatchObject({ item: 'Tiles', qty: 3, rate: 250, amount: 750 });
    expect(first.position).toBe(0);
    const second = await api.expectOk<TRepeatableEntry>(add({ item: 'Paint', qty: 2 }));
    expect(second.position).toBe(1);
    const list = await api.expectOk<{ data: TRepeatableEntry[]; total: number }>(
      api.call(
        'GET',
        `${BASE}?entity_data_id=${record._id}&template_id=${items._id}&limit=50`,
        acme.users.OWNER,
      ),
    );
    expect(list.total).toBe(2);
    expect(list.data.map((e) => e.values.item)).toEqual(['Tiles', 'Paint']);
    const ids = await api.expectOk<{ _id: string; template_id: string }[]>(
      api.call('GET', `/api/repeatable-template/ids/${record._id}`, acme.users.OWNER),
    );
    expect(ids).toEqual([
      { _id: first._id, template_id: items._id },
      { _id: second._id, template_id: items._id },
    ]);
    const read = await api.expectOk<TRepeatableEntry>(
      api.call('GET', `${BASE}/${first._id}`, acme.users.OWNER),
    );
    expect(read.values.amount).toBe(750);
    const changed = await api.expectOk<TRepeatableEntry>(
      api.call('PATCH', `${BASE}/${first._id}`, acme.users.OWNER, { values: { qty: 4 } }),
    );
    expect(changed.values).toMatchObject({ item: 'Tiles', qty: 4, amount: 1000 });
    await api.expectOk(api.call('DELETE', `${BASE}/${second._id}`, acme.users.OWNER));
    expect((await api.call('GET', `${BASE}/${second._id}`, acme.users.OWNER)).statusCode).toBe(404);
    await api.expectOk(api.call('DELETE', `${BASE}/${first._id}`, acme.users.OWNER));
  });

  it('refuses bad values keyed by field, and keys batches by entry', async () => {
    const res = await add({ qty: 0, rate: 'x', nope: 1 });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res).sort()).toEqual(['values.item', 'values.nope', 'values.qty', 'values.rate']);
    const batch = await api.call('POST', '/api/repeatable-template/add', acme.users.OWNER, {
      entity_data_id: record._id,
      template_id: items._id,
      entries: [{ item: 'Ok', qty: 1 }, { qty: 2 }],
    });
    expect(keysOf(batch)).toEqual(['entries.1.item']);
    const photo = await add({
      item: 'Tiles',
      qty: 1,
      photo: [{ file_ref_id: 'local/x.png', name: 'x.png', size: 3, mime_type: 'image/png' }],
    });
    expect(keysOf(photo)).toEqual(['values.photo.0']);
    const entry = await api.expectOk<TRepeatableEntry>(add({ item: 'Tiles', qty: 1 }));
    const patch = await api.call('PATCH', `${BASE}/${entry._id}`, acme.users.OWNER, { values: { item: '' } });
    expect(keysOf(patch)).toEqual(['values.item']);
    await api.expectOk(api.call('DELETE', `${BASE}/${entry._id}`, acme.users.OWNER));
  });

  it('takes files uploaded for the entry field', async () => {
    const ref = await api.upload(
      acme.users.OWNER,
      { entity_id: entity._id, template_id: items._id, field_key: 'photo' },
      { name: 'tile.png', type: 'image/png', bytes: PNG },
    );
    const entry = await api.expectOk<TRepeatableEntry>(add({ item: 'Tiles', qty: 1, photo: [ref] }));
    const url = await api.expectOk<{ download_url: string }>(
      api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, {
        entity_data_id: record._id,
        template_id: items._id,
        template_data_id: entry._id,
        field_key: 'photo',
      }),
    );
    expect(url.download_url).toContain('op=get');
    await api.expectOk(api.call('DELETE', `${BASE}/${entry._id}`, acme.users.OWNER));
  });

  it("respects the template's max_entries, also in batches", async () => {
    const fresh = await api.addRecord(acme.users.OWNER, entity, { title: 'Invoice 2' });
    const batch = await api.call('POST', '/api/repeatable-template/add', acme.users.OWNER, {
      entity_data_id: fresh._id,
      template_id: items._id,
      entries: [1, 2, 3, 4].map((n) => ({ item: `Item ${n}`, qty: n })),
    });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().error_code).toBe('MAX_ENTRIES_REACHED');
    const three = await api.expectOk<TRepeatableEntry[]>(
      api.call('POST', '/api/repeatable-template/add', acme.users.OWNER, {
        entity_data_id: fresh._id,
        template_id: items._id,
        entries: [1, 2, 3].map((n) => ({ item: `Item ${n}`, qty: n })),
      }),
    );
    expect(three.map((e) => e.position)).toEqual([0, 1, 2]);
    expect((await add({ item: 'One more', qty: 1 }, acme.users.OWNER, fresh._id)).statusCode).toBe(409);
  });

  it('numbers AUTO_INCREMENT fields per entity, template and field, and never renumbers', async () => {
    const owner = acme.users.OWNER;
    const numbered = [
      { key: 'line_no', label: 'Line', type: 'AUTO_INCREMENT', prefix: 'LN-', padding: 3, start: 10 },
      { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
    ];
    const { entity: invoices, template: lines } = await api.addRepeatable(
      owner,
      await api.createEntity(owner, []),
      numbered,
      3,
    );
    const a = await api.addRecord(owner, invoices, { title: 'A' });
    const b = await api.addRecord(owner, invoices, { title: 'B' });
    const peek = () =>
      api.expectOk<{ next: string }>(
        api.call('POST', '/api/template-data/auto-increment', owner, {
          entity_id: invoices._id,
          template_id: lines._id,
          field_key: 'line_no',
        }),
      );
    expect((await peek()).next).toBe('LN-010');
    const addTo = (recordId: string, values: Record<string, unknown>) =>
      api.call('POST', BASE, owner, { entity_data_id: recordId, template_id: lines._id, values });
    // A number sent is not taken: the server gives it.
    const first = await api.expectOk<TRepeatableEntry>(addTo(a._id, { item: 'Tiles', line_no: 'X-1' }));
    expect(first.values.line_no).toBe('LN-010');
    const batch = await api.expectOk<TRepeatableEntry[]>(
      api.call('POST', '/api/repeatable-template/add', owner, {
        entity_data_id: a._id,
        template_id: lines._id,
        entries: [{ item: 'Paint' }, { item: 'Grout' }],
      }),
    );
    expect(batch.map((e) => e.values.line_no)).toEqual(['LN-011', 'LN-012']);
    // Refused adds (full record, bad values) take no number.
    expect((await addTo(a._id, { item: 'One more' })).statusCode).toBe(409);
    expect((await addTo(b._id, {})).statusCode).toBe(422);
    const other = await api.expectOk<TRepeatableEntry>(addTo(b._id, { item: 'Nails' }));
    expect(other.values.line_no).toBe('LN-013');
    expect((await peek()).next).toBe('LN-014');

    const changed = await api.expectOk<TRepeatableEntry>(
      api.call('PATCH', `${BASE}/${first._id}`, owner, { values: { item: 'Tiles 2', line_no: 'LN-999' } }),
    );
    expect(changed.values).toMatchObject({ item: 'Tiles 2', line_no: 'LN-010' });
    const read = await api.expectOk<TRepeatableEntry>(api.call('GET', `${BASE}/${first._id}`, owner));
    expect(read.values.line_no).toBe('LN-010');

    // The same template in another entity counts on its own.
    const quotes = await api.createEntity(owner, []);
    const withLines = await api.expectOk<TEntity>(
      api.call('PUT', `/api/entities/${quotes._id}`, owner, {
        name: quotes.name,
        templates: [
          ...quotes.templates.map((x) => ({ template_id: x.template_id, is_primary: x.is_primary })),
          { template_id: lines._id },
        ],
        version: quotes.version,
      }),
    );
    const quote = await api.addRecord(owner, withLines, { title: 'Q1' });
    const quoted = await api.expectOk<TRepeatableEntry>(addTo(quote._id, { item: 'Tiles' }));
    expect(quoted.values.line_no).toBe('LN-010');
  });

  it('answers 404 for unknown and other companies ids, 422 for a template that is not repeatable', async () => {
    const entry = await api.expectOk<TRepeatableEntry>(add({ item: 'Mine', qty: 1 }));
    const stranger = other.users.OWNER;
    expect((await add({ item: 'x', qty: 1 }, stranger)).statusCode).toBe(404);
    expect((await api.call('GET', `${BASE}/${entry._id}`, stranger)).statusCode).toBe(404);
    expect((await api.call('PATCH', `${BASE}/${entry._id}`, stranger, { values: {} })).statusCode).toBe(404);
    expect((await api.call('DELETE', `${BASE}/${entry._id}`, stranger)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/repeatable-template/ids/${record._id}`, stranger)).statusCode).toBe(
      404,
    );
    const list = `${BASE}?entity_data_id=${record._id}&template_id=${items._id}`;
    expect((await api.call('GET', list, stranger)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.call('GET', `${BASE}/${unknown}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await add({ item: 'x', qty: 1 }, acme.users.OWNER, unknown)).statusCode).toBe(404);
    const primary = await api.call('POST', BASE, acme.users.OWNER, {
      entity_data_id: record._id,
      template_id: entity.primary_template_id,
      values: { title: 'x' },
    });
    expect(primary.statusCode).toBe(422);
    expect(keysOf(primary)).toEqual(['template_id']);
    const foreign = await api.call('POST', BASE, acme.users.OWNER, {
      entity_data_id: record._id,
      template_id: unknown,
      values: {},
    });
    expect(foreign.statusCode).toBe(404);
    const viewer = await memberWith(t, acme.companyId, ['entity-data:view']);
    expect((await add({ item: 'x', qty: 1 }, viewer)).statusCode).toBe(403);
    expect((await api.call('GET', `${BASE}/${entry._id}`, viewer)).statusCode).toBe(200);
  });
});
