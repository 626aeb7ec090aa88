import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { exportKit, keysOf, leadValues, type Leads } from './test-kit';

/*
 * The direct xlsx export: 10,000 records read back with exceljs and compared cell by cell (types,
 * values, the caller's zone), the grid's filters, sorts, search and selection, and bad input.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let leads: Leads;
let theirs: Leads;
const kit = exportKit(() => t);
const { call } = kit;
const COUNT = 10_000;
const UNKNOWN = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  leads = await kit.createLeads(acme.users.OWNER, 'Leads');
  theirs = await kit.createLeads(other.users.OWNER, 'Their leads');
  await kit.insertLeads(acme, leads, COUNT);
  await kit.insertLeads(other, theirs, 3);
}, 300_000);
afterAll(async () => {
  await t.close();
});

const KOLKATA = 330 * 60_000;

/** What row `r` (newest first) must hold, cell by cell, in Asia/Kolkata. */
function expectedRow(i: number): unknown[] {
  const v = leadValues(i);
  const created = new Date(Date.UTC(2026, 0, 1) + i * 1000 + KOLKATA);
  return [
    v.name,
    v.amount,
    (v.pct as number) / 100,
    v.qty,
    new Date(`${v.start as string}T00:00:00Z`),
    new Date(Date.parse(v.at as string) + KOLKATA),
    v.ok,
    v.status === 'won' ? 'Won' : 'Open lead',
    i % 2 === 0 ? 'Alpha, Beta' : 'Beta',
    created,
    created,
  ];
}

const cellValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

