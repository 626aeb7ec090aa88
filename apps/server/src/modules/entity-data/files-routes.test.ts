import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { Db } from '../../platform/db/database';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadEntityDefinition } from '../entities/definition';
import { checkFileRefs, fieldOfFile } from './files-service';
import { apiOf, keysOf, memberWith, PDF, PNG } from './files-test-utils';
import { entityDataFiles } from './schema';
import { ABANDONED_UPLOAD_HOURS, removeAbandonedUploads } from './upload-cleanup';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let entity: TEntity;

const fields = [
  { key: 'photos', label: 'Photos', type: 'IMAGE', max_files: 3, max_size_mb: 1 },
  { key: 'brochure', label: 'Brochure', type: 'FILE', allowed_file_types: ['.pdf'], max_size_mb: 2 },
  {
    key: 'rooms',
    label: 'Rooms',
    type: 'DATA_TABLE',
    columns: [
      { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' },
      { key: 'plan', label: 'Plan', type: 'FILE' },
    ],
  },
];
const photo = { name: 'front view.png', type: 'image/png', bytes: PNG };
const target = (field_key: string) => ({
  entity_id: entity._id,
  template_id: entity.primary_template_id,
  field_key,
});

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  entity = await api.createEntity(acme.users.OWNER, fields);
});
afterAll(async () => {
  await t.close();
});

