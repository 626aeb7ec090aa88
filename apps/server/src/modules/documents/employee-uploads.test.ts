import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { appNotifications } from '../notifications/schema';
import { documentRequests } from './schema';
import {
  caller,
  createDocument,
  keysOf,
  makePdf,
  saveLayout,
  signatureField,
  uniqueEmail,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let pdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Requests' });
  other = await seedCompany(t, { name: 'Other Requests' });
  pdf = await makePdf(1);
});
afterAll(async () => {
  await t.close();
});

/** A request from the company's MANAGER to the contact of `email` (made when missing). */
async function requestFor(company: SeededCompany, email: string, cardType = 'PAN card'): Promise<string> {
  const db = t.platform.database.db;
  const [existing] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, company.companyId), eq(contacts.email, email)));
  const contact =
    existing ??
    (
      await db
        .insert(contacts)
        .values({ companyId: company.companyId, email, firstName: 'Priya', lastName: 'Contact' })
        .returning()
    )[0];
  const res = await call('POST', '/api/request-documents', company.users.MANAGER, {
    contact_id: contact!.id,
    card_type: cardType,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function upload(who: SeededUser, requestId: string, bytes: Buffer, type = 'application/pdf') {
  const res = await call('POST', `/api/documents/${requestId}/upload-url`, who, {
    file_name: 'pan.pdf',
    content_type: type,
    size: bytes.length,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { upload_url: url, file_ref_id: ref } = res.json().data;
  const target = new URL(url);
  const put = await t.app.inject({
    method: 'PUT',
    url: target.pathname + target.search,
    payload: bytes,
    headers: { 'content-type': type },
  });
  return { ref: ref as string, put };
}

describe('requested documents handed in by the contact', () => {
  it('gives an upload address, takes the file in as PDF, marks the request UPLOADED and tells the requester', async () => {
    const me = acme.users.MEMBER;
    const id = await requestFor(acme, me.email);
    const { ref, put } = await upload(me, id, pdf);
    expect(put.statusCode).toBe(200);
    expect(ref).toMatch(new RegExp(`^companies/${acme.companyId}/uploads/`));
    const res = await call('POST', '/api/employee-documents', me, { request_id: id, file_ref_id: ref });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: id,
      status: 'UPLOADED',
      file: { name: 'pan.pdf', mime_type: 'application/pdf', page_count: 1 },
    });
    const notes = await t.platform.database.db
      .select()
      .from(appNotifications)
      .where(
        and(
          eq(appNotifications.userId, acme.users.MANAGER.userId),
          eq(appNotifications.companyId, acme.companyId),
        ),
      );
    expect(notes.map((n) => n.event)).toContain('document-request.uploaded');
  });

  it('answers 409 before the bytes arrive and once the request is approved', async () => {
    const me = acme.users.MEMBER;
    const id = await requestFor(acme, me.email, 'Aadhaar');
    const address = await call('POST', `/api/documents/${id}/upload-url`, me, {
      file_name: 'a.pdf',
      content_type: 'application/pdf',
      size: 1000,
    });
    const early = await call('POST', '/api/employee-documents', me, {
      request_id: id,
      file_ref_id: address.json().data.file_ref_id,
    });
    expect(early.statusCode).toBe(409);
    await t.platform.database.db
      .update(documentRequests)
      .set({ status: 'APPROVED' })
      .where(eq(documentRequests.id, id));
    const closed = await call('POST', `/api/documents/${id}/upload-url`, me, {
      file_name: 'a.pdf',
      content_type: 'application/pdf',
      size: 1000,
    });
    expect(closed.statusCode).toBe(409);
  });

  it("answers 404 to someone the request is not for, another company, and for another person's upload", async () => {
    const id = await requestFor(acme, uniqueEmail('stranger'));
    const body = { file_name: 'a.pdf', content_type: 'application/pdf', size: 100 };
    expect((await call('POST', `/api/documents/${id}/upload-url`, acme.users.MEMBER, body)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/documents/${id}/upload-url`, other.users.OWNER, body)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/documents/not-an-id/upload-url', acme.users.MEMBER, body)).statusCode,
    ).toBe(404);
    // Staff with request-documents:update may hand a document in for the contact.
    const staff = await upload(acme.users.MANAGER, id, pdf);
    const mine = await requestFor(acme, acme.users.MEMBER.email, 'Voter ID');
    const stolen = await call('POST', '/api/employee-documents', acme.users.MEMBER, {
      request_id: mine,
      file_ref_id: staff.ref,
    });
    expect(stolen.statusCode).toBe(404);
    const foreign = await call('POST', '/api/employee-documents', other.users.OWNER, {
      request_id: id,
      file_ref_id: staff.ref,
    });
    expect(foreign.statusCode).toBe(404);
    const done = await call('POST', '/api/employee-documents', acme.users.MANAGER, {
      request_id: id,
      file_ref_id: staff.ref,
    });
    expect(done.json().data.status).toBe('UPLOADED');
  });

  it('answers 422 for a bad type or size, and for a damaged file', async () => {
    const me = acme.users.MEMBER;
    const id = await requestFor(acme, me.email, 'Sale deed');
    const bad = await call('POST', `/api/documents/${id}/upload-url`, me, {
      file_name: 'x.exe',
      content_type: 'application/x-msdownload',
      size: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['content_type', 'size']);
    const huge = await call('POST', `/api/documents/${id}/upload-url`, me, {
      file_name: 'x.pdf',
      content_type: 'application/pdf',
      size: 51 * 1024 * 1024,
    });
    expect(keysOf(huge)).toEqual(['size']);
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj << broken');
    const { ref, put } = await upload(me, id, damaged);
    expect(put.statusCode).toBe(200);
    const res = await call('POST', '/api/employee-documents', me, { request_id: id, file_ref_id: ref });
    expect(res.statusCode).toBe(422);
    const [row] = await t.platform.database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.id, id));
    expect(row!.status).toBe('REQUESTED');
  });
});

describe('document categories and groups', () => {
  it("counts the card types of the requests: all for staff, the caller's own for others", async () => {
    const company = await seedCompany(t, { name: 'Categories' });
    await requestFor(company, company.users.MEMBER.email, 'PAN card');
    await requestFor(company, uniqueEmail(), 'PAN card');
    await requestFor(company, uniqueEmail(), 'Aadhaar');
    const staff = await call('GET', `/api/documents/categories/${company.companyId}`, company.users.MANAGER);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toEqual([
      { name: 'Aadhaar', total: 1, requested: 1, uploaded: 0, approved: 0, rejected: 0 },
      { name: 'PAN card', total: 2, requested: 2, uploaded: 0, approved: 0, rejected: 0 },
    ]);
    const member = await call('GET', `/api/documents/categories/${company.companyId}`, company.users.MEMBER);
    expect(member.json().data).toEqual([expect.objectContaining({ name: 'PAN card', total: 1 })]);
    const foreign = await call('GET', `/api/documents/categories/${company.companyId}`, other.users.OWNER);
    expect(foreign.statusCode).toBe(404);
  });

  it('groups the sent documents by template, one-off ones together', async () => {
    const company = await seedCompany(t, { name: 'Groups' });
    const owner = company.users.OWNER;
    let tpl: TConfigurableDocument = await createDocument(t, owner, company.companyId, {
      isTemplate: true,
      name: 'NDA',
    });
    tpl = await saveLayout(t, owner, tpl, {
      fields: [signatureField('s', 'r')],
      document_users: [{ key: 'r', role_name: 'Party', user_type: 'SIGNER', signing_order: 1 }],
    });
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/document-templates/documents/send-template', owner, {
        configurable_document_id: tpl._id,
        document_users: [{ key: 'r', email: uniqueEmail(), first_name: 'P', last_name: 'Q' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const oneOff = await createDocument(t, owner, company.companyId);
    await saveLayout(t, owner, oneOff, {
      fields: [signatureField('s', 'r')],
      document_users: [
        { key: 'r', email: uniqueEmail(), first_name: 'A', last_name: 'B', user_type: 'SIGNER' },
      ],
    });
    await call('POST', '/api/company-documents/documents/send', owner, {
      configurable_document_id: oneOff._id,
    });
    await createDocument(t, owner, company.companyId); // a draft: not counted

    const res = await call('GET', `/api/documents/groups/${company.companyId}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        template_id: tpl._id,
        name: 'NDA',
        total: 2,
        waiting: 2,
        completed: 0,
        other: 0,
      }),
      expect.objectContaining({ template_id: null, name: 'One-off documents', total: 1, waiting: 1 }),
    ]);
    const member = await call('GET', `/api/documents/groups/${company.companyId}`, company.users.MEMBER);
    expect(member.json().data).toEqual([]);
    const foreign = await call('GET', `/api/documents/groups/${company.companyId}`, other.users.OWNER);
    expect(foreign.statusCode).toBe(404);
  });
});
