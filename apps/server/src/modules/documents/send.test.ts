import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TConfigurableDocument, TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import { emailLogs } from '../../platform/mail/schema';
import { contacts } from '../contacts/schema';
import { verifyDocumentLog } from './document-logs';
import { documentLogs, employeeDocuments } from './schema';
import {
  caller,
  createDocument,
  keysOf,
  mailsTo,
  recipientsOf,
  saveLayout,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
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

/** A one-off document of Acme's OWNER, laid out for two signers. */
async function readyDocument(
  emails: [string, string] = [uniqueEmail('a'), uniqueEmail('b')],
  settings: object = {},
): Promise<TConfigurableDocument> {
  const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
  return saveLayout(t, acme.users.OWNER, doc, {
    fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2', { page: 2 })],
    document_users: [signer('r1', emails[0]), signer('r2', emails[1])],
    settings,
  });
}

describe('POST /company-documents/documents/send', () => {
  it('sends the DRAFT: WAITING, own PDF copy, recipients SENT with a working mailed link, contacts, logs', async () => {
    const emails: [string, string] = [uniqueEmail('alice'), uniqueEmail('bob')];
    const doc = await readyDocument(emails, {
      expire_after_days: 10,
      email_subject: 'Please sign the lease',
    });
    const realtime = vi.spyOn(t.platform.realtime, 'emitToWorkspace');
    const res = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data as TEmployeeDocument;
    expect(realtime).toHaveBeenCalledWith(
      acme.companyId,
      'document.sent',
      expect.objectContaining({ document_id: sent._id, status: 'WAITING' }),
    );
    realtime.mockRestore();
    expect(sent._id).toBe(doc.employee_document_id);
    expect(sent.status).toBe('WAITING');
    expect(sent.file.file_ref_id).not.toBe(doc.file.file_ref_id);
    expect(sent.file.file_ref_id.startsWith(`companies/${acme.companyId}/documents/`)).toBe(true);
    expect(sent.file.sha256).toBe(doc.file.sha256);
    expect(await t.platform.storage.head(sent.file.file_ref_id)).not.toBeNull();
    const days = (Date.parse(sent.expires_at!) - Date.parse(sent.sent_at!)) / 86_400_000;
    expect(days).toBeCloseTo(10, 5);
    expect(sent.document_users.map((u) => [u.email, u.status, u.type])).toEqual([
      [emails[0], 'SENT', 'RECEIVER'],
      [emails[1], 'SENT', 'RECEIVER'],
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/secret|token/i);

    const rows = await recipientsOf(t, sent._id);
    for (const [i, email] of emails.entries()) {
      const [mail] = await mailsTo(t, email);
      expect(mail?.subject).toBe('Please sign the lease');
      expect(mail?.kind).toBe('document.sent');
      expect(mail?.companyId).toBe(acme.companyId);
      expect(mail?.html).toContain('Review and sign');
      const link = signingLinkOf(mail!.html);
      expect(link).toMatchObject({ documentId: sent._id, userId: rows[i]!.id });
      expect(mail!.html).toContain(
        `http://localhost:3000/emp-documents/preview/${sent._id}/pp/vp/${rows[i]!.id}?token=`,
      );
      // The token is a >=128-bit secret whose keyed hash is what the database holds.
      expect(Buffer.from(link!.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(rows[i]!.secretHash).toBe(keyedHash(link!.token, t.config.secrets.jwtSecret));
      expect(rows[i]!.secretHash).not.toContain(link!.token);
      // Recipients become contacts of the company.
      const [contact] = await t.platform.database.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, acme.companyId), eq(contacts.email, email)));
      expect(rows[i]!.contactId).toBe(contact?.id);
    }

    const chain = await verifyDocumentLog(t.platform.database.db, sent._id);
    expect(chain).toEqual({ ok: true, rows: 3, brokenAt: null });
    const actions = await t.platform.database.db
      .select({ action: documentLogs.action })
      .from(documentLogs)
      .where(eq(documentLogs.employeeDocumentId, sent._id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'document.sent',
      'recipient.notified',
      'recipient.notified',
    ]);
  });

  it('detects a tampered log row', async () => {
    const doc = await readyDocument();
    const res = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    const id = res.json().data._id as string;
    await t.platform.database.db
      .update(documentLogs)
      .set({ details: { forged: true } })
      .where(and(eq(documentLogs.employeeDocumentId, id), eq(documentLogs.seq, 2)));
    expect(await verifyDocumentLog(t.platform.database.db, id)).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('is idempotent: the same send_key twice gives one document and one set of mails', async () => {
    const emails: [string, string] = [uniqueEmail('idem'), uniqueEmail('idem')];
    const doc = await readyDocument(emails);
    const body = { configurable_document_id: doc._id, send_key: `key-${doc._id}` };
    const first = await call('POST', '/api/document-templates/documents/send', acme.users.OWNER, body);
    const second = await call('POST', '/api/document-templates/documents/send', acme.users.OWNER, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data._id).toBe(first.json().data._id);
    for (const email of emails) expect(await mailsTo(t, email)).toHaveLength(1);
    const docs = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.sendKey, body.send_key));
    expect(docs).toHaveLength(1);
    expect(await recipientsOf(t, first.json().data._id)).toHaveLength(2);

    // Without the key, sending a sent document again is refused.
    const again = await call('POST', '/api/document-templates/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(again.statusCode).toBe(409);
    // Concurrent sends with one key: still one document.
    const doc2 = await readyDocument();
    const key = `key-${doc2._id}`;
    const both = await Promise.all([
      call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
        configurable_document_id: doc2._id,
        send_key: key,
      }),
      call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
        configurable_document_id: doc2._id,
        send_key: key,
      }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0].json().data._id).toBe(both[1].json().data._id);
    expect(await recipientsOf(t, both[0].json().data._id)).toHaveLength(2);
  });

  it('follows the signing order: only the lowest group is mailed, equal orders in parallel, CC waits', async () => {
    const [a, b, c, cc] = [
      uniqueEmail('first'),
      uniqueEmail('first'),
      uniqueEmail('second'),
      uniqueEmail('cc'),
    ];
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [
        signatureField('f1', 'r1'),
        signatureField('f2', 'r2'),
        signatureField('f3', 'r3', { y: 700 }),
      ],
      document_users: [
        signer('r1', a, { signing_order: 1 }),
        signer('r2', b, { signing_order: 1 }),
        signer('r3', c, { signing_order: 2 }),
        signer('r4', cc, { user_type: 'CC', signing_order: 1 }),
      ],
      settings: { signing_order: true },
    });
    const res = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const statuses = Object.fromEntries(
      (res.json().data as TEmployeeDocument).document_users.map((u) => [u.email, u.status]),
    );
    expect(statuses).toEqual({ [a]: 'SENT', [b]: 'SENT', [c]: 'PENDING', [cc]: 'PENDING' });
    expect(await mailsTo(t, a)).toHaveLength(1);
    expect(await mailsTo(t, b)).toHaveLength(1);
    expect(await mailsTo(t, c)).toHaveLength(0);
    expect(await mailsTo(t, cc)).toHaveLength(0);
  });

  it('without a signing order mails everyone but CC, with the right button per role', async () => {
    const [s, ap, v, cc] = [uniqueEmail('s'), uniqueEmail('ap'), uniqueEmail('v'), uniqueEmail('cc')];
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [
        signer('r1', s, { signing_order: 3 }),
        signer('r2', ap, { user_type: 'APPROVER', signing_order: 2 }),
        signer('r3', v, { user_type: 'VIEWER' }),
        signer('r4', cc, { user_type: 'CC' }),
      ],
    });
    const res = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailsTo(t, s))[0]?.html).toContain('Review and sign');
    expect((await mailsTo(t, ap))[0]?.html).toContain('Review and approve');
    expect((await mailsTo(t, v))[0]?.html).toContain('View document');
    expect(await mailsTo(t, cc)).toHaveLength(0);
  });

  const cases: [string, object, string[]][] = [
    [
      'a field outside its page',
      {
        fields: [signatureField('f1', 'r1', { x: 600, width: 100 })],
        document_users: [signer('r1', 'x1@example.com')],
      },
      ['fields.0.x'],
    ],
    [
      'a recipient without a valid email',
      { fields: [signatureField('f1', 'r1')], document_users: [signer('r1', 'not-an-email')] },
      ['document_users.0.email'],
    ],
    [
      'a duplicate recipient',
      {
        fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2')],
        document_users: [signer('r1', 'dup@example.com'), signer('r2', 'DUP@example.com')],
      },
      ['document_users.1.email'],
    ],
    [
      'a signer with no signature field',
      {
        fields: [signatureField('f1', 'r1'), { ...signatureField('f2', 'r2'), type: 'TEXT' }],
        document_users: [signer('r1', 'one@example.com'), signer('r2', 'two@example.com')],
      },
      ['document_users.1.fields'],
    ],
    [
      'a field of nobody',
      {
        fields: [signatureField('f1', 'r1'), signatureField('f2', 'ghost')],
        document_users: [signer('r1', 'a@example.com')],
      },
      ['fields.1.recipient_key'],
    ],
    ['no recipients', { fields: [], document_users: [] }, ['document_users']],
  ];

  it.each(cases)('refuses %s with 422 keyed by the path, sending nothing', async (_name, layout, keys) => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    // The draft takes what sending refuses (a field off the page is refused at save too: set directly).
    const l = layout as { fields: object[]; document_users: object[] };
    const offPage = keys.includes('fields.0.x');
    if (!offPage) await saveLayout(t, acme.users.OWNER, doc, l as never);
    else {
      const saved = await call('PUT', '/api/document-templates/documents/draft', acme.users.OWNER, {
        configurable_document_id: doc._id,
        name: doc.name,
        settings: doc.settings,
        ...l,
      });
      expect(saved.statusCode).toBe(422);
      expect(keysOf(saved)).toEqual(keys);
      return;
    }
    const before = await t.platform.database.db.select({ id: emailLogs.id }).from(emailLogs);
    const res = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: doc._id,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
    const after = await t.platform.database.db.select({ id: emailLogs.id }).from(emailLogs);
    expect(after.length).toBe(before.length);
    const [draft] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, doc.employee_document_id!));
    expect(draft?.status).toBe('DRAFT');
  });

  it("refuses wrong types, unknown ids and other companies' documents", async () => {
    const wrong = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: 42,
      send_key: 'short',
    });
    expect(wrong.statusCode).toBe(422);
    expect(keysOf(wrong).sort()).toEqual(['configurable_document_id', 'send_key']);
    const unknown = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const garbage = await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
      configurable_document_id: 'not-a-uuid',
    });
    expect(garbage.statusCode).toBe(404);
    const foreign = await readyDocument();
    const res = await call('POST', '/api/company-documents/documents/send', other.users.OWNER, {
      configurable_document_id: foreign._id,
    });
    expect(res.statusCode).toBe(404);
    const anonymous = await call('POST', '/api/company-documents/documents/send', undefined, {
      configurable_document_id: foreign._id,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('needs documents:send (a MEMBER who lost it gets 403)', async () => {
    const { userTypePermissions } = await import('../permissions/schema');
    const company = await seedCompany(t);
    const doc = await createDocument(t, company.users.MEMBER, company.companyId);
    const [row] = await t.platform.database.db
      .select()
      .from(userTypePermissions)
      .where(
        and(eq(userTypePermissions.companyId, company.companyId), eq(userTypePermissions.userType, 'MEMBER')),
      );
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: row!.permissions.filter((p) => p !== 'documents:send') })
      .where(eq(userTypePermissions.id, row!.id));
    const res = await call('POST', '/api/company-documents/documents/send', company.users.MEMBER, {
      configurable_document_id: doc._id,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /documents/{document_id}', () => {
  it('answers the sent document to its sender and to who may see it, 404 to others', async () => {
    const doc = await readyDocument();
    const sent = (
      await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
        configurable_document_id: doc._id,
      })
    ).json().data as TEmployeeDocument;
    const mine = await call('GET', `/api/documents/${sent._id}`, acme.users.OWNER);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      _id: sent._id,
      status: 'WAITING',
      sender: { _id: acme.users.OWNER.userId },
    });
    expect(JSON.stringify(mine.json().data)).not.toMatch(/secret|"representative_password"/);
    // An ADMIN holds documents:view-all; a MEMBER does not and takes no part in it.
    expect((await call('GET', `/api/documents/${sent._id}`, acme.users.ADMIN)).statusCode).toBe(200);
    expect((await call('GET', `/api/documents/${sent._id}`, acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', `/api/documents/${sent._id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/api/documents/nope', acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('POST /document-users/update-primary-details', () => {
  it("corrects a pending recipient's email: new link, old one dead, new mail, logged", async () => {
    const [a, b] = [uniqueEmail('old'), uniqueEmail('other')];
    const doc = await readyDocument([a, b]);
    const sent = (
      await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
        configurable_document_id: doc._id,
      })
    ).json().data as TEmployeeDocument;
    const recipient = sent.document_users.find((u) => u.email === a)!;
    const oldLink = signingLinkOf((await mailsTo(t, a))[0]!.html)!;
    const fresh = uniqueEmail('new');
    const res = await call('POST', '/api/document-users/update-primary-details', acme.users.OWNER, {
      document_id: sent._id,
      user_id: recipient._id,
      email: fresh.toUpperCase(),
      first_name: 'Renamed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = (res.json().data as TEmployeeDocument).document_users.find(
      (u) => u._id === recipient._id,
    );
    expect(updated).toMatchObject({ email: fresh, first_name: 'Renamed', status: 'SENT' });
    const [mail] = await mailsTo(t, fresh);
    const newLink = signingLinkOf(mail!.html)!;
    const [row] = (await recipientsOf(t, sent._id)).filter((r) => r.id === recipient._id);
    expect(row!.secretHash).toBe(keyedHash(newLink.token, t.config.secrets.jwtSecret));
    expect(row!.secretHash).not.toBe(keyedHash(oldLink.token, t.config.secrets.jwtSecret));
    expect(await verifyDocumentLog(t.platform.database.db, sent._id)).toMatchObject({ ok: true });

    const clash = await call('POST', '/api/document-users/update-primary-details', acme.users.OWNER, {
      document_id: sent._id,
      document_user_id: recipient._id,
      email: b,
    });
    expect(clash.statusCode).toBe(422);
    expect(keysOf(clash)).toEqual(['email']);
    const bad = await call('POST', '/api/document-users/update-primary-details', acme.users.OWNER, {
      document_id: sent._id,
      document_user_id: recipient._id,
      email: 'nope',
    });
    expect(keysOf(bad)).toEqual(['email']);
    const foreign = await call('POST', '/api/document-users/update-primary-details', other.users.OWNER, {
      document_id: sent._id,
      document_user_id: recipient._id,
      first_name: 'X',
    });
    expect(foreign.statusCode).toBe(404);
    const member = await call('POST', '/api/document-users/update-primary-details', acme.users.MEMBER, {
      document_id: sent._id,
      document_user_id: recipient._id,
      first_name: 'X',
    });
    expect(member.statusCode).toBe(403);
  });
});