describe('POST /export/entities-data/{id}', () => {
  it('writes 10,000 records, every cell typed and in the zone asked', async () => {
    const res = await call(
      'POST',
      `/export/entities-data/${leads.entity._id}?tz=Asia/Kolkata`,
      acme.users.OWNER,
      {},
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Leads.xlsx"; filename*=UTF-8''Leads.xlsx`,
    );
    const workbook = await kit.workbookOf(res);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Leads']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(COUNT + 1);
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual([
      'Name',
      'Amount',
      'Probability',
      'Quantity',
      'Start',
      'Met at (Asia/Kolkata, UTC+05:30)',
      'Qualified',
      'Status',
      'Tags',
      'Created (Asia/Kolkata, UTC+05:30)',
      'Updated (Asia/Kolkata, UTC+05:30)',
    ]);
    expect(header.font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(2).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(sheet.getColumn(3).numFmt).toBe('0%');
    expect(sheet.getColumn(5).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getColumn(6).numFmt).toBe('yyyy-mm-dd hh:mm');
    let mismatches = 0;
    for (let r = 0; r < COUNT; r += 1) {
      const i = COUNT - 1 - r;
      const got = (sheet.getRow(r + 2).values as unknown[]).slice(1).map(cellValue);
      const want = expectedRow(i).map(cellValue);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        mismatches += 1;
        if (mismatches === 1) expect(got, `row of lead ${i}`).toEqual(want);
      }
    }
    expect(mismatches).toBe(0);
    // Types as Excel reads them: number, number, number, number, date, date, boolean, text.
    const types = (sheet.getRow(2).values as unknown[])
      .slice(1, 9)
      .map((v) => (v instanceof Date ? 'date' : typeof v));
    expect(types).toEqual(['string', 'number', 'number', 'number', 'date', 'date', 'boolean', 'string']);
  }, 120_000);

  it("honours the grid's filters, sort, search, selection and columns", async () => {
    const res = await call('POST', `/export/entities-data/${leads.entity._id}`, acme.users.OWNER, {
      filters: { match: 'ALL', rules: [{ field: leads.ref('qty'), operator: 'LESS_THAN', value: 2500 }] },
      sort: [{ field: leads.ref('pct'), direction: 'desc' }],
      columns: [leads.ref('qty'), leads.ref('pct'), 'title'],
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const sheet = (await kit.workbookOf(res)).worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(2500);
    expect(rows.every((row) => (row[1] as number) < 2500)).toBe(true);
    // By probability, then newest first (the keyset walked 2 pages across equal probabilities).
    const expected = Array.from({ length: 2500 }, (_, i) => i).sort((a, b) => (b % 101) - (a % 101) || b - a);
    expect(rows.map((row) => row[1])).toEqual(expected);
    expect(rows[0]).toEqual([undefined, expected[0], (expected[0]! % 101) / 100, `Lead ${expected[0]}`]);

    const searched = await call('POST', `/export/entities-data/${leads.entity._id}`, acme.users.OWNER, {
      search: 'Lead 999',
      columns: ['title'],
    });
    const titles = (
      (await kit.workbookOf(searched)).worksheets[0]!.getSheetValues().slice(2) as unknown[][]
    ).map((r) => r[1]);
    expect(titles.sort()).toEqual([
      'Lead 999',
      'Lead 9990',
      'Lead 9991',
      'Lead 9992',
      'Lead 9993',
      'Lead 9994',
      'Lead 9995',
      'Lead 9996',
      'Lead 9997',
      'Lead 9998',
      'Lead 9999',
    ]);
  }, 60_000);

  it('exports only the selected records, and none of another company', async () => {
    const page = await kit.data<{ data: { _id: string; title: string }[] }>(
      call('POST', '/entities-data/entity/data', acme.users.OWNER, { entity_id: leads.entity._id, limit: 3 }),
    );
    const theirPage = await kit.data<{ data: { _id: string }[] }>(
      call('POST', '/entities-data/entity/data', other.users.OWNER, {
        entity_id: theirs.entity._id,
        limit: 1,
      }),
    );
    const res = await call('POST', `/export/entities-data/${leads.entity._id}`, acme.users.OWNER, {
      ids: [...page.data.map((r) => r._id), theirPage.data[0]!._id],
      columns: ['title'],
    });
    const titles = ((await kit.workbookOf(res)).worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map(
      (r) => r[1],
    );
    expect(titles).toEqual(page.data.map((r) => r.title));
  });

  it('refuses bad input with 422, never 500', async () => {
    const url = `/export/entities-data/${leads.entity._id}`;
    const cases: [string, string, unknown, string][] = [
      ['unknown zone', `${url}?tz=Mars/Base`, {}, 'tz'],
      [
        'unknown filter field',
        url,
        { filters: { rules: [{ field: `${UNKNOWN}#x`, operator: 'EQUALS', value: 1 }] } },
        'filters.rules.0.field',
      ],
      [
        'a number filter given text',
        url,
        { filters: { rules: [{ field: leads.ref('qty'), operator: 'GREATER_THAN', value: 'many' }] } },
        'filters.rules.0.value',
      ],
      ['unknown column', url, { columns: [`${UNKNOWN}#nope`] }, 'columns.0'],
      ['not a field reference', url, { columns: ['nope'] }, 'columns.0'],
      [
        'unknown sort field',
        url,
        { sort: [{ field: `${leads.tpl}#nope`, direction: 'asc' }] },
        'sort.0.field',
      ],
      ['saved filter of nobody', url, { filter_id: UNKNOWN }, 'filter_id'],
      ['ids not uuids', url, { ids: ['x'] }, 'ids.0'],
      ['filters not an object', url, { filters: 'all' }, 'filters'],
    ];
    for (const [name, target, body, key] of cases) {
      const res = await call('POST', target, acme.users.OWNER, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(keysOf(res).join(' '), name).toContain(key);
    }
  });

  it("answers 404 for another company's entity and unknown ids, 403 without the permission, 401 signed out", async () => {
    expect(
      (await call('POST', `/export/entities-data/${theirs.entity._id}`, acme.users.OWNER, {})).statusCode,
    ).toBe(404);
    expect((await call('POST', `/export/entities-data/${UNKNOWN}`, acme.users.OWNER, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/export/entities-data/not-an-id', acme.users.OWNER, {})).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/export/entities-data/pdf/${theirs.entity._id}`, acme.users.OWNER, {})).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/export/entities-data/${leads.entity._id}`, acme.users.MEMBER, {})).statusCode,
    ).toBe(403);
    expect((await call('POST', `/export/entities-data/${leads.entity._id}`, null, {})).statusCode).toBe(401);
  });

  it('names the file after the entity, non-ASCII names in RFC 5987', async () => {
    const named = await kit.createLeads(acme.users.OWNER, 'Clients: été/2026');
    await kit.insertLeads(acme, named, 2);
    const res = await call('POST', `/export/entities-data/${named.entity._id}`, acme.users.OWNER);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Clients _t_ 2026.xlsx"; filename*=UTF-8''Clients%20%C3%A9t%C3%A9%202026.xlsx`,
    );
    const workbook = await kit.workbookOf(res);
    expect(workbook.worksheets[0]!.name).toBe('Clients  été 2026');
  });
});
