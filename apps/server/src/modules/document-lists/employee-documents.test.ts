import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentListItem, TDocumentRecipients } from '@esigns/contracts/document-lists';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { signatureField, signer } from '../documents/test-helpers';
import { sendForSigning } from '../signing/test-helpers';
import { buildListFixture, type ListFixture } from './fixture';
import { seedDocument } from './test-seed';

let t: TestApp;
let f: ListFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildListFixture(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: SeededUser) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });

async function keys(url: string, who: SeededUser): Promise<string[]> {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as TDocumentListItem[]).map(
    (r) => Object.entries(f.ids).find(([, id]) => id === r._id)?.[0] ?? r.name,
  );
}

describe('GET /employee-documents', () => {
  it('lists the documents addressed to the caller (not CC, not their own sends), by filter', async () => {
    expect(await keys('/api/employee-documents?limit=50', f.member)).toEqual(['d14', 'd2', 'd1']);
    expect(await keys('/api/employee-documents?status=waiting-for-me', f.member)).toEqual(['d1']);
    expect(await keys('/api/employee-documents?status=completed', f.member)).toEqual([]);
    expect(await keys('/api/employee-documents', f.owner)).toEqual([]);
    expect((await get('/api/employee-documents?status=nope', f.member)).statusCode).toBe(422);
    expect((await get('/api/employee-documents')).statusCode).toBe(401);
  });

  it('keeps those the caller signed with signed=true', async () => {
    const signed = await seedDocument(t, f.acme.companyId, f.owner, {
      name: 'Signed by member',
      status: 'COMPLETED',
      recipients: [{ email: f.member.email, user_id: f.member.userId, status: 'SIGNED' }],
    });
    const res = await get('/api/employee-documents?signed=true', f.member);
    expect(res.json().data.data.map((r: TDocumentListItem) => r._id)).toEqual([signed]);
    expect((await get('/api/employee-documents?signed=maybe', f.member)).statusCode).toBe(422);
  });

  it('finds a recipient by email when their row was made before they had a login', async () => {
    const byEmail = await seedDocument(t, f.acme.companyId, f.owner, {
      name: 'Matched by email',
      status: 'WAITING',
      recipients: [{ email: f.bystander.email.toUpperCase(), status: 'SENT' }],
    });
    const res = await get('/api/employee-documents?status=waiting-for-me', f.bystander);
    expect(res.json().data.data.map((r: TDocumentListItem) => r._id)).toEqual([byEmail]);
  });
});

describe('GET /entities/employeeDocuments', () => {
  it("lists a contact's documents by contact id or by email", async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: f.owner.headers,
      payload: { email: 'ext@globex.test', first_name: 'Gina' },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(
      await keys(`/api/entities/employeeDocuments?contact_id=${contact.json().data._id}`, f.owner),
    ).toEqual(['d2']);
    expect(await keys('/api/entities/employeeDocuments?email=A%40initech.test', f.owner)).toEqual(['d3']);
    expect(
      await keys('/api/entities/employeeDocuments?email=a%40initech.test&status=archived', f.owner),
    ).toEqual([]);
    // The member does not see d3.
    expect(await keys('/api/entities/employeeDocuments?email=a%40initech.test', f.member)).toEqual([]);
  });

  it('answers 422 without a contact or with a bad email, 404 for an unknown or foreign contact', async () => {
    const none = await get('/api/entities/employeeDocuments', f.owner);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.details[0].key).toBe('contact_id');
    expect((await get('/api/entities/employeeDocuments?email=nope', f.owner)).statusCode).toBe(422);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: f.other.users.OWNER.headers,
      payload: { email: 'theirs@x.test', first_name: 'T' },
    });
    expect(
      (await get(`/api/entities/employeeDocuments?contact_id=${foreign.json().data._id}`, f.owner))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/entities/employeeDocuments?contact_id=${randomUUID()}`, f.owner)).statusCode,
    ).toBe(404);
    expect((await get('/api/entities/employeeDocuments?contact_id=bad', f.owner)).statusCode).toBe(404);
  });
});

describe('GET /documents/{document_id}/recipients', () => {
  it('answers the recipients of a sent document in order, with status and times, never a secret', async () => {
    const sent = await sendForSigning(t, f.owner, f.acme.companyId, {
      name: 'Sent for recipients',
      settings: { signing_order: true },
      document_users: [
        signer('a', 'first@x.test', { signing_order: 1, representative_password: 'rep-secret-1' }),
        signer('b', 'second@x.test', { signing_order: 2 }),
        signer('c', 'copy@x.test', { user_type: 'CC', signing_order: 3 }),
      ],
      fields: [signatureField('s1', 'a'), signatureField('s2', 'b', { y: 500 })],
    });
    const res = await get(`/api/documents/${sent._id}/recipients`, f.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/rep-secret-1|secret_hash|secretHash|password_hash/);
    const data: TDocumentRecipients = res.json().data;
    expect(data).toMatchObject({
      document: {
        _id: sent._id,
        status: 'WAITING',
        name: 'Sent for recipients',
        progress: { done: 0, required: 2 },
      },
      signing_order: true,
    });
    expect(data.document.actions).toEqual(expect.arrayContaining(['void', 'resend', 'correct']));
    expect(data.recipients.map((r) => [r.email, r.status, r.is_due, r.signing_order])).toEqual([
      ['first@x.test', 'SENT', true, 1],
      ['second@x.test', 'PENDING', false, 2],
      ['copy@x.test', 'PENDING', false, 3],
    ]);
    expect(data.recipients[0]).toMatchObject({
      name: 'A Tester',
      user_type: 'SIGNER',
      has_representative_password: true,
      sent_at: expect.any(String),
      viewed_at: null,
      reminders_sent: 0,
    });
  });

  it("answers a draft's layout recipients to its sender", async () => {
    const res = await get(`/api/documents/${f.ids.d9}/recipients`, f.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      document: { status: 'DRAFT', actions: expect.arrayContaining(['discard']) },
      recipients: [
        { _id: 'r0', email: 'draftee@initech.test', name: 'Zed', status: 'PENDING', is_due: false },
      ],
    });
  });

  it('answers 404 to whoever does not see the document, and for unknown or foreign ids', async () => {
    expect((await get(`/api/documents/${f.ids.d3}/recipients`, f.member)).statusCode).toBe(404);
    expect((await get(`/api/documents/${f.ids.d13}/recipients`, f.member)).statusCode).toBe(404);
    expect((await get(`/api/documents/${f.ids.d10}/recipients`, f.owner)).statusCode).toBe(404);
    expect((await get(`/api/documents/${f.ids.d1}/recipients`, f.other.users.OWNER)).statusCode).toBe(404);
    expect((await get(`/api/documents/${randomUUID()}/recipients`, f.owner)).statusCode).toBe(404);
    expect((await get('/api/documents/x/recipients', f.owner)).statusCode).toBe(404);
    expect((await get(`/api/documents/${f.ids.d1}/recipients`)).statusCode).toBe(401);
    // A recipient (not CC) sees it.
    expect((await get(`/api/documents/${f.ids.d1}/recipients`, f.member)).statusCode).toBe(200);
  });
});
