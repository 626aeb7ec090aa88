import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { companyDocuments, employeeDocuments } from './schema';
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

const local = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('upload and create', () => {
  it('hands out an upload address, stays PENDING until the bytes arrive, then converts once', async () => {
    const res = await call('POST', '/api/document-templates/file-upload', acme.users.MEMBER, {
      file_name: 'Lease.pdf',
      content_type: 'application/pdf',
      size: 5000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { upload_url, file_ref_id } = res.json().data;
    expect(file_ref_id).toMatch(new RegExp(`^companies/${acme.companyId}/uploads/[0-9a-f-]{36}$`));
    const pending = await call('POST', '/api/document-templates/file-upload/status', acme.users.MEMBER, {
      file_ref_id,
    });
    expect(pending.json().data).toEqual({ status: 'PENDING' });

    const pdf = await makePdf(3);
    const put = await t.app.inject({
      method: 'PUT',
      url: local(upload_url),
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const done = await call('POST', '/api/document-templates/file-upload/status', acme.users.MEMBER, {
      file_ref_id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [info] = done.json().data.fileInfos;
    expect(done.json().data.status).toBe('UPLOADED');
    expect(info).toMatchObject({ name: 'Lease.pdf', original_name: 'Lease.pdf', page_count: 3 });
    expect(info.file_ref_id.startsWith(`companies/${acme.companyId}/documents/`)).toBe(true);
    expect(info.url).toContain('/api/storage/');
    // The link is checked against the SHA-256 stored with the PDF, and serves it.
    expect(new URL(info.url).searchParams.get('h')).toBe(info.sha256);
    expect((await t.app.inject({ method: 'GET', url: local(info.url) })).statusCode).toBe(200);
    // The upload link stored its bytes once.
    const reput = await t.app.inject({
      method: 'PUT',
      url: local(upload_url),
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(reput.statusCode).toBe(409);
    const again = await call('POST', '/api/document-templates/file-upload/status', acme.users.MEMBER, {
      file_ref_id,
    });
    expect(again.json().data.fileInfos[0].file_ref_id).toBe(info.file_ref_id);

    // Another company's reference, a made-up one and path tricks are all 404.
    for (const ref of [file_ref_id, `companies/${other.companyId}/uploads/x`, '../../etc/passwd']) {
      const foreign = await call('POST', '/api/document-templates/file-upload/status', other.users.OWNER, {
        file_ref_id: ref,
      });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it('refuses unsupported types, oversized and empty files with 422 on the field', async () => {
    const res = await call('POST', '/api/document-templates/file-upload', acme.users.OWNER, {
      file_name: '',
      content_type: 'application/x-msdownload',
      size: 60 * 1024 * 1024,
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res).sort()).toEqual(['content_type', 'file_name', 'size']);
  });

  it('merges several converted files into one document with its DRAFT', async () => {
    const refs = [await storePdf(t, acme.companyId, 1), await storePdf(t, acme.companyId, 2)];
    const res = await call('POST', '/api/document-templates', acme.users.MEMBER, {
      name: 'Sale deed',
      file_ref_ids: refs,
      is_template: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data as TConfigurableDocument;
    expect(doc).toMatchObject({
      name: 'Sale deed',
      is_template: false,
      status: 'ACTIVE',
      fields: [],
      document_users: [],
    });
    expect(doc.pages).toHaveLength(3);
    expect(doc.file.page_count).toBe(3);
    expect(refs).not.toContain(doc.file.file_ref_id);
    expect(doc.employee_document_id).not.toBeNull();
    expect(doc.owner._id).toBe(acme.users.MEMBER.userId);
    expect(doc.settings.expire_after_days).toBe(30);
    const [draft] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc.employee_document_id!));
    expect(draft).toMatchObject({ status: 'DRAFT', name: 'Sale deed', configurableDocumentId: doc._id });
    const [companyDoc] = await t.platform.database.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.id, doc.company_document_id));
    expect(companyDoc?.files.map((f) => f.file_ref_id)).toEqual(refs);
  });

  it("refuses another company's files, unknown files and a MEMBER creating a template", async () => {
    const foreign = await storePdf(t, other.companyId);
    const res = await call('POST', '/api/document-templates', acme.users.OWNER, {
      name: 'X',
      file_ref_ids: [foreign],
      is_template: false,
    });
    expect(res.statusCode).toBe(404);
    const missing = await call('POST', '/api/document-templates', acme.users.OWNER, {
      name: 'X',
      file_ref_ids: [`companies/${acme.companyId}/documents/00000000-0000-4000-8000-000000000000.pdf`],
    });
    expect(missing.statusCode).toBe(404);
    const member = await call('POST', '/api/document-templates', acme.users.MEMBER, {
      name: 'X',
      file_ref_ids: [await storePdf(t, acme.companyId)],
      is_template: true,
    });
    expect(member.statusCode).toBe(403);
    const wrong = await call('POST', '/api/document-templates', acme.users.OWNER, {
      name: 5,
      file_ref_ids: 'x',
    });
    expect(wrong.statusCode).toBe(422);
    expect(keysOf(wrong).sort()).toEqual(['file_ref_ids', 'name']);
  });

  it('configures a company document: the same configurable document every time', async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    const res = await call(
      'POST',
      `/api/document-templates/${doc.company_document_id}/configure`,
      acme.users.OWNER,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data._id).toBe(doc._id);
    const viaList = await call('POST', '/api/configurable-documents', acme.users.OWNER, {
      company_document_id: doc.company_document_id,
    });
    expect(viaList.json().data._id).toBe(doc._id);
    const foreign = await call(
      'POST',
      `/api/document-templates/${doc.company_document_id}/configure`,
      other.users.OWNER,
      {},
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('configurable documents', () => {
  it('reads one with a download URL, its users and expiry settings; patches name, settings, status, view data', async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', 'p@example.com', { representative_password: 'hunter22' })],
    });
    const got = await call(
      'GET',
      `/api/configurable-documents/${doc._id}?include_download_url=true`,
      acme.users.OWNER,
    );
    expect(got.statusCode).toBe(200);
    expect(got.json().data.file.url).toContain('/api/storage/');
    const plain = await call('GET', `/api/configurable-documents/${doc._id}`, acme.users.OWNER);
    expect(plain.json().data.file.url).toBeUndefined();

    const users = await call('GET', `/api/configurable-documents/users/${doc._id}`, acme.users.OWNER);
    expect(users.json().data).toEqual([
      expect.objectContaining({ key: 'r1', email: 'p@example.com', has_representative_password: true }),
    ]);
    expect(users.body).not.toContain('argon2');

    const patched = await call('PATCH', `/api/configurable-documents/${doc._id}`, acme.users.OWNER, {
      name: 'Renamed',
      settings: { expire_after_days: 7 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Renamed',
      settings: { expire_after_days: 7, reminder_every_days: 3 },
    });
    const expiry = await call(
      'GET',
      `/api/configurable-documents/${doc._id}/expiration-settings`,
      acme.users.OWNER,
    );
    expect(expiry.json().data).toMatchObject({ expire_after_days: 7, reminder_every_days: 3 });
    expect(Date.parse(expiry.json().data.expires_at_if_sent_now)).toBeGreaterThan(
      Date.now() + 6 * 86_400_000,
    );

    const badPatch = await call('PATCH', `/api/configurable-documents/${doc._id}`, acme.users.OWNER, {
      settings: { expire_after_days: 'soon' },
    });
    expect(badPatch.statusCode).toBe(422);
    expect(keysOf(badPatch)).toEqual(['settings.expire_after_days']);

    const status = await call('PATCH', `/api/configurable-documents/${doc._id}/status`, acme.users.OWNER, {
      status: 'INACTIVE',
    });
    expect(status.json().data.status).toBe('INACTIVE');
    const badStatus = await call('PATCH', `/api/configurable-documents/${doc._id}/status`, acme.users.OWNER, {
      status: 'GONE',
    });
    expect(keysOf(badStatus)).toEqual(['status']);

    const view = await call(
      'PUT',
      `/api/configurable-documents/updateViewData/${doc._id}`,
      acme.users.OWNER,
      {
        view_data: { zoom: 1.5, page: 2 },
      },
    );
    expect(view.json().data).toEqual({ _id: doc._id, view_data: { zoom: 1.5, page: 2 } });

    for (const [method, url, body] of [
      ['GET', `/api/configurable-documents/${doc._id}`, undefined],
      ['GET', `/api/configurable-documents/users/${doc._id}`, undefined],
      ['GET', `/api/configurable-documents/${doc._id}/expiration-settings`, undefined],
      ['PATCH', `/api/configurable-documents/${doc._id}`, { name: 'x' }],
      ['PATCH', `/api/configurable-documents/${doc._id}/status`, { status: 'ACTIVE' }],
      ['PUT', `/api/configurable-documents/updateViewData/${doc._id}`, { view_data: {} }],
    ] as const) {
      const res = await call(method, url, other.users.OWNER, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("lists the company's configurable documents to who holds configurable-documents:view", async () => {
    await createDocument(t, acme.users.OWNER, acme.companyId, { name: 'Listed one' });
    const res = await call(
      'GET',
      '/api/configurable-documents?search=Listed&is_template=false&limit=2',
      acme.users.MANAGER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, page: 1, total_pages: 1 });
    expect(res.json().data.data[0].name).toBe('Listed one');
    expect((await call('GET', '/api/configurable-documents', acme.users.MEMBER)).statusCode).toBe(403);
    const foreign = await call('GET', '/api/configurable-documents?search=Listed', other.users.OWNER);
    expect(foreign.json().data.total).toBe(0);
  });

  it("hides another user's one-off document from a MEMBER", async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    expect((await call('GET', `/api/configurable-documents/${doc._id}`, acme.users.MEMBER)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/configurable-documents/${doc._id}`, acme.users.ADMIN)).statusCode).toBe(
      200,
    );
  });
});
