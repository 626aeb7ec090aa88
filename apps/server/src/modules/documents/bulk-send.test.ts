import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { BULK_SEND_JOB, bulkRowSendKey, runBulkSendChunk } from './bulk-send';
import { companySubscriptions, subscriptionPlans } from '../subscriptions/schema';
import { bulkSends, documentUsers, employeeDocuments } from './schema';
import { caller, createDocument, keysOf, saveLayout, signatureField } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let template: TConfigurableDocument;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, {
    isTemplate: true,
    name: 'Rental agreement',
  });
  template = await saveLayout(t, acme.users.OWNER, tpl, {
    fields: [
      signatureField('sig', 'tenant'),
      {
        key: 'rent',
        type: 'TEXT',
        page: 1,
        x: 50,
        y: 50,
        width: 100,
        height: 20,
        recipient_key: 'tenant',
        label: 'Monthly rent',
      },
    ],
    document_users: [
      { key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' },
      {
        key: 'owner',
        role_name: 'Landlord',
        user_type: 'CC',
        email: 'landlord@example.com',
        first_name: 'Lal',
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

function upload(who: { token: string }, url: string, name: string, type: string, data: Buffer) {
  const boundary = `----bulk${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
    },
  });
}

async function waitDone(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call('GET', `/api/bulk-sends/${id}`, acme.users.OWNER);
    const data = res.json().data;
    if (data.status === 'DONE' || data.status === 'FAILED') return data;
    if (Date.now() > deadline) throw new Error(`bulk send ${id} not done: ${JSON.stringify(data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const csvOf = (rows: string[][]): Buffer => Buffer.from(rows.map((r) => r.join(',')).join('\n'));

describe('bulk send', () => {
  it('offers a sample sheet with a column per role and per fillable field', async () => {
    const res = await call(
      'GET',
      `/api/document-templates/${template._id}/bulk-send/sample`,
      acme.users.OWNER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Document Name,Tenant Email,Tenant First Name,Tenant Last Name,Landlord Email,Landlord First Name,Landlord Last Name,Monthly rent',
    );
    expect(
      (await call('GET', `/api/document-templates/${template._id}/bulk-send/sample`, other.users.OWNER))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a sheet past the plan's documents of the month with 402, storing nothing", async () => {
    const small = await seedCompany(t, { name: 'Free Realty' });
    const db = t.platform.database.db;
    const [free] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, 'FREE'));
    await db
      .insert(companySubscriptions)
      .values({ companyId: small.companyId, planId: free!.id, status: 'ACTIVE' });
    const tpl = await createDocument(t, small.users.OWNER, small.companyId, {
      isTemplate: true,
      name: 'Lease',
    });
    const laid = await saveLayout(t, small.users.OWNER, tpl, {
      fields: [signatureField('sig', 'tenant')],
      document_users: [{ key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' }],
    });
    const rows = Array.from({ length: 26 }, (_, i) => [
      `free${i}-${Date.now()}@example.com`,
      `F${i}`,
      'Tenant',
    ]);
    const res = await upload(
      small.users.OWNER,
      `/api/document-templates/${laid._id}/bulk-send`,
      'tenants.csv',
      'text/csv',
      csvOf([['Tenant Email', 'Tenant First Name', 'Tenant Last Name'], ...rows]),
    );
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      error_code: 'PLAN_LIMIT_REACHED',
      data: { limit: 'documentsPerMonth' },
    });
    const stored = await db.select().from(bulkSends).where(eq(bulkSends.companyId, small.companyId));
    expect(stored).toEqual([]);
  });

  it('sends 20 rows through the job: one document and one mail per row, progress recorded', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [
      `tenant${i}-${Date.now()}@example.com`,
      `T${i}`,
      'Tenant',
      `${1000 + i}`,
    ]);
    const res = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'tenants.csv',
      'text/csv',
      csvOf([['Tenant Email', 'Tenant First Name', 'Tenant Last Name', 'Monthly rent'], ...rows]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { bulk_send_id: id, total } = res.json().data;
    expect(total).toBe(20);
    const done = await waitDone(id);
    expect(done).toMatchObject({ status: 'DONE', total: 20, sent: 20, failed: 0, errors: [] });

    const docs = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(like(employeeDocuments.sendKey, `bulk:${id}:%`));
    expect(docs).toHaveLength(20);
    expect(docs.every((d) => d.status === 'WAITING' && d.configurableDocumentId === template._id)).toBe(true);
    // No Document Name column: each document is named after the template and its row's person.
    expect(new Set(docs.map((d) => d.name)).size).toBe(20);
    const second = docs.find((d) => d.sendKey === bulkRowSendKey(id, 3))!;
    expect(second.name).toBe('Rental agreement - T1 Tenant');
    expect(second.fields.find((f) => f.key === 'rent')?.default_value).toBe('1001');
    const recipients = await t.platform.database.db
      .select()
      .from(documentUsers)
      .where(eq(documentUsers.employeeDocumentId, second.id));
    expect(recipients.map((r) => [r.email, r.status]).sort()).toEqual([
      ['landlord@example.com', 'PENDING'],
      [rows[1]![0]!, 'SENT'],
    ]);
    for (const [email] of rows) {
      const mails = await t.platform.database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.kind, 'document.sent'));
      expect(mails.filter((m) => m.to.includes(email!))).toHaveLength(1);
    }

    // A chunk run again after its progress was recorded (a crash before the job completed): nothing.
    expect(await runBulkSendChunk(t.platform, { bulk_send_id: id, from: 0 })).toBe('SKIPPED');
    // A run that died after the chunk's documents committed, before its progress did: the rerun
    // sends nothing twice (the rows' send keys answer their documents) and records the chunk.
    await t.platform.database.db
      .update(bulkSends)
      .set({ status: 'RUNNING', sent: 0, failed: 0, finishedAt: null })
      .where(eq(bulkSends.id, id));
    const mailsBefore = await t.platform.database.db.select({ id: emailLogs.id }).from(emailLogs);
    expect(await runBulkSendChunk(t.platform, { bulk_send_id: id, from: 0 })).toBe('SENT');
    const again = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(like(employeeDocuments.sendKey, `bulk:${id}:%`));
    expect(again).toHaveLength(20);
    expect(await t.platform.database.db.select({ id: emailLogs.id }).from(emailLogs)).toHaveLength(
      mailsBefore.length,
    );
    expect(await waitDone(id)).toMatchObject({ status: 'DONE', sent: 20, failed: 0 });
  });

  it("previews a sheet without sending: the count, each document's name and recipients, the same 422s", async () => {
    const url = `/api/document-templates/${template._id}/bulk-send/preview`;
    const sheet = csvOf([
      ['Document Name', 'Tenant Email', 'Tenant First Name', 'Tenant Last Name'],
      ['Lease - Flat 4B', 'asha@example.com', 'Asha', 'Rao'],
      ...Array.from({ length: 12 }, (_, i) => ['', `p${i}@example.com`, `P${i}`, '']),
    ]);
    const docsBefore = await t.platform.database.db
      .select({ id: employeeDocuments.id })
      .from(employeeDocuments);
    const res = await upload(acme.users.OWNER, url, 'leases.csv', 'text/csv', sheet);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.total).toBe(13);
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual({
      row: 2,
      name: 'Lease - Flat 4B',
      recipients: [{ role: 'Tenant', name: 'Asha Rao', email: 'asha@example.com' }],
    });
    // An empty Document Name: the template's name and the row's person.
    expect(preview.rows[1].name).toBe('Rental agreement - P0');
    // Nothing stored, nothing sent.
    expect(
      await t.platform.database.db.select({ id: employeeDocuments.id }).from(employeeDocuments),
    ).toHaveLength(docsBefore.length);

    const bad = await upload(
      acme.users.OWNER,
      url,
      'bad.csv',
      'text/csv',
      csvOf([
        ['Tenant Email', 'Tenant First Name', 'Tenant Last Name'],
        ['not-an-email', 'A', 'B'],
      ]),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details[0].key).toBe('rows.2.Tenant Email');
    expect((await upload(other.users.OWNER, url, 'leases.csv', 'text/csv', sheet)).statusCode).toBe(404);
  });

  it('sends 120 rows in chunks of 50, one job each, and stops between chunks when its job is handed back', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `chunk${i}-${Date.now()}@example.com`,
      `C${i}`,
      'Row',
    ]);
    const sheet = csvOf([['Tenant Email', 'Tenant First Name', 'Tenant Last Name'], ...rows]);
    const res = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'chunks.csv',
      'text/csv',
      sheet,
    );
    expect(res.statusCode, res.body).toBe(200);
    const id: string = res.json().data.bulk_send_id;
    expect(await waitDone(id)).toMatchObject({ status: 'DONE', total: 120, sent: 120, failed: 0 });
    const { rows: jobs } = await t.platform.database.raw(
      `SELECT data->>'from' AS "from", state FROM pgboss.job WHERE name = $1 AND data->>'bulk_send_id' = $2
       ORDER BY (data->>'from')::int`,
      [BULK_SEND_JOB, id],
    );
    expect(jobs.map((j) => (j as { from: string }).from)).toEqual(['0', '50', '100']);
    const docs = await t.platform.database.db
      .select({ sendKey: employeeDocuments.sendKey })
      .from(employeeDocuments)
      .where(like(employeeDocuments.sendKey, `bulk:${id}:%`));
    expect(new Set(docs.map((d) => d.sendKey)).size).toBe(120);

    // A chunk whose job was handed back before it started sends nothing and queues nothing.
    const [bulk] = await t.platform.database.db
      .insert(bulkSends)
      .values({
        companyId: acme.companyId,
        configurableDocumentId: template._id,
        createdBy: acme.users.OWNER.userId,
        rows: [],
        total: 1,
      })
      .returning({ id: bulkSends.id });
    const aborted = new AbortController();
    aborted.abort();
    expect(await runBulkSendChunk(t.platform, { bulk_send_id: bulk!.id, from: 0 }, aborted.signal)).toBe(
      'ABORTED',
    );
    const [untouched] = await t.platform.database.db
      .select()
      .from(bulkSends)
      .where(eq(bulkSends.id, bulk!.id));
    expect(untouched).toMatchObject({ status: 'QUEUED', sent: 0, failed: 0 });
    await t.platform.database.db.delete(bulkSends).where(eq(bulkSends.id, bulk!.id));
  });

  it('reads XLSX sheets too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Tenant Email', 'Tenant First Name', 'Tenant Last Name']);
    sheet.addRow([`x-${Date.now()}@example.com`, 'Xena', 'Xl']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'people.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await waitDone(res.json().data.bulk_send_id)).toMatchObject({ status: 'DONE', sent: 1 });
  });

  it('checks every row first: bad rows are 422 and nothing is sent', async () => {
    const before = await t.platform.database.db.select({ id: bulkSends.id }).from(bulkSends);
    const res = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'bad.csv',
      'text/csv',
      csvOf([
        ['Tenant Email', 'Tenant First Name', 'Tenant Last Name'],
        ['good@example.com', 'Good', 'Row'],
        ['not-an-email', 'Bad', 'Row'],
        ['', '', ''],
        ['landlord@example.com', '', ''],
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(keysOf(res).sort()).toEqual([
      'rows.3.Tenant Email',
      'rows.5.Tenant Email',
      'rows.5.Tenant First Name',
    ]);
    expect(res.json().message).toBe('2 rows have problems: nothing was sent');
    expect(await t.platform.database.db.select({ id: bulkSends.id }).from(bulkSends)).toHaveLength(
      before.length,
    );

    const missing = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'cols.csv',
      'text/csv',
      csvOf([['Email'], ['a@example.com']]),
    );
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['file']);
    const exe = await upload(
      acme.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'x.exe',
      'application/octet-stream',
      Buffer.from('MZ'),
    );
    expect(exe.statusCode).toBe(415);
  });

  it("refuses another company's template and progress, and a MEMBER without templates:send", async () => {
    const sheet = csvOf([
      ['Tenant Email', 'Tenant First Name', 'Tenant Last Name'],
      ['a@example.com', 'A', 'B'],
    ]);
    const foreign = await upload(
      other.users.OWNER,
      `/api/document-templates/${template._id}/bulk-send`,
      'a.csv',
      'text/csv',
      sheet,
    );
    expect(foreign.statusCode).toBe(404);
    const member = await upload(
      acme.users.MEMBER,
      `/api/document-templates/${template._id}/bulk-send`,
      'a.csv',
      'text/csv',
      sheet,
    );
    expect(member.statusCode).toBe(403);
    const [bulk] = await t.platform.database.db.select({ id: bulkSends.id }).from(bulkSends).limit(1);
    expect((await call('GET', `/api/bulk-sends/${bulk!.id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/api/bulk-sends/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
  });
});
