import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { verifyPassword } from '../../platform/auth/passwords';
import { configurableDocuments, employeeDocuments } from './schema';
import {
  caller,
  createDocument,
  keysOf,
  makePdf,
  saveLayout,
  signatureField,
  signer,
  storePdf,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

const draftBody = (doc: TConfigurableDocument, layout: object) => ({
  configurable_document_id: doc._id,
  name: doc.name,
  fields: [],
  document_users: [],
  settings: doc.settings,
  ...layout,
});

async function storedRecipients(id: string) {
  const [row] = await t.platform.database.db
    .select({ documentUsers: configurableDocuments.documentUsers })
    .from(configurableDocuments)
    .where(eq(configurableDocuments.id, id));
  return row!.documentUsers;
}

function multipart(files: { field: string; name: string; type: string; data: Buffer }[]) {
  const boundary = `----esigns${Date.now()}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('PUT /document-templates/documents/draft', () => {
  it('saves the layout on the document and its DRAFT', async () => {
    const doc = await createDocument(t, acme.users.MEMBER, acme.companyId);
    const saved = await saveLayout(t, acme.users.MEMBER, doc, {
      name: 'Lease for Flat 4B',
      fields: [signatureField('f1', 'r1'), signatureField('f2', 'r1', { page: 2, type: 'INITIAL' })],
      document_users: [signer('r1', 'tenant@example.com', { color: '#1C7ED6' })],
      settings: { email_subject: 'Sign please', signing_order: true },
    });
    expect(saved).toMatchObject({
      name: 'Lease for Flat 4B',
      settings: { email_subject: 'Sign please', signing_order: true },
      document_users: [
        { key: 'r1', email: 'tenant@example.com', color: '#1C7ED6', has_representative_password: false },
      ],
    });
    expect(saved.fields).toHaveLength(2);
    const [draft] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc.employee_document_id!));
    expect(draft).toMatchObject({ name: 'Lease for Flat 4B', status: 'DRAFT' });
    expect(draft!.fields).toHaveLength(2);
    // Sending needs an email, saving does not: a half-done layout is saved.
    const partial = await call(
      'PUT',
      '/api/document-templates/documents/draft',
      acme.users.MEMBER,
      draftBody(doc, {
        document_users: [signer('r1', '')],
      }),
    );
    expect(partial.statusCode, partial.body).toBe(200);
  });

  it.each([
    [
      'a field off its page',
      { fields: [signatureField('f1', 'r1', { x: 500, width: 200 })] },
      ['fields.0.x'],
    ],
    [
      'a field on a page that does not exist',
      { fields: [signatureField('f1', 'r1', { page: 9 })] },
      ['fields.0.page'],
    ],
    [
      'two fields with one key',
      { fields: [signatureField('f1', 'r1'), signatureField('f1', 'r1')] },
      ['fields.1.key'],
    ],
    [
      'two recipients with one key',
      { document_users: [signer('r1', 'a@example.com'), signer('r1', 'b@example.com')] },
      ['document_users.1.key'],
    ],
    [
      'wrong types',
      {
        fields: [{ ...signatureField('f1', 'r1'), width: 'wide', type: 'SCRIBBLE' }],
        document_users: [{ ...signer('r1', 'a@example.com'), signing_order: 0 }],
      },
      ['fields.0.type', 'fields.0.width', 'document_users.0.signing_order'],
    ],
    [
      'an unknown field property',
      { fields: [{ ...signatureField('f1', 'r1'), colour: 'red' }] },
      ['fields.0'],
    ],
    [
      'a short representative password',
      { document_users: [signer('r1', 'a@x.io', { representative_password: '123' })] },
      ['document_users.0.representative_password'],
    ],
  ])('refuses %s with 422 and dotted keys', async (_name, layout, keys) => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const res = await call(
      'PUT',
      '/api/document-templates/documents/draft',
      acme.users.OWNER,
      draftBody(doc, { document_users: [signer('r1', 'a@example.com')], ...layout }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res).sort()).toEqual([...keys].sort());
  });

  it('hashes representative passwords, never answers them, keeps them on request and drops them otherwise', async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const saved = await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', 'rep@example.com', { representative_password: 'open-sesame' })],
    });
    expect(saved.document_users[0]).toMatchObject({ has_representative_password: true });
    expect(JSON.stringify(saved)).not.toContain('open-sesame');
    expect(JSON.stringify(saved)).not.toContain('argon2');
    const [stored] = await storedRecipients(doc._id);
    expect(stored!.representative_password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored!.representative_password!, 'open-sesame')).toBe(true);

    const kept = await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', 'rep@example.com', { has_representative_password: true })],
    });
    expect(kept.document_users[0]!.has_representative_password).toBe(true);
    expect((await storedRecipients(doc._id))[0]!.representative_password).toBe(
      stored!.representative_password,
    );

    const dropped = await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', 'rep@example.com')],
    });
    expect(dropped.document_users[0]!.has_representative_password).toBe(false);
    expect((await storedRecipients(doc._id))[0]!.representative_password).toBeUndefined();
  });

  it("answers 404 for another company's or another user's document, 409 once sent", async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const body = draftBody(doc, {});
    expect(
      (await call('PUT', '/api/document-templates/documents/draft', other.users.OWNER, body)).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/document-templates/documents/draft', acme.users.MEMBER, body)).statusCode,
    ).toBe(404);
    const unknown = { ...body, configurable_document_id: '00000000-0000-4000-8000-000000000000' };
    expect(
      (await call('PUT', '/api/document-templates/documents/draft', acme.users.OWNER, unknown)).statusCode,
    ).toBe(404);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', 'done@example.com')],
    });
    const sent = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(sent.statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/document-templates/documents/draft', acme.users.OWNER, body)).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/documents/addNewPage', acme.users.OWNER, {
          configurable_document_id: doc._id,
          after_page: 0,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('POST /document-templates/documents/draft', () => {
  it('makes a one-off document from a template, and answers a one-off with its DRAFT', async () => {
    const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true });
    await saveLayout(t, acme.users.OWNER, tpl, {
      fields: [signatureField('f1', 'buyer')],
      document_users: [{ key: 'buyer', role_name: 'Buyer', representative_password: 'secret-rep' }],
    });
    await call('POST', '/api/share-template', acme.users.OWNER, {
      template_id: tpl._id,
      user_ids: [acme.users.MEMBER.userId],
    });
    const res = await call('POST', '/api/document-templates/documents/draft', acme.users.MEMBER, {
      configurable_document_id: tpl._id,
      name: 'From template',
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data as TConfigurableDocument;
    expect(copy).toMatchObject({
      name: 'From template',
      is_template: false,
      owner: { _id: acme.users.MEMBER.userId },
    });
    expect(copy._id).not.toBe(tpl._id);
    expect(copy.company_document_id).not.toBe(tpl.company_document_id);
    expect(copy.file.file_ref_id).toBe(tpl.file.file_ref_id);
    expect(copy.fields.map((f) => f.key)).toEqual(['f1']);
    expect(copy.document_users[0]).toMatchObject({
      key: 'buyer',
      role_name: 'Buyer',
      has_representative_password: true,
    });
    expect(copy.employee_document_id).not.toBeNull();

    const again = await call('POST', '/api/document-templates/documents/draft', acme.users.MEMBER, {
      configurable_document_id: copy._id,
    });
    expect(again.json().data).toMatchObject({
      _id: copy._id,
      employee_document_id: copy.employee_document_id,
    });

    await call('PATCH', `/api/configurable-documents/${tpl._id}/status`, acme.users.OWNER, {
      status: 'INACTIVE',
    });
    const inactive = await call('POST', '/api/document-templates/documents/draft', acme.users.OWNER, {
      configurable_document_id: tpl._id,
    });
    expect(inactive.statusCode).toBe(409);
    const foreign = await call('POST', '/api/document-templates/documents/draft', other.users.OWNER, {
      configurable_document_id: tpl._id,
    });
    expect(foreign.statusCode).toBe(404);
    const wrong = await call('POST', '/api/document-templates/documents/draft', acme.users.OWNER, {
      configurable_document_id: ['x'],
    });
    expect(keysOf(wrong)).toEqual(['configurable_document_id']);
  });
});

describe('page operations', () => {
  async function laidOut(): Promise<TConfigurableDocument> {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId, { pages: 3 });
    return saveLayout(t, acme.users.OWNER, doc, {
      fields: [
        signatureField('p1', 'r1', { page: 1 }),
        signatureField('p2', 'r1', { page: 2, x: 10, y: 20, width: 100, height: 30 }),
        signatureField('p3', 'r1', { page: 3 }),
      ],
      document_users: [signer('r1', 'pages@example.com')],
    });
  }

  it('adds a blank page: a new PDF, later fields move down', async () => {
    const doc = await laidOut();
    const res = await call('POST', '/api/documents/addNewPage', acme.users.OWNER, {
      configurable_document_id: doc._id,
      after_page: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { document, all_document_fields_removed } = res.json().data;
    expect(all_document_fields_removed).toBe(false);
    expect(document.pages).toHaveLength(4);
    expect(document.file.file_ref_id).not.toBe(doc.file.file_ref_id);
    expect(document.fields.map((f: { key: string; page: number }) => [f.key, f.page])).toEqual([
      ['p1', 1],
      ['p2', 3],
      ['p3', 4],
    ]);
    const [draft] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc.employee_document_id!));
    expect(draft!.pages).toHaveLength(4);
    const tooFar = await call('POST', '/api/documents/addNewPage', acme.users.OWNER, {
      configurable_document_id: doc._id,
      after_page: 9,
    });
    expect(tooFar.statusCode).toBe(422);
    expect(keysOf(tooFar)).toEqual(['after_page']);
    const foreign = await call('POST', '/api/documents/addNewPage', other.users.OWNER, {
      configurable_document_id: doc._id,
      after_page: 0,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('edits pages: fields follow reorders, turn with rotations, go with deleted pages', async () => {
    const doc = await laidOut();
    const res = await call('POST', '/api/documents/editFile', acme.users.OWNER, {
      configurable_document_id: doc._id,
      edits: [
        { op: 'rotate', page: 2, degrees: 90 },
        { op: 'reorder', order: [3, 2, 1] },
        { op: 'delete', page: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { document, all_document_fields_removed } = res.json().data;
    expect(all_document_fields_removed).toBe(true);
    expect(document.pages).toEqual([
      { width: 792, height: 612 },
      { width: 612, height: 792 },
    ]);
    expect(document.file.pages).toEqual(document.pages);
    const p2 = document.fields.find((f: { key: string }) => f.key === 'p2');
    expect(p2).toMatchObject({ page: 1, x: 792 - 50, y: 10, width: 30, height: 100 });
    expect(document.fields.map((f: { key: string }) => f.key).sort()).toEqual(['p1', 'p2']);

    const bad = await call('POST', '/api/documents/editFile', acme.users.OWNER, {
      configurable_document_id: doc._id,
      edits: [{ op: 'delete', page: 7 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['edits.0.page']);
    const badOp = await call('POST', '/api/documents/editFile', acme.users.OWNER, {
      configurable_document_id: doc._id,
      edits: [{ op: 'flip', page: 1 }],
    });
    expect(badOp.statusCode).toBe(422);
  });

  it('uploads attachments (multipart) and appends them; refuses foreign files', async () => {
    const doc = await laidOut();
    const form = multipart([
      { field: 'files', name: 'annex.pdf', type: 'application/pdf', data: await makePdf(2) },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${acme.users.OWNER.token}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const [annex] = up.json().data.fileInfos;
    expect(annex).toMatchObject({ name: 'annex.pdf', page_count: 2 });
    const res = await call('POST', '/api/documents/attachFiles', acme.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [annex.file_ref_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.document.pages).toHaveLength(5);
    expect(res.json().data.document.fields).toEqual(doc.fields);

    const foreign = await call('POST', '/api/documents/attachFiles', acme.users.OWNER, {
      configurable_document_id: doc._id,
      file_ref_ids: [await storePdf(t, other.companyId)],
    });
    expect(foreign.statusCode).toBe(404);
    const json = await call('POST', '/api/attachments', acme.users.OWNER, { files: [] });
    expect(json.statusCode).toBe(415);
    const wrongType = multipart([
      { field: 'files', name: 'x.exe', type: 'application/octet-stream', data: Buffer.from('MZ....') },
    ]);
    const exe = await t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload: wrongType.payload,
      headers: { ...wrongType.headers, authorization: `Bearer ${acme.users.OWNER.token}` },
    });
    expect([415, 422]).toContain(exe.statusCode);
  });

  it('duplicates a document into a new one-off copy', async () => {
    const doc = await laidOut();
    const res = await call('POST', `/api/documents/duplicateFile/${doc._id}`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data as TConfigurableDocument;
    expect(copy).toMatchObject({ name: `${doc.name} (copy)`, is_template: false });
    expect(copy.file.file_ref_id).not.toBe(doc.file.file_ref_id);
    expect(copy.file.sha256).toBe(doc.file.sha256);
    expect(copy.fields).toEqual(doc.fields);
    expect(copy.employee_document_id).not.toBe(doc.employee_document_id);
    expect(
      (await call('POST', `/api/documents/duplicateFile/${doc._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
  });
});