describe('record files: upload address', () => {
  it('answers a presigned address and a reference of the company', async () => {
    const res = await api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
      ...target('photos'),
      file_name: 'Front view (1).png',
      mime_type: 'image/png',
      size: PNG.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data;
    expect(ticket.file_ref_id).toMatch(new RegExp(`^companies/${acme.companyId}/entity-data/[0-9a-f-]{36}/`));
    expect(ticket.key).toBe(ticket.file_ref_id);
    expect(ticket.slug).toBe('Front_view_1_.png');
    expect(ticket.upload_url).toContain('op=put');
  });

  it('refuses files the field does not take, keyed', async () => {
    const ask = (body: Record<string, unknown>) =>
      api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
        ...target('photos'),
        file_name: 'a.png',
        mime_type: 'image/png',
        size: 10,
        ...body,
      });
    expect(keysOf(await ask({ mime_type: 'application/pdf', file_name: 'a.pdf' }))).toEqual(['mime_type']);
    expect(keysOf(await ask({ size: 2 * 1024 * 1024 }))).toEqual(['size']);
    expect(keysOf(await ask({ mime_type: 'text/html', file_name: 'x.html' }))).toEqual(['mime_type']);
    expect(keysOf(await ask({ ...target('brochure'), mime_type: 'image/png' }))).toEqual(['mime_type']);
    expect(keysOf(await ask({ field_key: 'title' }))).toEqual(['field_key']);
    expect(keysOf(await ask({ field_key: 'rooms.name' }))).toEqual(['field_key']);
    expect(keysOf(await ask({ template_id: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      'template_id',
    ]);
    expect(keysOf(await ask({ size: 0, file_name: '' }))).toEqual(
      expect.arrayContaining(['size', 'file_name']),
    );
  });

  it("answers 404 for another company's entity, 403 without the right", async () => {
    const res = await api.call('POST', '/api/templates-data/file-upload-url', other.users.OWNER, {
      ...target('photos'),
      file_name: 'a.png',
      mime_type: 'image/png',
      size: 10,
    });
    expect(res.statusCode).toBe(404);
    const viewer = await memberWith(t, acme.companyId, ['entity-data:view']);
    const forbidden = await api.call('POST', '/api/templates-data/file-upload-url', viewer, {
      ...target('photos'),
      file_name: 'a.png',
      mime_type: 'image/png',
      size: 10,
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/templates-data/file-upload-url' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('record files: confirmation', () => {
  it('checks the stored bytes, answers the reference, and answers it again', async () => {
    const ref = await api.upload(acme.users.OWNER, target('photos'), photo);
    expect(ref).toMatchObject({ name: 'front view.png', size: PNG.length, mime_type: 'image/png' });
    const again = await api.call('POST', '/api/templates-data/file-upload-status', acme.users.OWNER, {
      file_ref_id: ref.file_ref_id,
    });
    expect(again.json().data).toMatchObject({ status: 'UPLOADED', ...ref });
  });

  it('is PENDING until the bytes arrive', async () => {
    const ticket = await api.expectOk<{ file_ref_id: string }>(
      api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
        ...target('photos'),
        file_name: 'later.png',
        mime_type: 'image/png',
        size: PNG.length,
      }),
    );
    const res = await api.call('POST', '/api/templates-data/file-upload-status', acme.users.OWNER, ticket);
    expect(res.json().data.status).toBe('PENDING');
  });

  /** A ticket whose object is then written directly (as a presigned S3 PUT would, unchecked). */
  async function storedAs(
    field: string,
    declared: { name: string; type: string; size: number },
    bytes: Buffer,
  ) {
    const ticket = await api.expectOk<{ file_ref_id: string }>(
      api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
        ...target(field),
        file_name: declared.name,
        mime_type: declared.type,
        size: declared.size,
      }),
    );
    await t.platform.storage.put(ticket.file_ref_id, bytes, declared.type);
    const res = await api.call('POST', '/api/templates-data/file-upload-status', acme.users.OWNER, ticket);
    return { res, ref: ticket.file_ref_id };
  }

  it('refuses and deletes bytes that are not what was declared (415)', async () => {
    const { res, ref } = await storedAs(
      'photos',
      { name: 'fake.png', type: 'image/png', size: PDF.length },
      PDF,
    );
    expect(res.statusCode).toBe(415);
    expect(await t.platform.storage.head(ref)).toBeNull();
    const gone = await api.call('POST', '/api/templates-data/file-upload-status', acme.users.OWNER, {
      file_ref_id: ref,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a file larger than the field allows (413) or not the size announced (422)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const tooBig = await storedAs('photos', { name: 'big.png', type: 'image/png', size: 100 }, big);
    expect(tooBig.res.statusCode).toBe(413);
    expect(await t.platform.storage.head(tooBig.ref)).toBeNull();
    const wrong = await storedAs('photos', { name: 'w.png', type: 'image/png', size: PNG.length + 5 }, PNG);
    expect(wrong.res.statusCode).toBe(422);
    expect(keysOf(wrong.res)).toEqual(['file_ref_id']);
  });

  it('lets a vague type be decided by the content, within the field rules', async () => {
    const ok = await storedAs(
      'brochure',
      { name: 'brochure.pdf', type: 'application/octet-stream', size: PDF.length },
      PDF,
    );
    expect(ok.res.json().data).toMatchObject({ status: 'UPLOADED', mime_type: 'application/pdf' });
    const refused = await storedAs(
      'brochure',
      { name: 'brochure.pdf', type: 'application/octet-stream', size: PNG.length },
      PNG,
    );
    expect(refused.res.statusCode).toBe(415);
  });

  it("answers 404 for another company's or an unknown reference", async () => {
    const ref = await api.upload(acme.users.OWNER, target('photos'), photo);
    for (const file_ref_id of [ref.file_ref_id, 'companies/x/entity-data/y/z', 'nothing']) {
      const res = await api.call('POST', '/api/templates-data/file-upload-status', other.users.OWNER, {
        file_ref_id,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('record files: values and downloads', () => {
  it('saves records with uploaded files and downloads them by reference or by place', async () => {
    const ref = await api.upload(acme.users.OWNER, target('photos'), photo);
    const plan = await api.upload(acme.users.OWNER, target('rooms.plan'), {
      name: 'plan.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const record = await api.addRecord(acme.users.OWNER, entity, {
      title: 'Villa',
      photos: [ref],
      rooms: [{ name: 'Hall', plan: [plan] }],
    });
    const byRef = await api.expectOk<{ download_url: string }>(
      api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, {
        file_ref_id: ref.file_ref_id,
      }),
    );
    const got = await t.app.inject({ method: 'GET', url: api.local(byRef.download_url) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-disposition']).toContain('inline');
    const byPlace = await api.expectOk<{ download_url: string }>(
      api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, {
        entity_data_id: record._id,
        template_id: entity.primary_template_id,
        field_key: 'photos',
        index: 0,
      }),
    );
    expect(byPlace.download_url).toContain(encodeURIComponent('front view.png').slice(0, 5));
    const missing = await api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, {
      entity_data_id: record._id,
      template_id: entity.primary_template_id,
      field_key: 'photos',
      index: 3,
    });
    expect(missing.statusCode).toBe(404);
    const incomplete = await api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, {
      entity_data_id: record._id,
    });
    expect(keysOf(incomplete)).toEqual(expect.arrayContaining(['template_id', 'field_key']));
  });

  it("answers 404 for another company's files and records", async () => {
    const ref = await api.upload(acme.users.OWNER, target('photos'), photo);
    const record = await api.addRecord(acme.users.OWNER, entity, { title: 'Flat', photos: [ref] });
    const byRef = await api.call('POST', '/api/templates-data/file-download-url', other.users.OWNER, {
      file_ref_id: ref.file_ref_id,
    });
    expect(byRef.statusCode).toBe(404);
    const byPlace = await api.call('POST', '/api/templates-data/file-download-url', other.users.OWNER, {
      entity_data_id: record._id,
      template_id: entity.primary_template_id,
      field_key: 'photos',
    });
    expect(byPlace.statusCode).toBe(404);
  });

  it('checkFileRefs refuses files not uploaded for that field, keyed by path', async () => {
    const def = await loadEntityDefinition(t.platform.database.db, acme.companyId, entity._id);
    const tid = entity.primary_template_id;
    const photoRef = await api.upload(acme.users.OWNER, target('photos'), photo);
    const planRef = await api.upload(acme.users.OWNER, target('rooms.plan'), {
      name: 'plan.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const pending = await api.expectOk<{ file_ref_id: string }>(
      api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
        ...target('photos'),
        file_name: 'p.png',
        mime_type: 'image/png',
        size: 10,
      }),
    );
    const otherRef = await (async () => {
      const elsewhere = await api.createEntity(other.users.OWNER, fields);
      return api.upload(
        other.users.OWNER,
        { entity_id: elsewhere._id, template_id: elsewhere.primary_template_id, field_key: 'photos' },
        photo,
      );
    })();
    const fake = { file_ref_id: 'local/x.png', name: 'x.png', size: 1, mime_type: 'image/png' };
    const problems = await checkFileRefs(t.platform.database.db, def, [
      { values: { [tid]: { photos: [photoRef], rooms: [{ plan: [planRef] }] } }, prefix: ['records', 0] },
      {
        values: {
          [tid]: {
            photos: [fake, { ...pending, name: 'p.png', size: 10, mime_type: 'image/png' }, otherRef],
            brochure: [photoRef],
            rooms: [{ name: 'x', plan: [{ ...planRef, size: 1 }] }],
          },
        },
        prefix: ['records', 1],
      },
    ]);
    expect(problems.map((p) => p.key).sort()).toEqual(
      [
        `records.1.${tid}.photos.0`,
        `records.1.${tid}.photos.1`,
        `records.1.${tid}.photos.2`,
        `records.1.${tid}.brochure.0`,
        `records.1.${tid}.rooms.0.plan.0`,
      ].sort(),
    );
    expect(problems.find((p) => p.key.endsWith('photos.1'))?.message).toMatch(/not finished/);
    expect(problems.find((p) => p.key.endsWith('brochure.0'))?.message).toMatch(/another field/);
    expect(await checkFileRefs(t.platform.database.db, def, [{ values: {}, prefix: [] }])).toEqual([]);
  });
});

describe('record files: uploaded bytes stay the bytes', () => {
  const ticketFor = (name: string, bytes: Buffer) =>
    api.expectOk<{ upload_url: string; file_ref_id: string }>(
      api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
        ...target('photos'),
        file_name: name,
        mime_type: 'image/png',
        size: bytes.length,
      }),
    );
  const confirm = (ref: string) =>
    api.expectOk<TFileRef>(
      api.call('POST', '/api/templates-data/file-upload-status', acme.users.OWNER, { file_ref_id: ref }),
    );
  const download = async (ref: string) => {
    const { download_url } = await api.expectOk<{ download_url: string }>(
      api.call('POST', '/api/templates-data/file-download-url', acme.users.OWNER, { file_ref_id: ref }),
    );
    return t.app.inject({ method: 'GET', url: api.local(download_url) });
  };
  // Another valid PNG of the same size: what a reused upload link would have swapped in.
  const OTHER_PNG = Buffer.from(PNG);
  OTHER_PNG.writeUInt8(OTHER_PNG.readUInt8(OTHER_PNG.length - 13) ^ 0xff, OTHER_PNG.length - 13);

  it('refuses a second PUT through the same upload link (409) once the file is confirmed', async () => {
    const ticket = await ticketFor('once.png', PNG);
    expect((await api.putBytes(ticket.upload_url, PNG, 'image/png')).statusCode).toBe(200);
    await confirm(ticket.file_ref_id);
    const again = await api.putBytes(ticket.upload_url, OTHER_PNG, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: expect.any(String) });
    const got = await download(ticket.file_ref_id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores the SHA-256 at confirmation and never serves bytes that no longer match it', async () => {
    const ref = await api.upload(acme.users.OWNER, target('photos'), { ...photo, name: 'kept.png' });
    const [row] = await t.platform.database.db
      .select({ sha256: entityDataFiles.sha256 })
      .from(entityDataFiles)
      .where(eq(entityDataFiles.storageKey, ref.file_ref_id));
    expect(row?.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    // Bytes replaced behind the API's back (another path, a restored backup, a corrupt disk).
    await t.platform.storage.put(ref.file_ref_id, OTHER_PNG, 'image/png');
    const got = await download(ref.file_ref_id);
    expect(got.statusCode).toBe(409);
    expect(got.json()).toMatchObject({ success: false, message: expect.stringContaining('changed') });
  });

  it('takes a failing database for a failure (500), never for a deleted field', async () => {
    const [row] = await t.platform.database.db.select().from(entityDataFiles).limit(1);
    // A handle whose every call fails, as a lost connection does.
    const failing = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('connection terminated');
        },
      },
    ) as unknown as Db;
    await expect(fieldOfFile(failing, row!)).rejects.toThrow();
    await expect(
      fieldOfFile(t.platform.database.db, { ...row!, entityId: randomUUID() }),
    ).resolves.toBeNull();
  });
});

describe('record files: abandoned uploads', () => {
  it('removes PENDING uploads a day old with their bytes, and nothing else', async () => {
    const ticket = async () =>
      (
        await api.call('POST', '/api/templates-data/file-upload-url', acme.users.OWNER, {
          ...target('photos'),
          file_name: 'later.png',
          mime_type: 'image/png',
          size: PNG.length,
        })
      ).json().data as { file_ref_id: string };
    const abandoned = await ticket();
    // Some bytes arrived, the confirmation never did.
    await t.platform.storage.put(abandoned.file_ref_id, PNG, 'image/png');
    const fresh = await ticket();
    const done = await api.upload(acme.users.OWNER, target('photos'), photo);
    const inADay = new Date(Date.now() + (ABANDONED_UPLOAD_HOURS + 1) * 3_600_000);
    expect(await removeAbandonedUploads(t.platform, new Date())).toBe(0);
    const removed = await removeAbandonedUploads(t.platform, inADay);
    expect(removed).toBeGreaterThanOrEqual(2);
    const keys = (
      await t.platform.database.db.select({ key: entityDataFiles.storageKey }).from(entityDataFiles)
    ).map((r) => r.key);
    expect(keys).not.toContain(abandoned.file_ref_id);
    expect(keys).not.toContain(fresh.file_ref_id);
    expect(keys).toContain(done.file_ref_id);
    expect(await t.platform.storage.head(abandoned.file_ref_id)).toBeNull();
    expect(await t.platform.storage.head(done.file_ref_id)).not.toBeNull();
  });
});
