import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFromSheets, type TExcelSheetPreview } from '@esigns/contracts/apps';
import { callsOf, detailKeys } from '../../../test/inject-calls';
import { multipartBody } from '../../../test/multipart';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/* Create an app from a workbook of two sheets: each sheet an entity, its rows records. */

let t: TestApp;
let acme: SeededCompany;
const call = callsOf(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Excel Estates' });
});
afterAll(async () => {
  await t.close();
});

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const units = book.addWorksheet('Units');
  units.addRow(['Unit', 'Bedrooms', 'Rent', 'Available from', 'Furnished']);
  units.addRow(['A1', 2, 1200, new Date(Date.UTC(2026, 0, 1)), 'yes']);
  units.addRow(['B2', 3, 1500, new Date(Date.UTC(2026, 1, 1)), 'no']);
  units.addRow(['C3', 1, 900, new Date(Date.UTC(2026, 2, 1)), 'yes']);
  const people = book.addWorksheet('Applicants');
  people.addRow(['Name', 'Email']);
  people.addRow(['Ana Silva', 'ana@example.com']);
  people.addRow(['Ben Okoro', 'ben@example.com']);
  book.addWorksheet('Empty');
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = async (bytes: Buffer, name = 'lettings.xlsx') => {
  const body = multipartBody(
    { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes },
    {},
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/apps/excel-sheets',
    payload: body.payload,
    headers: { ...acme.users.OWNER.headers, ...body.headers },
  });
};

describe('create an app from Excel', () => {
  let sheets: TExcelSheetPreview[];

  it('reads each sheet with rows as an entity with inferred field types', async () => {
    const res = await upload(await workbook());
    expect(res.statusCode, res.body).toBe(200);
    sheets = res.json().data;
    expect(sheets.map((s) => s.name)).toEqual(['Units', 'Applicants']);
    const types = Object.fromEntries(sheets[0]!.fields.map((f) => [f.key, f.type]));
    expect(types).toMatchObject({
      unit: 'SINGLE_LINE_TEXT',
      bedrooms: 'NUMBER',
      available_from: 'DATE',
      furnished: 'YES_OR_NO',
    });
    expect(sheets[1]!.fields.find((f) => f.key === 'email')?.type).toBe('EMAIL');
    expect(sheets[0]!.rows[0]).toMatchObject({
      unit: 'A1',
      bedrooms: 2,
      available_from: '2026-01-01',
      furnished: true,
    });
    expect(sheets[0]!.row_count).toBe(3);
    // The first workbook read loads the spreadsheet reader: slow on a busy machine.
  }, 90_000);

  it('creates the entities and their records from the reviewed sheets', async () => {
    const reviewed = [{ ...sheets[0]!, name: 'Rental units' }, sheets[1]!];
    const manifest = manifestFromSheets({ name: 'From my workbook', version: '1.0.0' }, reviewed);
    const created = await call('POST', '/api/create-application', acme.users.OWNER, { manifest });
    expect(created.statusCode, created.body).toBe(200);
    const install = await call('POST', '/api/create-entities-templates', acme.users.OWNER, {
      app_id: created.json().data._id,
    });
    expect(install.statusCode, install.body).toBe(200);
    expect(install.json().data.records_created).toBe(5);
    const units = install.json().data.created['@entity:rental_units'];
    const page = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
      entity_id: units,
      limit: 10,
    });
    expect(page.json().data.total).toBe(3);
  });

  it('refuses what is not a usable workbook with a 422 on file', async () => {
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Nothing');
    const res = await upload(Buffer.from(await empty.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(422);
    expect(detailKeys(res)).toEqual(['file']);
    const junk = await upload(Buffer.from('%PDF-1.4 not a sheet'), 'x.pdf');
    expect(junk.statusCode).toBeGreaterThanOrEqual(400);
    expect(junk.statusCode).toBeLessThan(500);
  });
});
