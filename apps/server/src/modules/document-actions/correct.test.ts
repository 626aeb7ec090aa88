import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs } from '../documents/schema';
import {
  caller,
  createDocument,
  mailsTo,
  signatureField,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { linkHeaders, signerCaller, waitForSeal } from '../signing/test-helpers';
import { keep, okCall, sendToSigners, signAs } from './test-helpers';

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

const signingMails = async (email: string, documentId: string) =>
  (await mailsTo(t, email)).filter(
    (m) => m.kind === 'document.sent' && signingLinkOf(m.html)?.documentId === documentId,
  );

describe('correct', () => {
  it('adds a signer who then signs; finished recipients keep their signature; the document completes', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 2 });
    await signAs(t, emails[0]!, doc._id, 'sig1');
    const oldLink = await linkHeaders(t, emails[1]!, doc._id);
    const added = uniqueEmail('added');
    const corrected = await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: [
        ...keep(doc),
        {
          key: 'new1',
          email: added,
          first_name: 'Nora',
          last_name: 'New',
          user_type: 'SIGNER',
          signing_order: 3,
        },
      ],
      fields: [...doc.fields, signatureField('sig_new', 'new1', { y: 400 })],
    });
    expect(corrected.status).toBe('WAITING');
    expect(corrected.document_users.map((u) => [u.email, u.status])).toEqual([
      [emails[0], 'SIGNED'],
      [emails[1], 'SENT'],
      [added, 'SENT'],
    ]);
    // The pending signer was sent the document again with a new link; the first one still works
    // (same person: only an email change ends a recipient's links).
    expect(await signingMails(emails[1]!, doc._id)).toHaveLength(2);
    const first = await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, oldLink);
    expect(first.statusCode).toBe(200);
    await signAs(t, emails[1]!, doc._id, 'sig2');
    await signAs(t, added, doc._id, 'sig_new');
    const seal = await waitForSeal(t, doc._id);
    expect(seal.status).toBe('DONE');
    const logs = await t.platform.database.db
      .select({ action: documentLogs.action, details: documentLogs.details })
      .from(documentLogs)
      .where(eq(documentLogs.employeeDocumentId, doc._id));
    const entry = logs.find((l) => l.action === 'document.corrected');
    expect(entry?.details).toMatchObject({ added: [{ email: added, user_type: 'SIGNER', order: 3 }] });
  });

  it('changes a pending email (new link, old one dead), removes a pending signer and completes when nobody is left', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 3 });
    await signAs(t, emails[0]!, doc._id, 'sig1');
    const oldLink = await linkHeaders(t, emails[1]!, doc._id);
    const moved = uniqueEmail('moved');
    const [first, second] = keep(doc);
    const corrected = await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: [first, { ...second, email: moved.toUpperCase() }],
      fields: doc.fields.filter((f) => f.recipient_key !== 's3'),
    });
    expect(corrected.document_users.map((u) => u.email)).toEqual([emails[0], moved]);
    expect((await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, oldLink)).statusCode).toBe(401);
    await signAs(t, moved, doc._id, 'sig2');
    expect((await waitForSeal(t, doc._id)).status).toBe('DONE');
  });

  it('with a signing order: moving a signer later takes their link until their turn', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, {
      count: 2,
      signingOrder: true,
    });
    const [first, second] = keep(doc);
    const swapped = await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: [
        { ...first, signing_order: 2 },
        { ...second, signing_order: 1 },
      ],
    });
    const status = Object.fromEntries(swapped.document_users.map((u) => [u.email, u.status]));
    expect(status).toEqual({ [emails[0]!]: 'PENDING', [emails[1]!]: 'SENT' });
    await signAs(t, emails[1]!, doc._id, 'sig2');
    await signAs(t, emails[0]!, doc._id, 'sig1');
    expect((await waitForSeal(t, doc._id)).status).toBe('DONE');
  });

  it('removing the last pending signer completes the document at once', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 2 });
    await signAs(t, emails[0]!, doc._id, 'sig1');
    await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: keep(doc).slice(0, 1),
    });
    // Being sealed (or sealed already): too late to bring someone back.
    const late = await call('POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: keep(doc),
    });
    expect(late.statusCode).toBe(409);
    expect((await waitForSeal(t, doc._id)).status).toBe('DONE');
  });

  it('refuses to change or remove a finished recipient or their fields (422) and checks like a send', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 2 });
    await signAs(t, emails[0]!, doc._id, 'sig1');
    const [first, second] = keep(doc);
    const cases: [object, string][] = [
      [{ document_users: [{ ...first, first_name: 'Changed' }, second] }, 'document_users.0'],
      [{ document_users: [second] }, 'document_users'],
      [{ document_users: [first, second], fields: doc.fields.filter((f) => f.key !== 'sig1') }, 'fields'],
      [{ document_users: [first, { ...second, email: 'not-an-email' }] }, 'document_users.1.email'],
      [{ document_users: [first, { ...second, email: first!.email }] }, 'document_users.1.email'],
      [
        { document_users: [first, second, { email: uniqueEmail(), first_name: 'No', user_type: 'SIGNER' }] },
        'document_users.2.fields',
      ],
      [{ document_users: [first, { ...second, _id: crypto.randomUUID() }] }, 'document_users.1._id'],
      [{ document_users: [] }, 'document_users'],
      [{ document_users: 'x' }, 'document_users'],
      [
        { document_users: [first, second], settings: { expire_after_days: 'soon' } },
        'settings.expire_after_days',
      ],
    ];
    for (const [body, key] of cases) {
      const res = await call('POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.details.map((d: { key: string }) => d.key)).toContain(key);
    }
  });

  it('answers 409 for a finished document, 404 for a foreign one, 403 without the permission', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const body = { document_users: keep(doc) };
    expect(
      (await call('POST', `/api/documents/${doc._id}/correct`, other.users.OWNER, body)).statusCode,
    ).toBe(404);
    const { doc: own } = await sendToSigners(t, acme.users.MEMBER, acme.companyId, { count: 1 });
    const member = await call('POST', `/api/documents/${own._id}/correct`, acme.users.MEMBER, {
      document_users: keep(own),
    });
    expect(member.statusCode).toBe(403);
    await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, { reason: 'Done' });
    const late = await call('POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Only a document that is out for signature can be corrected');
  });
});

