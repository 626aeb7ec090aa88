import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { settleJobs } from '../notifications/test-helpers';
import { caller, createDocument, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { sendForSigning } from './test-helpers';

/*
 * The document screen's timeline (`/documents/{id}/users/logs`) and preview
 * (`/documents/{id}/preview/{user_id}`) answer whoever the document is listed for: staff who see
 * it, and a member who is one of its recipients other than CC. Nobody else, and never across
 * companies.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let copied: SeededUser;
let bystander: SeededUser;
let doc: TEmployeeDocument;

const logsOf = (id: string) => `/api/documents/${id}/users/logs`;
const previewOf = (id: string, recipientId: string) => `/api/documents/${id}/preview/${recipientId}`;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Views' });
  other = await seedCompany(t, { name: 'Other Views' });
  copied = await seedMember(t, acme.companyId, 'MEMBER', 'copied');
  bystander = await seedMember(t, acme.companyId, 'MEMBER', 'bystander');
  doc = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    name: 'Shared lease',
    document_users: [
      signer('ext', uniqueEmail('ext')),
      signer('member', acme.users.MEMBER.email),
      signer('cc', copied.email, { user_type: 'CC' }),
      // A user of another workspace: the document is not theirs to see from there.
      signer('foreign', other.users.MEMBER.email),
    ],
    fields: [
      signatureField('f1', 'ext'),
      signatureField('f2', 'member', { y: 200 }),
      signatureField('f3', 'foreign', { y: 300 }),
    ],
  });
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const recipientId = (email: string) => doc.document_users.find((u) => u.email === email)!._id;

describe('timeline and preview of a document the caller receives', () => {
  it('answers a member who is a recipient (not CC): the timeline and the preview of any recipient', async () => {
    const member = acme.users.MEMBER;
    const logs = await call('GET', logsOf(doc._id), member);
    expect(logs.statusCode, logs.body).toBe(200);
    const reply = logs.json().data as { chain_ok: boolean; logs: { action: string }[] };
    expect(reply.chain_ok).toBe(true);
    expect(reply.logs.map((l) => l.action)).toContain('document.sent');

    const mine = await call('GET', previewOf(doc._id, recipientId(member.email)), member);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.recipient.email).toBe(member.email);
    const theirs = doc.document_users.find((u) => u.email.startsWith('ext-'))!;
    const ext = await call('GET', previewOf(doc._id, theirs._id), member);
    expect(ext.statusCode, ext.body).toBe(200);
    expect(ext.json().data.recipient.email).toBe(theirs.email);
    // Still a recipient of this document only: an id that is none of its recipients is 404.
    expect((await call('GET', previewOf(doc._id, doc._id), member)).statusCode).toBe(404);
  });

  it('keeps 404 for a CC, a colleague with no part in it, and another company', async () => {
    const someone = recipientId(acme.users.MEMBER.email);
    for (const who of [copied, bystander, other.users.OWNER, other.users.MEMBER]) {
      expect((await call('GET', logsOf(doc._id), who)).statusCode, who.email).toBe(404);
      expect((await call('GET', previewOf(doc._id, someone), who)).statusCode, who.email).toBe(404);
    }
    expect((await call('GET', logsOf(doc._id))).statusCode).toBe(401);
  });

  it('still answers the sender, and still not for a draft', async () => {
    expect((await call('GET', logsOf(doc._id), acme.users.OWNER)).statusCode).toBe(200);
    const draft = await createDocument(t, acme.users.MEMBER, acme.companyId);
    const draftId = draft.employee_document_id!;
    expect((await call('GET', logsOf(draftId), acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', previewOf(draftId, draftId), acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', logsOf('not-a-uuid'), acme.users.MEMBER)).statusCode).toBe(404);
  });
});
