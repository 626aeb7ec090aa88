import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRepeatableEntry } from '@esigns/contracts/record-extras';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { apiOf, keysOf, memberWith, PNG } from './files-test-utils';

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

describe('duplicating records with entries', () => {
  const owner = () => acme.users.OWNER;
  let invoices: TEntity;
  let lines: TFormTemplate;
  let notes: TFormTemplate;
  let products: TEntity;
  let tiles: TEntityRecord;
  let paint: TEntityRecord;

  type Page = { data: TRepeatableEntry[]; total: number; linked_titles: Record<string, string> };
  const entriesOf = (recordId: string, template: TFormTemplate, who = owner()) =>
    api.expectOk<Page>(
      api.call('GET', `${BASE}?entity_data_id=${recordId}&template_id=${template._id}&limit=50`, who),
    );
  const addLines = (recordId: string, template: TFormTemplate, entries: Record<string, unknown>[]) =>
    api.expectOk<TRepeatableEntry[]>(
      api.call('POST', '/api/repeatable-template/add', owner(), {
        entity_data_id: recordId,
        template_id: template._id,
        entries,
      }),
    );
  const summary = (page: Page) => page.data.map((e) => [e.position, e.values.line_no, e.values.item]);

  beforeAll(async () => {
    products = await api.createEntity(owner(), []);
    tiles = await api.addRecord(owner(), products, { title: 'Floor tiles' });
    paint = await api.addRecord(owner(), products, { title: 'Wall paint' });
    const base = await api.createEntity(owner(), [
      { key: 'ref', label: 'Ref', type: 'AUTO_INCREMENT', prefix: 'INV-', padding: 2 },
    ]);
    ({ entity: invoices, template: lines } = await api.addRepeatable(owner(), base, [
      { key: 'line_no', label: 'Line', type: 'AUTO_INCREMENT', prefix: 'LN-', padding: 3 },
      { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'qty', label: 'Quantity', type: 'NUMBER' },
      { key: 'rate', label: 'Rate', type: 'CURRENCY' },
      { key: 'amount', label: 'Amount', type: 'FORMULA', expression: '{qty} * {rate}' },
      { key: 'product', label: 'Product', type: 'ENTITY', entity_id: products._id },
      {
        key: 'also',
        label: 'Also',
        type: 'ENTITY',
        entity_id: products._id,
        allow_multiple: true,
      },
      { key: 'photo', label: 'Photo', type: 'IMAGE' },
    ]));
    ({ entity: invoices, template: notes } = await api.addRepeatable(owner(), invoices, [
      { key: 'note', label: 'Note', type: 'SINGLE_LINE_TEXT', required: true },
    ]));
  });

  it('answers the titles of linked records with the entries, lists included', async () => {
    const gone = await api.addRecord(owner(), products, { title: 'Discontinued' });
    const invoice = await api.addRecord(owner(), invoices, { title: 'Linked' });
    await addLines(invoice._id, lines, [
      { item: 'Tiles', product: tiles._id, also: [paint._id, gone._id] },
      { item: 'Free' },
    ]);
    const page = await entriesOf(invoice._id, lines);
    expect(page.linked_titles).toEqual({
      [tiles._id]: 'Floor tiles',
      [paint._id]: 'Wall paint',
      [gone._id]: 'Discontinued',
    });
    // A linked record deleted since has no title: the id stays in the values.
    await api.expectOk(api.call('POST', `/api/entity-data/${gone._id}/${products._id}`, owner()));
    const after = await entriesOf(invoice._id, lines);
    expect(after.linked_titles).toEqual({ [tiles._id]: 'Floor tiles', [paint._id]: 'Wall paint' });
    expect(after.data[0]!.values.also).toEqual([paint._id, gone._id]);
    // Without ENTITY values, no lookup and an empty map.
    expect((await entriesOf(invoice._id, notes)).linked_titles).toEqual({});
  });

  it('documents linked_titles of the entries page in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const page = doc.components.schemas.RepeatableEntryPage;
    expect(page.required).toEqual(expect.arrayContaining(['data', 'total', 'linked_titles']));
    expect(page.properties.linked_titles.description).toContain('ENTITY');
    const list = doc.paths['/api/templates-data/repeatable-template'].get;
    expect(list.description).toContain('`linked_titles`');
  });

  it('copies every entry of every repeatable template, in order, with new numbers; the original is untouched', async () => {
    const photo = await api.upload(
      owner(),
      { entity_id: invoices._id, template_id: lines._id, field_key: 'photo' },
      { name: 'tile.png', type: 'image/png', bytes: PNG },
    );
    const original = await api.addRecord(owner(), invoices, { title: 'Invoice A' });
    const added = await addLines(original._id, lines, [
      { item: 'Tiles', qty: 3, rate: 250, product: tiles._id, photo: [photo] },
      { item: 'Paint', qty: 2, rate: 100, also: [paint._id, tiles._id] },
      { item: 'Grout', qty: 1, rate: 50 },
    ]);
    await addLines(original._id, notes, [{ note: 'Deliver Monday' }, { note: 'Call first' }]);
    const before = await entriesOf(original._id, lines);
    const numbers = added.map((e) => Number(String(e.values.line_no).slice(3)));

    const copy = await api.expectOk<TEntityRecord>(
      api.call('POST', '/api/entities-data/duplicate', owner(), {
        entity_id: invoices._id,
        entity_data_id: original._id,
      }),
    );
    const copied = await entriesOf(copy._id, lines);
    const next = numbers[2]! + 1;
    expect(summary(copied)).toEqual([
      [0, `LN-${String(next).padStart(3, '0')}`, 'Tiles'],
      [1, `LN-${String(next + 1).padStart(3, '0')}`, 'Paint'],
      [2, `LN-${String(next + 2).padStart(3, '0')}`, 'Grout'],
    ]);
    expect(copied.data.every((e) => e.entity_data_id === copy._id)).toBe(true);
    expect(copied.data.some((e) => added.some((a) => a._id === e._id))).toBe(false);
    // Everything but the number is the original's: values, formulas, links, the same file.
    copied.data.forEach((entry, index) => {
      const { line_no: _a, ...mine } = entry.values;
      const { line_no: _b, ...theirs } = before.data[index]!.values;
      expect(mine).toEqual(theirs);
    });
    expect(copied.data[0]!.values.amount).toBe(750);
    expect(copied.data[0]!.values.photo).toEqual([photo]);
    expect(copied.linked_titles).toEqual(before.linked_titles);
    const download = await api.call('POST', '/api/templates-data/file-download-url', owner(), {
      entity_data_id: copy._id,
      template_id: lines._id,
      template_data_id: copied.data[0]!._id,
      field_key: 'photo',
    });
    expect(download.statusCode, download.body).toBe(200);
    expect((await entriesOf(copy._id, notes)).data.map((e) => e.values.note)).toEqual([
      'Deliver Monday',
      'Call first',
    ]);
    // The original keeps its entries as they were.
    expect(await entriesOf(original._id, lines)).toEqual(before);
    // Entries added later take the numbers after the copies'.
    const later = await addLines(copy._id, lines, [{ item: 'Extra' }]);
    expect(later[0]!.values.line_no).toBe(`LN-${String(next + 3).padStart(3, '0')}`);
  });

  it("copies each selected record's entries to its own copy", async () => {
    const a = await api.addRecord(owner(), invoices, { title: 'Selected A' });
    const b = await api.addRecord(owner(), invoices, { title: 'Selected B' });
    const empty = await api.addRecord(owner(), invoices, { title: 'Selected empty' });
    await addLines(a._id, lines, [{ item: 'A1' }, { item: 'A2' }]);
    const [b1] = await addLines(b._id, lines, [{ item: 'B1' }]);
    await addLines(b._id, notes, [{ note: 'B note' }]);
    const first = Number(String(b1!.values.line_no).slice(3)) + 1;
    const ln = (n: number) => `LN-${String(n).padStart(3, '0')}`;

    const many = await api.expectOk<{ created: number; ids: string[] }>(
      api.call('POST', '/api/entities-data/selected-data-duplicate', owner(), {
        entity_id: invoices._id,
        ids: [b._id, empty._id, a._id],
      }),
    );
    expect(many.created).toBe(3);
    const [copyB, copyEmpty, copyA] = many.ids as [string, string, string];
    const copies = await Promise.all(
      many.ids.map((id) => api.expectOk<TEntityRecord>(api.call('GET', `/api/entity-data/${id}`, owner()))),
    );
    expect(copies.map((r) => r.title)).toEqual(['Selected B', 'Selected empty', 'Selected A']);
    // Numbered in the order of the ids sent, each copy with its own original's entries.
    expect(summary(await entriesOf(copyB, lines))).toEqual([[0, ln(first), 'B1']]);
    expect((await entriesOf(copyB, notes)).data.map((e) => e.values.note)).toEqual(['B note']);
    expect((await entriesOf(copyEmpty, lines)).total).toBe(0);
    expect((await entriesOf(copyEmpty, notes)).total).toBe(0);
    expect(summary(await entriesOf(copyA, lines))).toEqual([
      [0, ln(first + 1), 'A1'],
      [1, ln(first + 2), 'A2'],
    ]);
    expect((await entriesOf(copyA, notes)).total).toBe(0);
    expect((await entriesOf(a._id, lines)).total).toBe(2);
    expect((await entriesOf(b._id, lines)).total).toBe(1);
  });

  it("refuses other companies' records as today, copying nothing", async () => {
    const mine = await api.addRecord(owner(), invoices, { title: 'Guarded' });
    await addLines(mine._id, lines, [{ item: 'Secret' }]);
    const stranger = other.users.OWNER;
    const theirs = await api.createEntity(stranger, []);
    const theirRecord = await api.addRecord(stranger, theirs, { title: 'Theirs' });
    const count = async () =>
      (
        await api.expectOk<{ total: number }>(
          api.call('POST', '/api/entities-data/entity/data', owner(), { entity_id: invoices._id }),
        )
      ).total;
    const records = await count();

    // Another company's entity or record: 404 for one, 422 `ids` for several (as before entries).
    const duplicate = (who: typeof stranger, entityId: string, recordId: string) =>
      api.call('POST', '/api/entities-data/duplicate', who, {
        entity_id: entityId,
        entity_data_id: recordId,
      });
    expect((await duplicate(stranger, invoices._id, mine._id)).statusCode).toBe(404);
    expect((await duplicate(stranger, theirs._id, mine._id)).statusCode).toBe(404);
    expect((await duplicate(owner(), invoices._id, theirRecord._id)).statusCode).toBe(404);
    const selected = (who: typeof stranger, entityId: string, ids: string[]) =>
      api.call('POST', '/api/entities-data/selected-data-duplicate', who, { entity_id: entityId, ids });
    expect((await selected(stranger, invoices._id, [mine._id])).statusCode).toBe(404);
    const mixed = await selected(owner(), invoices._id, [mine._id, theirRecord._id]);
    expect(mixed.statusCode).toBe(422);
    expect(keysOf(mixed)).toEqual(['ids']);
    const theirSide = await selected(stranger, theirs._id, [theirRecord._id, mine._id]);
    expect(theirSide.statusCode).toBe(422);
    expect(keysOf(theirSide)).toEqual(['ids']);
    expect(await count()).toBe(records);
    expect((await entriesOf(mine._id, lines)).total).toBe(1);
  });
});