describe('add recipients', () => {
  it('adds a due signer to a sent document and mails only them', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const added = uniqueEmail('late');
    const updated = await okCall(t, 'POST', `/api/documents/${doc._id}/document-users`, acme.users.OWNER, {
      document_users: [{ key: 'late', email: added, first_name: 'Lata' }],
      fields: [signatureField('sig_late', 'late', { y: 500 })],
    });
    expect(updated.document_users.map((u) => [u.email, u.status])).toEqual([
      [emails[0], 'SENT'],
      [added, 'SENT'],
    ]);
    expect(await signingMails(emails[0]!, doc._id)).toHaveLength(1);
    expect(await signingMails(added, doc._id)).toHaveLength(1);
    const noField = await call('POST', `/api/documents/${doc._id}/document-users`, acme.users.OWNER, {
      document_users: [{ email: uniqueEmail(), first_name: 'Solo' }],
    });
    expect(noField.statusCode).toBe(422);
    expect(noField.json().errors.details[0].key).toBe('document_users.0.fields');
    const dup = await call('POST', `/api/documents/${doc._id}/document-users`, acme.users.OWNER, {
      document_users: [{ email: added, first_name: 'Again', user_type: 'VIEWER' }],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.details[0].key).toBe('document_users.0.email');
  });

  it('adds recipients to a draft layout; refuses a finished document and bad emails', async () => {
    const layout = await createDocument(t, acme.users.OWNER, acme.companyId);
    const email = uniqueEmail('draft');
    await okCall(
      t,
      'POST',
      `/api/documents/${layout.employee_document_id}/document-users`,
      acme.users.OWNER,
      {
        document_users: [{ email, first_name: 'Dora', user_type: 'APPROVER', signing_order: 2 }],
      },
    );
    const read = await okCall<{ document_users: { email: string; user_type: string }[] }>(
      t,
      'GET',
      `/api/configurable-documents/${layout._id}`,
      acme.users.OWNER,
    );
    expect(read.document_users).toEqual([expect.objectContaining({ email, user_type: 'APPROVER' })]);
    const bad = await call(
      'POST',
      `/api/documents/${layout.employee_document_id}/document-users`,
      acme.users.OWNER,
      {
        document_users: [{ email: 'nope' }, { email }],
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details.map((d: { key: string }) => d.key)).toEqual([
      'document_users.0.email',
      'document_users.1.email',
    ]);
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.OWNER, { reason: 'x' });
    const late = await call('POST', `/api/documents/${doc._id}/document-users`, acme.users.OWNER, {
      document_users: [{ email: uniqueEmail() }],
    });
    expect(late.statusCode).toBe(409);
    const member = await call('POST', `/api/documents/${doc._id}/document-users`, acme.users.MEMBER, {
      document_users: [{ email: uniqueEmail() }],
    });
    expect(member.statusCode).toBe(403);
  });
});
