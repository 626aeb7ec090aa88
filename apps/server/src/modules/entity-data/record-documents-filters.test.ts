import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument, TEmployeeDocument } from '@esigns/contracts/documents';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { seedDocument } from '../document-lists/test-seed';
import { createDocument, saveLayout, signatureField, uniqueEmail } from '../documents/test-helpers';
import { apiOf, keysOf, memberWith, readablePdf } from './files-test-utils';

/*
 * The two filtered lists of a record's documents (spec 3 §7): those not made from a document
 * template, and those made from one template. Documents are made through the documents API (a
 * one-off from an upload, sends of templates) and linked to the record like the page does.
 */

const NOT_TEMPLATES = '/api/fetchEntityDocumentsNotIncludeTemplates';
const OF_TEMPLATE = '/api/getEmployeeDocumentsByEntityIdAndConfigurableDocumentId';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let acme: SeededCompany;
let other: SeededCompany;
let entity: TEntity;
let record: TEntityRecord;
let lease: TConfigurableDocument;
let deed: TConfigurableDocument;
let oneOff: TConfigurableDocument;
let foreignTemplate: TConfigurableDocument;
const attached: Record<string, TRecordDocument> = {};

/** A template with one signer role, saved so it can be sent. */
async function template(company: SeededCompany, name: string) {
  const owner = company.users.OWNER;
  const doc = await createDocument(t, owner, company.companyId, { isTemplate: true, name });
  return saveLayout(t, owner, doc, {
    fields: [signatureField('sig', 'buyer')],
    document_users: [{ key: 'buyer', role_name: 'Buyer', user_type: 'SIGNER', signing_order: 1 }],
  });
}

async function sendFrom(tpl: TConfigurableDocument, name: string): Promise<string> {
  const sent = await api.expectOk<TEmployeeDocument>(
    api.call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      name,
      document_users: [{ key: 'buyer', email: uniqueEmail('buyer'), first_name: 'Bina', last_name: 'B' }],
    }),
  );
  return sent._id;
}

async function link(documentId: string): Promise<TRecordDocument> {
  const [row] = await api.expectOk<TRecordDocument[]>(
    api.call('POST', '/api/entities/uploadDocuments', acme.users.OWNER, {
      entity_id: entity._id,
      entity_data_id: record._id,
      employee_document_id: documentId,
    }),
  );
  return row!;
}

