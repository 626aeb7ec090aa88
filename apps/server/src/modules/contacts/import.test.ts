import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { contacts, contactTypes } from './schema';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Import Co' });
  other = await seedCompany(t, { name: 'Other Import Co' });
});
afterAll(async () => {
  await t.close();
});

/** A multipart/form-data body with one file part (and optional text fields). */
function multipart(
  file: { name: string; type: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
  fieldName = 'file',
): { payload: Buffer; headers: Record<string, string> } {
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
        `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\n` +
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

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(
  who: SeededUser | undefined,
  file: { name: string; type: string; bytes: Buffer } | null,
) {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/bulk-users-add',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? who.headers : {}) },
  });
}

const csv = (text: string) => ({ name: 'contacts.csv', type: CSV_TYPE, bytes: Buffer.from(text, 'utf8') });

async function xlsx(rows: unknown[][]): Promise<{ name: string; type: string; bytes: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Ignored').addRow(['Email']);
  return { name: 'contacts.xlsx', type: XLSX_TYPE, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

async function contactOf(company: SeededCompany, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contacts/check-contact',
    payload: { email },
    headers: company.users.OWNER.headers,
  });
  return res.json().data;
}

describe('POST /bulk-users-add', () => {
  it('imports a CSV: creates, updates with non-empty cells, skips bad and repeated rows, creates types', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { email: 'existing@example.com', first_name: 'Old', last_name: 'Name', phone: '111' },
      headers: acme.users.OWNER.headers,
    });
    const file = csv(
      [
        '\uFEFFE-mail Address,FIRST NAME,Surname,Mobile,Designation,Company,Type,Ignored column',
        'new.one@example.com,Nita,Rao,+91 90000 00001,Buyer agent,Rao & Co,Buyer,x',
        ' EXISTING@example.com ,,Newname,,,,"Seller",',
        'not-an-email,Bad,Row,,,,,',
        '',
        'new.one@EXAMPLE.com,Again,Twice,,,,,',
        'no.name@example.com,,,,,,,',
        '"quoted@example.com","Quote, Jr.",Q,,,,buyer,',
        'bad.phone@example.com,P,Q,call me,,,,',
      ].join('\r\n'),
    );
    const res = await upload(acme.users.MANAGER, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      created: 2,
      updated: 1,
      skipped: 4,
      errors: [
        { row: 4, message: 'Email: Enter a valid email address' },
        { row: 6, message: 'Email new.one@example.com is already in row 2' },
        { row: 7, message: 'First Name: Required for a new contact' },
        { row: 9, message: 'Phone: Use digits, spaces and + - ( ) . only' },
      ],
    });
    expect(await contactOf(acme, 'new.one@example.com')).toMatchObject({
      first_name: 'Nita',
      last_name: 'Rao',
      phone: '+91 90000 00001',
      title: 'Buyer agent',
      account_name: 'Rao & Co',
      contact_type: { name: 'Buyer' },
      created_by: acme.users.MANAGER.userId,
    });
    expect(await contactOf(acme, 'existing@example.com')).toMatchObject({
      first_name: 'Old',
      last_name: 'Newname',
      phone: '111',
      contact_type: { name: 'Seller' },
    });
    expect(await contactOf(acme, 'quoted@example.com')).toMatchObject({
      first_name: 'Quote, Jr.',
      contact_type: { name: 'Buyer' },
    });
    const types = await t.platform.database.db
      .select({ name: contactTypes.name })
      .from(contactTypes)
      .where(eq(contactTypes.companyId, acme.companyId));
    expect(types.map((type) => type.name).sort()).toEqual(['Buyer', 'Seller']);
    // Nothing leaked into the other company.
    expect(await contactOf(other, 'new.one@example.com')).toBeNull();
  });

  it('reads semicolon CSV in Windows-1252 with a single Name column', async () => {
    const text =
      'Name;Email;Account\nJosé Álvarez García;jose@example.com;Café Ltd\nMadonna;madonna@example.com;\n';
    const bytes = Buffer.from(text, 'latin1');
    const res = await upload(acme.users.OWNER, { name: 'export.csv', type: CSV_TYPE, bytes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect(await contactOf(acme, 'jose@example.com')).toMatchObject({
      first_name: 'José Álvarez',
      last_name: 'García',
      account_name: 'Café Ltd',
    });
    expect(await contactOf(acme, 'madonna@example.com')).toMatchObject({
      first_name: 'Madonna',
      last_name: '',
    });
  });

  it('imports an XLSX (first sheet), with numbers, hyperlinks and rich text cells', async () => {
    const file = await xlsx([
      ['Email', 'First Name', 'Last Name', 'Phone', 'Title', 'Account Name', 'Contact Type'],
      [
        { text: 'xl.one@example.com', hyperlink: 'mailto:xl.one@example.com' },
        'Xavier',
        'Lobo',
        919876543210,
        'Owner',
        'Lobo Farms',
        'Tenant',
      ],
      [],
      [
        'xl.two@example.com',
        { richText: [{ text: 'Ri' }, { text: 'ta' }] },
        'Sen',
        null,
        null,
        null,
        'tenant',
      ],
      ['broken', 'No', 'Email'],
    ]);
    const res = await upload(acme.users.ADMIN, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      created: 2,
      updated: 0,
      skipped: 1,
      errors: [{ row: 5, message: 'Email: Enter a valid email address' }],
    });
    expect(await contactOf(acme, 'xl.one@example.com')).toMatchObject({
      first_name: 'Xavier',
      phone: '919876543210',
      account_name: 'Lobo Farms',
      contact_type: { name: 'Tenant' },
    });
    expect(await contactOf(acme, 'xl.two@example.com')).toMatchObject({
      first_name: 'Rita',
      contact_type: { name: 'Tenant' },
    });
  });

  it('imports 10,000 rows in one call', async () => {
    const company = await seedCompany(t, { name: 'Big Import' });
    const lines = ['Email,First Name,Last Name,Contact Type'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`bulk${i}@example.com,First${i},Last${i},Type ${i % 3}`);
    const res = await upload(company.users.OWNER, csv(lines.join('\n')));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toEqual({ created: 10_000, updated: 0, skipped: 0, errors: [] });
    const [counted] = await t.platform.database.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.companyId, company.companyId));
    expect(counted?.n).toBe(10_000);

    // The same file again updates every row.
    const again = await upload(company.users.OWNER, csv(lines.join('\n')));
    expect(again.json().data).toMatchObject({ created: 0, updated: 10_000, skipped: 0 });

    const tooMany = [...lines, 'one.more@example.com,One,More,'];
    tooMany.push('and.another@example.com,A,B,');
    const refused = await upload(company.users.OWNER, csv(tooMany.join('\n')));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.details[0].key).toBe('file');
  }, 120_000);

  it.each([
    ['an empty file', csv(''), 422],
    ['a header without an Email column', csv('Name,Phone\nA,1\n'), 422],
    ['a header only', csv('Email,First Name\n'), 422],
    ['a broken CSV quote', csv('Email,First Name\n"a@b.co,A\n'), 422],
    [
      'a PDF',
      { name: 'contacts.csv', type: CSV_TYPE, bytes: Buffer.from('%PDF-1.7\n\x00\x01binary', 'latin1') },
      415,
    ],
    [
      'an old .xls',
      {
        name: 'contacts.xls',
        type: 'application/vnd.ms-excel',
        bytes: Buffer.concat([
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
          Buffer.alloc(600),
        ]),
      },
      415,
    ],
    [
      'a corrupt XLSX',
      {
        name: 'contacts.xlsx',
        type: XLSX_TYPE,
        bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300, 7)]),
      },
      422,
    ],
  ])('refuses %s', async (_label, file, status) => {
    const res = await upload(acme.users.OWNER, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    if (status === 422) expect(res.json().errors.details[0].key).toBe('file');
  });

  it('refuses a truncated XLSX with 422', async () => {
    const file = await xlsx([['Email'], ['a@example.com']]);
    const res = await upload(acme.users.OWNER, {
      ...file,
      bytes: file.bytes.subarray(0, file.bytes.length - 200),
    });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('refuses a file over 10 MB with 413, a missing file with 422 and JSON with 415', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const tooLarge = await upload(acme.users.OWNER, { name: 'big.csv', type: CSV_TYPE, bytes: big });
    expect(tooLarge.statusCode).toBe(413);

    const missing = await upload(acme.users.OWNER, null);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.details[0].key).toBe('file');

    const wrongField = multipart(csv('Email\na@b.co\n'), {}, 'attachment');
    const other1 = await t.app.inject({
      method: 'POST',
      url: '/api/bulk-users-add',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...acme.users.OWNER.headers },
    });
    expect(other1.statusCode).toBe(422);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/bulk-users-add',
      payload: { file: 'Email\na@b.co' },
      headers: acme.users.OWNER.headers,
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs contacts:import (a MEMBER gets 403) and a session (401)', async () => {
    const file = csv('Email,First Name\nmember.import@example.com,M\n');
    const member = await upload(acme.users.MEMBER, file);
    expect(member.statusCode).toBe(403);
    expect((await upload(undefined, file)).statusCode).toBe(401);
    const [row] = await t.platform.database.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.companyId, acme.companyId), eq(contacts.email, 'member.import@example.com')));
    expect(row?.n).toBe(0);
  });
});
