import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { STANDARD_TEMPLATES } from './standard-templates';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Excel Realty' });
  other = await seedCompany(t, { name: 'Other Excel' });
});
afterAll(async () => {
  await t.close();
});

type FilePart = { name: string; type: string; bytes: Buffer };

/** A multipart/form-data body with one file part (and optional text fields). */
function multipart(file: FilePart | null, fields: Record<string, string> = {}) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (
  url: string,
  who: SeededUser | undefined,
  file: FilePart | null,
  fields: Record<string, string> = {},
) => {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(who?.headers ?? {}) },
  });
};

const csv = (name: string, text: string): FilePart => ({
  name,
  type: 'text/csv',
  bytes: Buffer.from(text, 'utf8'),
});

async function xlsx(name: string, rows: unknown[][]): Promise<FilePart> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return {
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const LEADS_CSV = [
  'Name,Email,Mobile,Budget (₹),Status,Visit date,Interested,Discount %,PIN code,Notes',
  'Asha Rao,asha@example.com,+91 98765 43210,"45,00,000",New,2025-01-10,Yes,5,560001,Wants a corner flat',
  'Ravi K,ravi@example.com,9876543211,"32,50,000",Contacted,2025-01-11,No,0,560002,',
  'Meena,meena@example.com,+919876543212,"60,00,000",New,2025-02-01,yes,12.5,560003,Call after 6',
  'John,john@example.com,09876543213,"28,00,000",Won,2025-02-03,no,,400001,',
  'Zara,zara@example.com,+91 98765 43214,"51,00,000",New,2025-03-15,Yes,2,400002,Prefers east facing',
].join('\n');

describe('template/create-from-excel', () => {
  it('infers the field types of a CSV and creates the template named after the file', async () => {
    const res = await post(
      '/api/template/create-from-excel',
      acme.users.ADMIN,
      csv('Leads_2025.csv', LEADS_CSV),
    );
    expect(res.statusCode, res.body).toBe(200);
    const template = res.json().data;
    expect(template).toMatchObject({ name: 'Leads 2025', code: 'leads-2025', type: 'CUSTOM' });
    expect(template.fields.map((f: { key: string; type: string }) => [f.key, f.type])).toEqual([
      ['name', 'SINGLE_LINE_TEXT'],
      ['email', 'EMAIL'],
      ['mobile', 'PHONE'],
      ['budget', 'CURRENCY'],
      ['status', 'SELECT'],
      ['visit_date', 'DATE'],
      ['interested', 'YES_OR_NO'],
      ['discount', 'PERCENTAGE'],
      ['pin_code', 'SINGLE_LINE_TEXT'],
      ['notes', 'SINGLE_LINE_TEXT'],
    ]);
    expect(template.fields[3]).toMatchObject({ label: 'Budget (₹)', currency: 'INR' });
    expect(template.fields[4].options).toEqual([{ value: 'New' }, { value: 'Contacted' }, { value: 'Won' }]);
    expect(template.fields[1].layout).toEqual({ x: 6, y: 0, w: 6, h: 1 });

    // The same file again gets the next free name.
    const again = await post(
      '/api/template/create-from-excel',
      acme.users.ADMIN,
      csv('Leads_2025.csv', LEADS_CSV),
    );
    expect(again.json().data.name).toBe('Leads 2025 (2)');
  });

  it('reads typed XLSX cells (numbers, dates, booleans) and previews without creating', async () => {
    const file = await xlsx('Properties.xlsx', [
      ['Title', 'Price', 'Carpet area', 'Listed on', 'Ready', 'Website', 'Amenities'],
      [
        'Villa 1',
        12500000,
        1850.5,
        new Date(Date.UTC(2025, 0, 5)),
        true,
        'https://example.com/v1',
        'Gym, Pool',
      ],
      ['Flat 2', 6500000, 950, new Date(Date.UTC(2025, 1, 7)), false, 'https://example.com/f2', 'Gym'],
      ['Flat 3', 7200000, 1010.25, new Date(Date.UTC(2025, 2, 9)), true, 'www.example.com/f3', 'Pool, Lift'],
      [
        'Plot 4',
        3000000,
        2400,
        new Date(Date.UTC(2025, 3, 11)),
        false,
        'https://example.com/p4',
        'Lift, Gym',
      ],
    ]);
    const res = await post('/api/template/create-from-excel', acme.users.ADMIN, file, {
      preview: 'true',
      name: 'Listings',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Listings', code: 'listings', rows_sampled: 4 });
    expect(res.json().data.fields.map((f: { type: string }) => f.type)).toEqual([
      'SINGLE_LINE_TEXT',
      'CURRENCY',
      'NUMBER',
      'DATE',
      'YES_OR_NO',
      'URL',
      'MULTI_SELECT',
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/template/list?search=Listings',
      headers: acme.users.ADMIN.headers,
    });
    expect(list.json().data.total).toBe(0);
  });

  it('refuses files it cannot use, and callers without the right', async () => {
    const noFile = await post('/api/template/create-from-excel', acme.users.ADMIN, null, { name: 'X' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.details[0].key).toBe('file');
    const pdf = await post('/api/template/create-from-excel', acme.users.ADMIN, {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('Upload a CSV or XLSX file (this file is application/pdf)');
    const binary = await post('/api/template/create-from-excel', acme.users.ADMIN, {
      name: 'a.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(binary.statusCode).toBe(415);
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(64),
    ]);
    expect(
      (
        await post('/api/template/create-from-excel', acme.users.ADMIN, {
          name: 'a.xls',
          type: 'application/vnd.ms-excel',
          bytes: xls,
        })
      ).statusCode,
    ).toBe(415);
    const emptyHeader = await post(
      '/api/template/create-from-excel',
      acme.users.ADMIN,
      csv('e.csv', '\n , ,\n,,\n'),
    );
    expect(emptyHeader.statusCode).toBe(422);
    await post('/api/template/create-from-excel', acme.users.ADMIN, csv('x.csv', 'A\n1'), {
      name: 'Taken name',
    });
    const taken = await post('/api/template/create-from-excel', acme.users.ADMIN, csv('x.csv', 'A\n1'), {
      name: 'taken NAME',
    });
    expect(taken.json().errors.details[0].key).toBe('name');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/template/create-from-excel',
      payload: { file: 'x' },
      headers: acme.users.ADMIN.headers,
    });
    expect(json.statusCode).toBe(415);
    expect(
      (await post('/api/template/create-from-excel', acme.users.MEMBER, csv('m.csv', 'A\n1'))).statusCode,
    ).toBe(403);
    expect((await post('/api/template/create-from-excel', undefined, csv('m.csv', 'A\n1'))).statusCode).toBe(
      401,
    );
  });
});

describe('document-assets/', () => {
  it('stores an image or PDF under the company and answers a working link', async () => {
    const res = await post('/api/document-assets/', acme.users.ADMIN, {
      name: 'logo.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asset = res.json().data;
    expect(asset).toMatchObject({
      name: 'logo.png',
      mime_type: 'image/png',
      size: PNG.length,
      template_id: null,
    });
    expect(asset.file_ref_id.startsWith(`companies/${acme.companyId}/form-templates/`)).toBe(true);
    const download = await t.app.inject({
      method: 'GET',
      url: asset.url.replace('http://localhost:3000', ''),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const template = await t.app.inject({
      method: 'POST',
      url: '/api/template/create',
      headers: acme.users.ADMIN.headers,
      payload: { name: 'With brochure', fields: [{ key: 'a', label: 'A', type: 'NUMBER' }] },
    });
    const id = template.json().data._id;
    const pdf = await post(
      '/api/document-assets',
      acme.users.ADMIN,
      { name: 'brochure.pdf', type: 'application/pdf', bytes: PDF },
      { template_id: id },
    );
    expect(pdf.json().data).toMatchObject({ template_id: id, mime_type: 'application/pdf' });
  });

  it("refuses other types, other companies' and standard templates, and members", async () => {
    const text = await post('/api/document-assets/', acme.users.ADMIN, csv('a.csv', 'a,b'));
    expect(text.statusCode).toBe(415);
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/template/create',
      headers: other.users.ADMIN.headers,
      payload: { name: 'Theirs', fields: [{ key: 'a', label: 'A', type: 'NUMBER' }] },
    });
    const theirs = template.json().data._id;
    const png = { name: 'a.png', type: 'image/png', bytes: PNG };
    expect(
      (await post('/api/document-assets/', acme.users.ADMIN, png, { template_id: theirs })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/document-assets/', acme.users.ADMIN, png, { template_id: STANDARD_TEMPLATES[0]!.id }))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/document-assets/', acme.users.ADMIN, null)).statusCode).toBe(422);
    expect((await post('/api/document-assets/', acme.users.MEMBER, png)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every form template call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/template/list',
      '/api/template/{id}',
      '/api/templates/code/{code}',
      '/api/templates/primary-template/{user_type}',
      '/api/default-templates',
      '/api/default-templates/{id}',
      '/api/template/create',
      '/api/template/create-from-excel',
      '/api/template',
      '/api/template/duplicateFormTemplate',
      '/api/template/duplicateFormTemplateTitle',
      '/api/document-assets/',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
