import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PDF_MAX_ROWS, type TExportJob } from '@esigns/contracts/data-exports';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { EXPORT_TEMP_DIR, runExport, sweepExpiredExports } from './jobs';
import { dataExports } from './schema';
import { exportKit, keysOf, type Leads } from './test-kit';

/*
 * PDF exports (entity and view), the all-entities workbook, and the job path: progress, download,
 * who may see a job, a rerun after a crash (the handler run twice), expiry.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let leads: Leads;
let deals: Leads;
let theirs: Leads;
const kit = exportKit(() => t);
const { call, data } = kit;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  leads = await kit.createLeads(acme.users.OWNER, 'Leads');
  deals = await kit.createLeads(acme.users.OWNER, 'Deals [EU]: pipeline/2026 and a very long name');
  theirs = await kit.createLeads(other.users.OWNER, 'Their leads');
  await kit.insertLeads(acme, leads, EXPORT_PDF_MAX_ROWS + 10);
  await kit.insertLeads(acme, deals, 5);
  await kit.insertLeads(other, theirs, 3);
}, 300_000);
afterAll(async () => {
  await t.close();
});

/** The PDF's text, page by page (poppler's pdftotext). */
function pdfText(bytes: Buffer): string {
  const file = path.join(os.tmpdir(), `export-test-${process.pid}-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const firstFew = { match: 'ALL', rules: [{ field: '', operator: 'LESS_THAN', value: 60 }] };

describe('PDF', () => {
  it("draws an entity's records as a table, the header on every page, the company's name", async () => {
    const res = await call(
      'POST',
      `/export/entities-data/pdf/${leads.entity._id}?tz=Europe/Paris`,
      acme.users.OWNER,
      {
        filters: { ...firstFew, rules: [{ ...firstFew.rules[0]!, field: leads.ref('qty') }] },
      },
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Leads.pdf"');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    // Eleven columns: landscape.
    expect(doc.getPage(0).getWidth()).toBeGreaterThan(doc.getPage(0).getHeight());
    const text = pdfText(res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages[0]).toContain('Acme Realty');
    expect(pages[0]).toContain('60 records');
    for (const page of pages) expect(page).toMatch(/Name\s+Amount\s+Probabi/);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).toContain('Lead 59');
    expect(text).toContain('Open lead');
    expect(text).toContain('$88.50');
    expect(text).not.toContain('Lead 60 ');
  }, 60_000);

  it(`refuses more than ${EXPORT_PDF_MAX_ROWS} records with 422`, async () => {
    const res = await call('POST', `/export/entities-data/pdf/${leads.entity._id}`, acme.users.OWNER, {});
    expect(res.statusCode).toBe(422);
  });

  it("exports an entity view with its columns and filters; another company's view is 404", async () => {
    const view = await data<{ _id: string }>(
      call('POST', '/entity-view-configuration', acme.users.OWNER, {
        name: 'Won leads',
        config: {
          entities: [
            {
              entity_id: leads.entity._id,
              columns: [{ field: leads.ref('name') }, { field: leads.ref('status') }],
              filters: {
                match: 'ALL',
                rules: [{ field: leads.ref('status'), operator: 'EQUALS', value: 'won' }],
              },
              sort: [{ field: leads.ref('qty'), direction: 'asc' }],
            },
          ],
        },
      }),
    );
    const res = await call('POST', '/entity-views/export-pdf?tz=UTC', acme.users.OWNER, {
      entity_view_id: view._id,
      filters: { match: 'ALL', rules: [{ field: leads.ref('qty'), operator: 'LESS_THAN', value: 10 }] },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Won leads.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Name\s+Status/);
    expect(text).not.toContain('Probability');
    const names = [...text.matchAll(/Lead (\d+)/g)].map((m) => Number(m[1]));
    expect(names).toEqual([0, 3, 6, 9]);

    const theirView = await data<{ _id: string }>(
      call('POST', '/entity-view-configuration', other.users.OWNER, {
        name: 'Theirs',
        config: { entities: [{ entity_id: theirs.entity._id }] },
      }),
    );
    expect(
      (await call('POST', '/entity-views/export-pdf', acme.users.OWNER, { entity_view_id: theirView._id }))
        .statusCode,
    ).toBe(404);
    const bad = await call('POST', '/entity-views/export-pdf', acme.users.OWNER, { entity_view_id: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toContain('entity_view_id');
    expect(
      (await call('POST', '/entity-views/export-pdf', acme.users.MEMBER, { entity_view_id: view._id }))
        .statusCode,
    ).toBe(403);
  }, 60_000);
});

describe('POST /export/all-entities-data', () => {
  it('writes a sheet per entity, the file named after the company', async () => {
    const res = await call('POST', '/export/all-entities-data?tz=UTC', acme.users.OWNER, {
      entity_ids: [deals.entity._id, deals.entity._id],
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Acme Realty.xlsx"');
    const workbook = await kit.workbookOf(res);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Deals  EU   pipeline 2026 and a']);
    expect(workbook.worksheets[0]!.rowCount).toBe(6);
  });

  it('answers a workbook with one sheet for a company without entities', async () => {
    const empty = await seedCompany(t, { name: 'Empty Co' });
    const res = await call('POST', '/export/all-entities-data', empty.users.OWNER);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const workbook = await kit.workbookOf(res);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Export']);
  });

  it("is a job in the background; another company's entity is 404; MANAGER may not", async () => {
    const res = await call('POST', '/export/all-entities-data', acme.users.OWNER, { background: true });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const job = (res.json() as { data: TExportJob }).data;
    expect(job).toMatchObject({ kind: 'ALL_ENTITIES', format: 'XLSX', file_name: 'Acme Realty.xlsx' });
    const done = await until(job._id, acme.users.OWNER);
    expect(done.status, done.error ?? '').toBe('DONE');
    const file = await call('GET', `/exports/${job._id}/download`, acme.users.OWNER);
    const workbook = await kit.workbookOf(file);
    expect(workbook.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Deals  EU   pipeline 2026 and a', 6],
      ['Leads', EXPORT_PDF_MAX_ROWS + 11],
    ]);
    expect(
      (await call('POST', '/export/all-entities-data', acme.users.OWNER, { entity_ids: [theirs.entity._id] }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/export/all-entities-data', acme.users.MANAGER, {})).statusCode).toBe(403);
  }, 120_000);
});

/** Polls an export until it ends (the queue runs in the test app). */
async function until(id: string, who: SeededCompany['users']['OWNER']): Promise<TExportJob> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = await data<TExportJob>(call('GET', `/exports/${id}`, who));
    if (job.status === 'DONE' || job.status === 'FAILED' || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailsAbout = async (fileName: string) =>
  (await t.platform.database.db.select().from(emailLogs).where(eq(emailLogs.kind, 'export.ready'))).filter(
    (m) => m.subject.includes(fileName),
  );

describe('export jobs', () => {
  it('runs in the background: progress, download, a mail; only the asker or OWNER/ADMIN see it', async () => {
    const res = await call('POST', `/export/entities-data/${deals.entity._id}?tz=UTC`, acme.users.MANAGER, {
      background: true,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const job = (res.json() as { data: TExportJob }).data;
    expect(job).toMatchObject({ status: 'QUEUED', total: 5, processed: 0, download_url: null });
    const done = await until(job._id, acme.users.MANAGER);
    expect(done).toMatchObject({
      status: 'DONE',
      total: 5,
      processed: 5,
      download_url: `/api/exports/${job._id}/download`,
    });
    expect(done.expires_at).not.toBeNull();
    const file = await call('GET', `/exports/${job._id}/download`, acme.users.MANAGER);
    expect(file.statusCode).toBe(200);
    expect((await kit.workbookOf(file)).worksheets[0]!.rowCount).toBe(6);
    const mails = await mailsAbout(done.file_name);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([acme.users.MANAGER.email]);

    expect((await call('GET', `/exports/${job._id}`, acme.users.ADMIN)).statusCode).toBe(200);
    expect((await call('GET', `/exports/${job._id}`, acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', `/exports/${job._id}/download`, acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', `/exports/${job._id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/exports/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
    const mine = await data<{ data: TExportJob[] }>(call('GET', '/exports', acme.users.MANAGER));
    expect(mine.data.map((j) => j._id)).toContain(job._id);
    const member = await data<{ data: TExportJob[] }>(call('GET', '/exports?all=true', acme.users.MEMBER));
    expect(member.data).toHaveLength(0);
    const admin = await data<{ data: TExportJob[] }>(call('GET', '/exports?all=true', acme.users.ADMIN));
    expect(admin.data.map((j) => j._id)).toContain(job._id);
  }, 120_000);

  it('a rerun after a crash writes one file and one mail', async () => {
    // As a process killed mid-file leaves it: RUNNING, some progress, no file.
    const [row] = await t.platform.database.db
      .insert(dataExports)
      .values({
        companyId: acme.companyId,
        userId: acme.users.OWNER.userId,
        kind: 'ENTITY',
        format: 'XLSX',
        status: 'RUNNING',
        fileName: 'Deals rerun.xlsx',
        request: { entity_id: deals.entity._id, body: { columns: ['title'] }, tz: 'UTC' },
        processed: 2,
        attempts: 1,
      })
      .returning();
    // The killed run's half file, and one of an export killed 2 hours ago and never run again.
    mkdirSync(EXPORT_TEMP_DIR, { recursive: true });
    const half = path.join(EXPORT_TEMP_DIR, `${row!.id}.xlsx`);
    const abandoned = path.join(EXPORT_TEMP_DIR, `${randomUUID()}.xlsx`);
    writeFileSync(half, 'half a zip');
    writeFileSync(abandoned, 'half a zip');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    await runExport(t.platform, { export_id: row!.id });
    await runExport(t.platform, { export_id: row!.id });
    expect([existsSync(half), existsSync(abandoned)]).toEqual([false, false]);
    const [after] = await t.platform.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ status: 'DONE', processed: 5, total: 5, attempts: 2 });
    expect(after!.storageKey).toBe(`exports/${acme.companyId}/${row!.id}.xlsx`);
    expect(await mailsAbout('Deals rerun.xlsx')).toHaveLength(1);
    const file = await call('GET', `/exports/${row!.id}/download`, acme.users.OWNER);
    const titles = ((await kit.workbookOf(file)).worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map(
      (r) => r[1],
    );
    expect(titles).toEqual(['Lead 4', 'Lead 3', 'Lead 2', 'Lead 1', 'Lead 0']);

    // Expired: the sweep deletes the file; the download is 410.
    await t.platform.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(dataExports.id, row!.id)));
    expect(await sweepExpiredExports(t.platform, new Date())).toBeGreaterThanOrEqual(1);
    expect(await t.platform.storage.head(after!.storageKey!)).toBeNull();
    expect((await call('GET', `/exports/${row!.id}/download`, acme.users.OWNER)).statusCode).toBe(410);
    expect(
      (await data<TExportJob>(call('GET', `/exports/${row!.id}`, acme.users.OWNER))).download_url,
    ).toBeNull();
  }, 60_000);

  it('fails (once, without a retry) when the asker lost the permission', async () => {
    const [row] = await t.platform.database.db
      .insert(dataExports)
      .values({
        companyId: acme.companyId,
        userId: acme.users.MEMBER.userId,
        kind: 'ENTITY',
        format: 'XLSX',
        fileName: 'Nope.xlsx',
        request: { entity_id: deals.entity._id, body: {}, tz: 'UTC' },
      })
      .returning();
    await runExport(t.platform, { export_id: row!.id });
    const job = await data<TExportJob>(call('GET', `/exports/${row!.id}`, acme.users.MEMBER));
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('permission');
    expect((await call('GET', `/exports/${row!.id}/download`, acme.users.MEMBER)).statusCode).toBe(409);
  });
});
