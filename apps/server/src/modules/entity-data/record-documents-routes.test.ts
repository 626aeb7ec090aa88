import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { seedDocument } from '../document-lists/test-seed';
import { apiOf, keysOf, memberWith, PNG, readablePdf } from './files-test-utils';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let entity: TEntity;
let record: TEntityRecord;
let PDF: Buffer;

type Part = { field: string; value?: string; name?: string; type?: string; data?: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----records${Date.now()}`;
  const chunks = parts.flatMap((p) =>
    p.data
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\n` +
              `Content-Type: ${p.type}\r\n\r\n`,
          ),
          p.data,
          Buffer.from('\r\n'),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`,
          ),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadTo = (who: SeededUser, parts: Part[], recordId = record._id, entityId = entity._id) => {
  const body = multipart([
    { field: 'entity_id', value: entityId },
    { field: 'entity_data_id', value: recordId },
    ...parts,
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/entities/uploadDocuments',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
};
const listOf = (who: SeededUser, recordId = record._id) =>
  api.call('GET', `/api/entities/getDocuments/${entity._id}/${recordId}`, who);

beforeAll(async () => {
  t = await buildTestApp();
  PDF = await readablePdf();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  entity = await api.createEntity(acme.users.OWNER, []);
  record = await api.addRecord(acme.users.OWNER, entity, { title: 'Villa' });
});
afterAll(async () => {
  await t.close();
});

describe('documents attached to a record', () => {
  it('attaches uploaded files (multipart) and lists them with download addresses', async () => {
    const res = await uploadTo(acme.users.OWNER, [
      { field: 'files', name: 'deed.pdf', type: 'application/pdf', data: PDF },
      { field: 'files', name: 'site.png', type: 'application/octet-stream', data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const added: TRecordDocument[] = res.json().data;
    expect(added.map((d) => [d.kind, d.name, d.mime_type]).sort()).toEqual([
      ['FILE', 'deed.pdf', 'application/pdf'],
      ['FILE', 'site.png', 'image/png'],
    ]);
    const list = await api.expectOk<TRecordDocument[]>(listOf(acme.users.OWNER));
    expect(list).toHaveLength(2);
    const deed = list.find((d) => d.name === 'deed.pdf')!;
    const got = await t.app.inject({ method: 'GET', url: api.local(deed.download_url!) });
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toContain('attachment');
  });

  it('links an uploaded file and a document the caller sees, once', async () => {
    const fresh = await api.addRecord(acme.users.OWNER, entity, { title: 'Plot' });
    const upload = multipart([{ field: 'file', name: 'map.png', type: 'image/png', data: PNG }]);
    const stored = await t.app.inject({
      method: 'PUT',
      url: '/api/upload/file-upload-s3',
      payload: upload.payload,
      headers: { ...acme.users.OWNER.headers, ...upload.headers },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const fileRef = stored.json().data.files[0].file_ref_id;
    const docId = await seedDocument(t, acme.companyId, acme.users.OWNER, {
      name: 'Sale agreement',
      status: 'WAITING',
      recipients: [{ email: 'buyer@x.test' }],
    });
    const body = { entity_id: entity._id, entity_data_id: fresh._id };
    const linked = await api.expectOk<TRecordDocument[]>(
      api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
        ...body,
        file_ref_ids: [fileRef],
        employee_document_id: docId,
      }),
    );
    expect(linked.map((d) => d.kind).sort()).toEqual(['DOCUMENT', 'FILE']);
    const document = linked.find((d) => d.kind === 'DOCUMENT')!;
    expect(document).toMatchObject({
      name: 'Sale agreement',
      document_status: 'WAITING',
      download_url: null,
    });
    const again = await api.expectOk<TRecordDocument[]>(
      api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
        ...body,
        employee_document_id: docId,
      }),
    );
    expect(again.map((d) => d._id)).toEqual([document._id]);
    expect(await api.expectOk<TRecordDocument[]>(listOf(acme.users.OWNER, fresh._id))).toHaveLength(2);
    await api.expectOk(api.call('DELETE', `/api/entities/documents/${document._id}`, acme.users.OWNER));
    expect(await api.expectOk<TRecordDocument[]>(listOf(acme.users.OWNER, fresh._id))).toHaveLength(1);
  });

  it('refuses bad bodies (422 keyed) and bad files (415, 422)', async () => {
    const empty = await api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
      entity_id: entity._id,
      entity_data_id: record._id,
    });
    expect(keysOf(empty)).toEqual(['file_ref_ids']);
    const badIds = await api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
      entity_id: 'x',
      employee_document_id: 'y',
    });
    expect(keysOf(badIds)).toEqual(
      expect.arrayContaining(['entity_id', 'entity_data_id', 'employee_document_id']),
    );
    const html = await uploadTo(acme.users.OWNER, [
      {
        field: 'file',
        name: 'x.html',
        type: 'text/html',
        data: Buffer.from('<html><script></script></html>'),
      },
    ]);
    expect(html.statusCode).toBe(415);
    const lying = await uploadTo(acme.users.OWNER, [
      { field: 'file', name: 'x.pdf', type: 'application/pdf', data: PNG },
    ]);
    expect(lying.statusCode).toBe(415);
    const damaged = await uploadTo(acme.users.OWNER, [
      { field: 'file', name: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 broken') },
    ]);
    expect(keysOf(damaged)).toEqual(['file']);
    const none = await uploadTo(acme.users.OWNER, []);
    expect(keysOf(none)).toEqual(['file']);
    const noIds = await t.app.inject({
      method: 'POST',
      url: '/api/entities/uploadDocuments',
      ...(() => {
        const body = multipart([{ field: 'file', name: 'a.pdf', type: 'application/pdf', data: PDF }]);
        return { payload: body.payload, headers: { ...acme.users.OWNER.headers, ...body.headers } };
      })(),
    });
    expect(keysOf(noIds)).toEqual(['entity_id', 'entity_data_id']);
  });

  it("answers 404 for other companies' records, files and documents, 403 without the right", async () => {
    const stranger = other.users.OWNER;
    expect((await listOf(stranger)).statusCode).toBe(404);
    expect(
      (await uploadTo(stranger, [{ field: 'file', name: 'a.pdf', type: 'application/pdf', data: PDF }]))
        .statusCode,
    ).toBe(404);
    const foreignDoc = await seedDocument(t, other.companyId, other.users.OWNER, {
      name: 'Foreign',
      status: 'WAITING',
      recipients: [{ email: 'x@x.test' }],
    });
    const body = { entity_id: entity._id, entity_data_id: record._id };
    for (const extra of [
      { employee_document_id: foreignDoc },
      { file_ref_ids: [`companies/${other.companyId}/files/00000000-0000-4000-8000-000000000000.pdf`] },
    ]) {
      const res = await api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
        ...body,
        ...extra,
      });
      expect(res.statusCode).toBe(404);
    }
    const ownersDoc = await seedDocument(t, acme.companyId, acme.users.OWNER, {
      name: 'Not shared',
      status: 'WAITING',
      recipients: [{ email: 'y@x.test' }],
    });
    const editor = await memberWith(t, acme.companyId, [
      'entity-data:view',
      'entity-data:update',
      'documents:view',
    ]);
    const hidden = await api.call('POST', '/api/entities/uploadDocuments', editor, {
      ...body,
      employee_document_id: ownersDoc,
    });
    expect(hidden.statusCode).toBe(404);
    const [attached] = await api.expectOk<TRecordDocument[]>(listOf(acme.users.OWNER));
    expect((await api.call('DELETE', `/api/entities/documents/${attached!._id}`, stranger)).statusCode).toBe(
      404,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await listOf(acme.users.OWNER, unknown)).statusCode).toBe(404);
    const viewer = await memberWith(t, acme.companyId, ['entity-data:view']);
    expect((await listOf(viewer)).statusCode).toBe(200);
    expect(
      (await uploadTo(viewer, [{ field: 'file', name: 'a.pdf', type: 'application/pdf', data: PDF }]))
        .statusCode,
    ).toBe(403);
  });

  it('documents every extra call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/templates-data/file-upload-url',
        '/api/templates-data/file-upload-status',
        '/api/templates-data/file-download-url',
        '/api/templates-data/repeatable-template',
        '/api/templates-data/repeatable-template/{id}',
        '/api/repeatable-template/ids/{id}',
        '/api/repeatable-template/add',
        '/api/entities/uploadDocuments',
        '/api/entities/getDocuments/{entity_id}/{entity_data_id}',
      ]),
    );
    expect(res.json().components.schemas).toHaveProperty('RepeatableEntry');
  });
});
