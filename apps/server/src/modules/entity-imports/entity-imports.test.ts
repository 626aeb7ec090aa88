import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { TImportJob } from '@esigns/contracts/entity-import';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { multipartBody, type FilePart } from '../../../test/multipart';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { rowsOf } from '../../platform/db/database';
import { runImport } from './jobs';
import { importJobs } from './schema';

// Jobs run in the API process here, and this machine may be loaded: no assertion is on time.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Stored Import Realty' });
  other = await seedCompany(t, { name: 'Other Stored Imports' });
});
afterAll(async () => {
  await t.close();
});

const send = (
  method: 'POST' | 'PUT',
  url: string,
  who: SeededUser,
  file: FilePart | null,
  fields: Record<string, string>,
) => {
  const body = multipartBody(file, fields);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...who.headers } });
};
const call = (method: 'GET' | 'POST', url: string, who: SeededUser, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const csv = (text: string, name = 'listings.csv'): FilePart => ({
  name,
  type: 'text/csv',
  bytes: Buffer.from(text),
});

/** A workbook of two sheets: `Notes` (a note) then `Listings` (with a percent-formatted column). */
async function twoSheets(): Promise<FilePart> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Notes').addRow(['Read me first']);
  const sheet = workbook.addWorksheet('Listings');
  sheet.addRow(['Title', 'Price', 'Commission']);
  sheet.addRow(['Sea view flat', 4500000, 0.25]);
  sheet.addRow(['Garden villa', 9000000, 0.035]);
  sheet.getColumn(3).numFmt = '0.0%';
  return {
    name: 'listings.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

let seq = 0;
async function createListing(who: SeededUser = acme.users.OWNER): Promise<TEntity> {
  seq += 1;
  const res = await call('POST', '/api/entities/create', who, {
    name: `Stored listing ${seq} ${Math.random().toString(36).slice(2, 7)}`,
    entity_type: 'GENERAL',
    fields: [
      { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'price', label: 'Price', type: 'CURRENCY', min: 0 },
      { key: 'commission', label: 'Commission', type: 'PERCENTAGE' },
      { key: 'photo', label: 'Photo', type: 'IMAGE' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const ref = (entity: TEntity, key: string) => `${entity.primary_template_id}#${key}`;
const mappingOf = (entity: TEntity) => ({
  Title: ref(entity, 'title'),
  Price: ref(entity, 'price'),
  Commission: ref(entity, 'commission'),
});

async function store(entity: TEntity, file: FilePart, who: SeededUser = acme.users.ADMIN) {
  const res = await send('POST', '/api/import/store-uploaded-file', who, file, { entity_id: entity._id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; sheets: { name: string; row_count: number }[] };
}

/** The job, once it has ended (the in-process worker runs it), within a deadline. */
async function settled(id: string): Promise<TImportJob> {
  for (let i = 0; i < 1800; i += 1) {
    const res = await call('GET', `/api/imports/${id}`, acme.users.ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as TImportJob;
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not end');
}

async function recordsOf(entity: TEntity): Promise<{ values: Record<string, Record<string, unknown>> }[]> {
  const res = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
    entity_id: entity._id,
    page: 1,
    limit: 100,
    sort: [{ field: 'title', direction: 'asc' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

async function totalOf(entity: TEntity): Promise<number> {
  const res = await call('POST', '/api/entities-data/entity/data', acme.users.OWNER, {
    entity_id: entity._id,
    page: 1,
    limit: 1,
  });
  return res.json().data.total;
}

describe('stored uploads', () => {
  it('stores a workbook with every sheet counted, lists it and reads any sheet (percent cells as 0-100)', async () => {
    const entity = await createListing();
    const upload = await store(entity, await twoSheets());
    expect(upload.sheets).toEqual([
      { name: 'Notes', row_count: 0 },
      { name: 'Listings', row_count: 2 },
    ]);
    const list = await call('GET', `/api/get/import/UploadedFiles/${entity._id}`, acme.users.ADMIN);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((u: { _id: string }) => u._id)).toEqual([upload._id]);

    const headers = await call('POST', '/api/get-excel-headers-app', acme.users.ADMIN, {
      upload_id: upload._id,
      sheet: 'Listings',
    });
    expect(headers.statusCode, headers.body).toBe(200);
    const data = headers.json().data;
    expect(data).toMatchObject({
      sheet: 'Listings',
      headers: ['Title', 'Price', 'Commission'],
      row_count: 2,
    });
    expect(data.sample).toEqual([
      ['Sea view flat', 4500000, 25],
      ['Garden villa', 9000000, 3.5],
    ]);
    expect(data.mapping).toEqual(mappingOf(entity));
    expect(data.saved_mapping_id).toBeNull();
    // Without a sheet: the first with rows.
    const first = await call('POST', '/api/get-excel-headers-app', acme.users.ADMIN, {
      upload_id: upload._id,
    });
    expect(first.json().data.sheet).toBe('Listings');
  });

  it('imports the second sheet of a workbook as a job, percentages as shown', async () => {
    const entity = await createListing();
    const upload = await store(entity, await twoSheets());
    const res = await call('POST', '/api/map-entities-data', acme.users.ADMIN, {
      upload_id: upload._id,
      sheet: 'Listings',
      mapping: mappingOf(entity),
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await settled(res.json().data._id);
    expect(job).toMatchObject({
      status: 'DONE',
      total: 2,
      processed: 2,
      inserted: 2,
      skipped: 0,
      rejected_url: null,
    });
    const records = await recordsOf(entity);
    const values = records.map((r) => r.values[entity.primary_template_id!]);
    expect(values).toEqual([
      expect.objectContaining({ title: 'Garden villa', price: 9000000, commission: 3.5 }),
      expect.objectContaining({ title: 'Sea view flat', price: 4500000, commission: 25 }),
    ]);
    const jobs = await call('GET', `/api/imports?entity_id=${entity._id}`, acme.users.ADMIN);
    expect(jobs.json().data.map((j: TImportJob) => j._id)).toEqual([job._id]);
  });
});

describe('saved mappings', () => {
  it('saves by name (the same name replaces), lists them and suggests the one that fits', async () => {
    const entity = await createListing();
    const path = `/api/update/mapped-fields/${entity._id}`;
    const mapping = { 'Listing name': ref(entity, 'title'), Amount: ref(entity, 'price'), Ignored: null };
    const first = await call('POST', path, acme.users.ADMIN, {
      name: 'Agency feed',
      mapping: { Amount: ref(entity, 'price') },
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = await call('POST', path, acme.users.ADMIN, { name: 'Agency feed', mapping });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data._id).toBe(first.json().data._id);
    await call('POST', path, acme.users.ADMIN, {
      name: 'Other feed',
      mapping: { Other: ref(entity, 'title') },
    });

    const list = await call('POST', '/api/get/mappedFieldsData', acme.users.ADMIN, { entity_id: entity._id });
    expect(
      list
        .json()
        .data.map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(['Agency feed', 'Other feed']);

    const fit = await call('POST', '/api/get/templatesByMappedFields', acme.users.ADMIN, {
      entity_id: entity._id,
      headers: ['Listing name', 'Amount', 'Commission', 'Ignored'],
    });
    expect(fit.statusCode, fit.body).toBe(200);
    const data = fit.json().data;
    expect(data.saved_mapping_id).toBe(saved.json().data._id);
    expect(data.mapping).toEqual({ ...mapping, Commission: ref(entity, 'commission') });
    expect(data.templates[0].fields.map((f: { key: string }) => f.key)).toEqual([
      'title',
      'price',
      'commission',
    ]);

    // A file whose headers the saved mapping names gets it when read.
    const upload = await store(entity, csv('Listing name,Amount,Ignored\nLoft,100,x\n'));
    const headers = await call('POST', '/api/get-excel-headers-app', acme.users.ADMIN, {
      upload_id: upload._id,
    });
    expect(headers.json().data.saved_mapping_id).toBe(saved.json().data._id);
    expect(headers.json().data.mapping).toEqual(mapping);
  });

  it('stores, saves the mapping and starts in one call (PUT), then offers the saved mapping', async () => {
    const entity = await createListing();
    const res = await send(
      'PUT',
      `/api/import/upload-entities-data/${entity._id}`,
      acme.users.ADMIN,
      csv('Title,Price,Commission\nLoft,100,12.5\n'),
      {
        mapping: JSON.stringify(mappingOf(entity)),
        skip_invalid: 'false',
        save_mapping_as: 'Monthly',
      },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(await settled(res.json().data._id)).toMatchObject({ status: 'DONE', inserted: 1 });
    const list = await call('POST', '/api/get/mappedFieldsData', acme.users.ADMIN, { entity_id: entity._id });
    expect(list.json().data).toEqual([
      expect.objectContaining({ name: 'Monthly', mapping: mappingOf(entity) }),
    ]);
  });
});

describe('problems', () => {
  const body = 'Title,Price,Commission\nGood one,100,10\n,200,20\nBad price,abc,30\nGood two,300,40\n';

  it('skips bad rows and lists them in the rejected rows file', async () => {
    const entity = await createListing();
    const upload = await store(entity, csv(body));
    const res = await call('POST', '/api/map-entities-data', acme.users.ADMIN, {
      upload_id: upload._id,
      mapping: mappingOf(entity),
      skip_invalid: true,
    });
    const job = await settled(res.json().data._id);
    expect(job).toMatchObject({
      status: 'DONE',
      total: 4,
      processed: 4,
      inserted: 2,
      skipped: 2,
      errors_total: 2,
    });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Title'],
      [4, 'Price'],
    ]);
    expect(job.rejected_url).toBe(`/api/imports/${job._id}/rejected`);
    const file = await call('GET', job.rejected_url!, acme.users.ADMIN);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Row,Title,Price,Commission,Problems');
    expect(lines[1]).toMatch(/^3,,200,20,.+/);
    expect(lines[2]).toMatch(/^4,Bad price,abc,30,.+/);
    expect(await totalOf(entity)).toBe(2);
  });

  it('all or nothing: refuses the file with its problems and writes nothing', async () => {
    const entity = await createListing();
    const upload = await store(entity, csv(body));
    const res = await call('POST', '/api/map-entities-data', acme.users.ADMIN, {
      upload_id: upload._id,
      mapping: mappingOf(entity),
    });
    const job = await settled(res.json().data._id);
    expect(job).toMatchObject({ status: 'FAILED', inserted: 0, skipped: 2, errors_total: 2 });
    expect(job.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(await totalOf(entity)).toBe(0);
    const file = await call('GET', job.rejected_url!, acme.users.ADMIN);
    expect(file.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('all or nothing: rows refused after written batches leave none of their records', async () => {
    const entity = await createListing();
    // Batches of 1,000: the first two are written before rows 2,202 and 2,403 (in the third) refuse.
    const rows = Array.from({ length: 2_500 }, (_, i) =>
      i === 2_200 ? `Bad ${i},abc,1` : i === 2_401 ? `,${i},1` : `Row ${i},${i},1`,
    );
    const upload = await store(entity, csv(`Title,Price,Commission\n${rows.join('\n')}\n`));
    const res = await call('POST', '/api/map-entities-data', acme.users.ADMIN, {
      upload_id: upload._id,
      mapping: mappingOf(entity),
    });
    const job = await settled(res.json().data._id);
    expect(job).toMatchObject({ status: 'FAILED', inserted: 0, skipped: 2, errors_total: 2 });
    expect(job.message).toBe('2 rows have problems: nothing was imported');
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2_202, 'Price'],
      [2_403, 'Title'],
    ]);
    expect(await totalOf(entity)).toBe(0);
    const file = await call('GET', job.rejected_url!, acme.users.ADMIN);
    expect(file.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('answers bad input with 4xx, never a 500', async () => {
    const entity = await createListing();
    const another = await createListing();
    const upload = await store(entity, await twoSheets());
    const bad: [string, () => Promise<{ statusCode: number; body: string }>, number, string?][] = [
      [
        'no file',
        () =>
          send('POST', '/api/import/store-uploaded-file', acme.users.ADMIN, null, { entity_id: entity._id }),
        422,
        'file',
      ],
      [
        'not a spreadsheet',
        () =>
          send(
            'POST',
            '/api/import/store-uploaded-file',
            acme.users.ADMIN,
            {
              name: 'x.pdf',
              type: 'application/pdf',
              bytes: Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n', 'latin1'),
            },
            { entity_id: entity._id },
          ),
        415,
      ],
      [
        'damaged xlsx',
        () =>
          send(
            'POST',
            '/api/import/store-uploaded-file',
            acme.users.ADMIN,
            {
              name: 'x.xlsx',
              type: 'application/zip',
              bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]),
            },
            { entity_id: entity._id },
          ),
        422,
        'file',
      ],
      [
        'empty file',
        () =>
          send('POST', '/api/import/store-uploaded-file', acme.users.ADMIN, csv(''), {
            entity_id: entity._id,
          }),
        422,
        'file',
      ],
      [
        'entity id not an id',
        () =>
          send('POST', '/api/import/store-uploaded-file', acme.users.ADMIN, csv('a\n1\n'), {
            entity_id: 'nope',
          }),
        422,
        'entity_id',
      ],
      [
        'upload id not an id',
        () => call('POST', '/api/get-excel-headers-app', acme.users.ADMIN, { upload_id: 'x' }),
        422,
        'upload_id',
      ],
      [
        'unknown sheet',
        () =>
          call('POST', '/api/get-excel-headers-app', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Nope',
          }),
        422,
        'sheet',
      ],
      [
        'unknown sheet on start',
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Nope',
            mapping: mappingOf(entity),
          }),
        422,
        'sheet',
      ],
      [
        'empty sheet on start',
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Notes',
            mapping: { 'Read me first': ref(entity, 'title') },
          }),
        422,
        'sheet',
      ],
      [
        'non-importable field',
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Listings',
            mapping: { Title: ref(entity, 'title'), Price: ref(entity, 'photo') },
          }),
        422,
        'mapping.Price',
      ],
      [
        "another entity's field",
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Listings',
            mapping: { Title: ref(another, 'title') },
          }),
        422,
        'mapping.Title',
      ],
      [
        'not a column',
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, {
            upload_id: upload._id,
            sheet: 'Listings',
            mapping: { Nope: ref(entity, 'title') },
          }),
        422,
        'mapping.Nope',
      ],
      [
        'mapping not an object',
        () =>
          call('POST', '/api/map-entities-data', acme.users.ADMIN, { upload_id: upload._id, mapping: 'x' }),
        422,
      ],
      [
        'saved mapping to a non-importable field',
        () =>
          call('POST', `/api/update/mapped-fields/${entity._id}`, acme.users.ADMIN, {
            name: 'x',
            mapping: { A: ref(entity, 'photo') },
          }),
        422,
        'mapping.A',
      ],
      [
        "saved mapping to another entity's field",
        () =>
          call('POST', `/api/update/mapped-fields/${entity._id}`, acme.users.ADMIN, {
            name: 'x',
            mapping: { A: ref(another, 'title') },
          }),
        422,
        'mapping.A',
      ],
      [
        'saved mapping without a name',
        () =>
          call('POST', `/api/update/mapped-fields/${entity._id}`, acme.users.ADMIN, {
            name: ' ',
            mapping: { A: ref(entity, 'title') },
          }),
        422,
        'name',
      ],
      [
        'PUT with mapping not JSON',
        () =>
          send('PUT', `/api/import/upload-entities-data/${entity._id}`, acme.users.ADMIN, csv('Title\nA\n'), {
            mapping: '{',
          }),
        422,
        'mapping',
      ],
      [
        'PUT with skip_invalid not a boolean',
        () =>
          send('PUT', `/api/import/upload-entities-data/${entity._id}`, acme.users.ADMIN, csv('Title\nA\n'), {
            mapping: JSON.stringify({ Title: ref(entity, 'title') }),
            skip_invalid: 'maybe',
          }),
        422,
        'skip_invalid',
      ],
      ['job id not an id', () => call('GET', '/api/imports/nope', acme.users.ADMIN), 404],
      [
        'unknown job',
        () => call('GET', '/api/imports/00000000-0000-4000-8000-000000000000', acme.users.ADMIN),
        404,
      ],
      [
        'entity id of the list not an id',
        () => call('GET', '/api/get/import/UploadedFiles/nope', acme.users.ADMIN),
        404,
      ],
    ];
    for (const [name, run, status, key] of bad) {
      const res = await run();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      if (key) {
        const keys = (JSON.parse(res.body).errors?.details ?? []).map((d: { key: string }) => d.key);
        expect(keys, name).toContain(key);
      }
    }
  });
});

describe("another company's ids", () => {
  it('answers 404 for their entity, upload, mappings and job', async () => {
    const entity = await createListing();
    const upload = await store(entity, csv('Title\nA\n'));
    const start = await call('POST', '/api/map-entities-data', acme.users.ADMIN, {
      upload_id: upload._id,
      mapping: { Title: ref(entity, 'title') },
      skip_invalid: true,
    });
    const job = await settled(start.json().data._id);
    const stranger = other.users.OWNER;
    const calls = [
      () =>
        send('POST', '/api/import/store-uploaded-file', stranger, csv('Title\nA\n'), {
          entity_id: entity._id,
        }),
      () => call('GET', `/api/get/import/UploadedFiles/${entity._id}`, stranger),
      () => call('POST', '/api/get-excel-headers-app', stranger, { upload_id: upload._id }),
      () =>
        call('POST', `/api/update/mapped-fields/${entity._id}`, stranger, {
          name: 'x',
          mapping: { Title: ref(entity, 'title') },
        }),
      () => call('POST', '/api/get/mappedFieldsData', stranger, { entity_id: entity._id }),
      () =>
        call('POST', '/api/get/templatesByMappedFields', stranger, {
          entity_id: entity._id,
          headers: ['Title'],
        }),
      () =>
        call('POST', '/api/map-entities-data', stranger, {
          upload_id: upload._id,
          mapping: { Title: ref(entity, 'title') },
        }),
      () =>
        send('PUT', `/api/import/upload-entities-data/${entity._id}`, stranger, csv('Title\nA\n'), {
          mapping: JSON.stringify({ Title: ref(entity, 'title') }),
        }),
      () => call('GET', `/api/imports/${job._id}`, stranger),
      () => call('GET', `/api/imports/${job._id}/rejected`, stranger),
      () => call('GET', `/api/imports?entity_id=${entity._id}`, stranger),
    ];
    for (const [index, run] of calls.entries()) {
      const res = await run();
      expect(res.statusCode, `call ${index}: ${res.body}`).toBe(404);
    }
    expect(await totalOf(entity)).toBe(1);
  });
});

describe('a job stopped mid-way', () => {
  it('resumes after the batches it committed: every row exactly once', async () => {
    const entity = await createListing();
    const rows = Array.from(
      { length: 2_500 },
      (_, i) => `Row ${String(i + 1).padStart(4, '0')},${i},${i % 100}`,
    );
    const upload = await store(entity, csv(`Title,Price,Commission\n${rows.join('\n')}\n`));
    // The job row as `POST /map-entities-data` writes it, without the queue's job: the test runs it.
    const [job] = await t.platform.database.db
      .insert(importJobs)
      .values({
        companyId: acme.companyId,
        entityId: entity._id,
        uploadId: upload._id,
        sheet: upload.sheets[0]!.name,
        headers: ['Title', 'Price', 'Commission'],
        mapping: mappingOf(entity),
        skipInvalid: false,
        userId: acme.users.ADMIN.userId,
        total: 2_500,
      })
      .returning();
    const killed = new Error('killed after two batches');
    await expect(
      runImport(
        t.platform,
        { import_id: job!.id },
        {
          afterBatch: (batch) => {
            if (batch === 1) throw killed;
          },
        },
      ),
    ).rejects.toBe(killed);
    const midway = await call('GET', `/api/imports/${job!.id}`, acme.users.ADMIN);
    expect(midway.json().data).toMatchObject({ status: 'RUNNING', processed: 2_000, inserted: 2_000 });
    expect(await totalOf(entity)).toBe(2_000);

    await runImport(t.platform, { import_id: job!.id });
    await runImport(t.platform, { import_id: job!.id });
    const done = await call('GET', `/api/imports/${job!.id}`, acme.users.ADMIN);
    expect(done.json().data).toMatchObject({ status: 'DONE', processed: 2_500, inserted: 2_500, skipped: 0 });
    expect(await totalOf(entity)).toBe(2_500);
    const titles = await rowsOf<{ n: number; d: number }>(
      t.platform.database.db,
      sql`select count(*)::int as n, count(distinct title)::int as d from entity_data where entity_id = ${entity._id}`,
    );
    expect(titles).toEqual([{ n: 2_500, d: 2_500 }]);
  });
});