/** One PDF attached as a stored file (multipart, as the page uploads). */
async function uploadFile(name: string): Promise<TRecordDocument> {
  const boundary = '----filters';
  const field = (key: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('entity_id', entity._id),
    field('entity_data_id', record._id),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    await readablePdf(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/entities/uploadDocuments',
    payload,
    headers: { ...acme.users.OWNER.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as TRecordDocument[])[0]!;
}

const notTemplates = (who: SeededUser, body: unknown) => api.call('POST', NOT_TEMPLATES, who, body);
const ofTemplate = (who: SeededUser, body: unknown) => api.call('POST', OF_TEMPLATE, who, body);
const names = (rows: TRecordDocument[]) => rows.map((row) => row.name);

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  acme = await seedCompany(t, { name: 'Acme Filters' });
  other = await seedCompany(t, { name: 'Other Filters' });
  entity = await api.createEntity(acme.users.OWNER, []);
  record = await api.addRecord(acme.users.OWNER, entity, { title: 'Villa' });
  lease = await template(acme, 'Lease template');
  deed = await template(acme, 'Deed template');
  foreignTemplate = await template(other, 'Foreign template');
  oneOff = await createDocument(t, acme.users.OWNER, acme.companyId, { name: 'Scanned offer' });

  // Oldest first: each call attaches after the one before.
  attached.file = await uploadFile('survey.pdf');
  attached.oneOff = await link(oneOff.employee_document_id!);
  attached.lease1 = await link(await sendFrom(lease, 'Lease for Villa'));
  attached.deed = await link(await sendFrom(deed, 'Deed for Villa'));
  attached.lease2 = await link(await sendFrom(lease, 'Lease renewal'));
  // A sent document whose layout is gone (no template to name): counted as not from a template.
  attached.orphan = await link(
    await seedDocument(t, acme.companyId, acme.users.OWNER, {
      name: 'Old agreement',
      status: 'WAITING',
      recipients: [{ email: 'old@x.test' }],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('filtered lists of documents attached to a record', () => {
  it('getDocuments names the template each document was made from', async () => {
    const all = await api.expectOk<TRecordDocument[]>(
      api.call('GET', `/api/entities/getDocuments/${entity._id}/${record._id}`, acme.users.OWNER),
    );
    expect(names(all)).toEqual([
      'Old agreement',
      'Lease renewal',
      'Deed for Villa',
      'Lease for Villa',
      'Scanned offer',
      'survey.pdf',
    ]);
    expect(all.map((row) => row.template?.name ?? null)).toEqual([
      null,
      'Lease template',
      'Deed template',
      'Lease template',
      null,
      null,
    ]);
    expect(attached.lease1!.template).toEqual({ _id: lease._id, name: 'Lease template' });
  });

  it('fetchEntityDocumentsNotIncludeTemplates answers files and documents from uploads, newest first', async () => {
    const rows = await api.expectOk<TRecordDocument[]>(
      notTemplates(acme.users.OWNER, { entity_id: entity._id, entity_data_id: record._id }),
    );
    expect(names(rows)).toEqual(['Old agreement', 'Scanned offer', 'survey.pdf']);
    expect(rows.map((row) => [row.kind, row.template])).toEqual([
      ['DOCUMENT', null],
      ['DOCUMENT', null],
      ['FILE', null],
    ]);
    expect(rows[1]).toMatchObject({
      _id: attached.oneOff!._id,
      employee_document_id: oneOff.employee_document_id,
      document_status: 'DRAFT',
      download_url: null,
    });
    expect(rows[2]!.download_url).toEqual(expect.any(String));
    expect(rows[2]).toMatchObject({ mime_type: 'application/pdf', employee_document_id: null });
  });

  it('getEmployeeDocumentsByEntityIdAndConfigurableDocumentId answers the documents of one template', async () => {
    const body = { entity_id: entity._id, entity_data_id: record._id };
    const leases = await api.expectOk<TRecordDocument[]>(
      ofTemplate(acme.users.OWNER, { ...body, configurable_document_id: lease._id }),
    );
    expect(leases.map((row) => row._id)).toEqual([attached.lease2!._id, attached.lease1!._id]);
    expect(leases.every((row) => row.kind === 'DOCUMENT' && row.template?._id === lease._id)).toBe(true);
    expect(leases[0]).toMatchObject({ name: 'Lease renewal', document_status: 'WAITING' });
    const deeds = await api.expectOk<TRecordDocument[]>(
      ofTemplate(acme.users.OWNER, { ...body, configurable_document_id: deed._id }),
    );
    expect(names(deeds)).toEqual(['Deed for Villa']);
    const empty = await api.addRecord(acme.users.OWNER, entity, { title: 'Empty' });
    expect(
      await api.expectOk(
        ofTemplate(acme.users.OWNER, {
          ...body,
          entity_data_id: empty._id,
          configurable_document_id: deed._id,
        }),
      ),
    ).toEqual([]);
    expect(
      await api.expectOk(notTemplates(acme.users.OWNER, { ...body, entity_data_id: empty._id })),
    ).toEqual([]);
  });

  it('refuses bad bodies with 422 keyed by field', async () => {
    const owner = acme.users.OWNER;
    const bad = await notTemplates(owner, { entity_id: 'x', entity_data_id: 'y' });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['entity_id', 'entity_data_id']);
    const missing = await notTemplates(owner, { entity_id: entity._id });
    expect(missing.statusCode).toBe(422);
    expect(keysOf(missing)).toEqual(['entity_data_id']);
    const badTemplate = await ofTemplate(owner, {
      entity_id: entity._id,
      entity_data_id: 'nope',
      configurable_document_id: 'z',
    });
    expect(badTemplate.statusCode).toBe(422);
    expect(keysOf(badTemplate)).toEqual(['entity_data_id', 'configurable_document_id']);
    const noTemplate = await ofTemplate(owner, { entity_id: entity._id, entity_data_id: record._id });
    expect(noTemplate.statusCode).toBe(422);
    expect(keysOf(noTemplate)).toEqual(['configurable_document_id']);
    for (const path of [NOT_TEMPLATES, OF_TEMPLATE]) {
      const none = await t.app.inject({ method: 'POST', url: path, headers: owner.headers });
      expect(none.statusCode, none.body).toBe(422);
      expect(keysOf(none)).toEqual(['body']);
    }
  });

  it("answers 404 for unknown or another company's records and templates, 403 without the right", async () => {
    const body = { entity_id: entity._id, entity_data_id: record._id };
    const stranger = other.users.OWNER;
    expect((await notTemplates(stranger, body)).statusCode).toBe(404);
    expect(
      (await ofTemplate(stranger, { ...body, configurable_document_id: foreignTemplate._id })).statusCode,
    ).toBe(404);
    const owner = acme.users.OWNER;
    expect((await notTemplates(owner, { ...body, entity_data_id: UNKNOWN })).statusCode).toBe(404);
    expect((await notTemplates(owner, { ...body, entity_id: UNKNOWN })).statusCode).toBe(404);
    for (const id of [foreignTemplate._id, UNKNOWN, oneOff._id]) {
      const res = await ofTemplate(owner, { ...body, configurable_document_id: id });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Template not found');
    }
    expect(
      (await ofTemplate(owner, { ...body, entity_data_id: UNKNOWN, configurable_document_id: lease._id }))
        .statusCode,
    ).toBe(404);

    const viewer = await memberWith(t, acme.companyId, ['entity-data:view']);
    expect((await notTemplates(viewer, body)).statusCode).toBe(200);
    expect((await ofTemplate(viewer, { ...body, configurable_document_id: lease._id })).statusCode).toBe(200);
    const outsider = await memberWith(t, acme.companyId, ['documents:view']);
    expect((await notTemplates(outsider, body)).statusCode).toBe(403);
    expect((await ofTemplate(outsider, { ...body, configurable_document_id: lease._id })).statusCode).toBe(
      403,
    );
  });

  it('documents both calls in OpenAPI as POST with a JSON body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of [NOT_TEMPLATES, OF_TEMPLATE]) {
      expect(paths[path].post.description).toContain('POST with a JSON body');
      expect(paths[path].post.requestBody.content).toHaveProperty('application/json');
    }
  });
});
