import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAppNotification } from '@esigns/contracts/notifications';
import type { TESignRecord } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { settleJobs } from '../notifications/test-helpers';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import {
  caller,
  mailsTo,
  recipientsOf,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { documentSeals } from '../signing/schema';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller } from '../signing/test-helpers';
import { runReminderSweep } from './sweep';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let as: ReturnType<typeof signerCaller>;
const DAY = 86_400_000;
const db = () => t.platform.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  as = signerCaller(t);
  acme = await seedCompany(t, { name: 'Acme Sweeps' });
  other = await seedCompany(t, { name: 'Other Sweeps' });
});
afterAll(async () => {
  // Let the mail and push jobs this file queued finish before the database closes.
  await settleJobs(t);
  await t.close();
});

/** The sweep for acme's documents at `days` after the document was sent. */
const sweepAt = (sentAt: Date, days: number, companyId = acme.companyId) =>
  runReminderSweep(t.platform, { now: new Date(sentAt.getTime() + days * DAY), companyId });

async function sentAtOf(documentId: string): Promise<Date> {
  const [row] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, documentId));
  return row!.sentAt!;
}

const mailsOfKind = async (email: string, kind: string) =>
  (await mailsTo(t, email)).filter((m) => m.kind === kind);

async function logCount(documentId: string, action: string): Promise<number> {
  const rows = await db()
    .select({ id: documentLogs.id })
    .from(documentLogs)
    .where(and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.action, action)));
  return rows.length;
}

async function notices(who: SeededUser, documentId: string): Promise<TAppNotification[]> {
  const res = await call('GET', '/api/app-notifications/fetchAllAppNotifications?limit=100', who);
  return (res.json().data.data as TAppNotification[]).filter((n) => n.data.document_id === documentId);
}

describe('reminders', () => {
  const emails = { s: uniqueEmail('s'), a: uniqueEmail('a'), v: uniqueEmail('v'), cc: uniqueEmail('cc') };
  let documentId: string;
  let sentAt: Date;

  beforeAll(async () => {
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Remind me',
      settings: { expire_after_days: null, reminder_every_days: 2, warn_before_expiry_days: 0 },
      document_users: [
        signer('s', emails.s),
        signer('a', emails.a, { user_type: 'APPROVER' }),
        signer('v', emails.v, { user_type: 'VIEWER' }),
        signer('cc', emails.cc, { user_type: 'CC' }),
      ],
      fields: [signatureField('f1', 's')],
    });
    documentId = sent._id;
    sentAt = await sentAtOf(documentId);
  });

  it('reminds pending signers and approvers every N days, never viewers or CC, once per due date', async () => {
    const oldLink = await linkHeaders(t, emails.s, documentId);
    expect(await sweepAt(sentAt, 1)).toMatchObject({ reminded: 0, expired: 0, warned: 0 });

    const due = await sweepAt(sentAt, 2.01);
    expect(due).toMatchObject({ reminded: 2, reminded_documents: 1 });
    expect(await sweepAt(sentAt, 2.01)).toMatchObject({ reminded: 0 });
    expect(await sweepAt(sentAt, 3.5)).toMatchObject({ reminded: 0 });
    for (const email of [emails.s, emails.a])
      expect(await mailsOfKind(email, 'document.reminder')).toHaveLength(1);
    for (const email of [emails.v, emails.cc])
      expect(await mailsOfKind(email, 'document.reminder')).toHaveLength(0);

    // The reminder carries a fresh, working link; the first mail's link keeps working too.
    const [mail] = await mailsOfKind(emails.s, 'document.reminder');
    expect(mail!.subject).toBe('Reminder: Owner Tester is waiting for you to sign "Remind me"');
    const link = signingLinkOf(mail!.html)!;
    const fresh = { documentid: link.documentId, userid: link.userId, password: link.token };
    const record = await as('GET', `/api/e-signs/${documentId}`, fresh);
    expect(record.statusCode, record.body).toBe(200);
    expect((await as('GET', `/api/e-signs/${documentId}`, oldLink)).statusCode).toBe(200);

    expect(await sweepAt(sentAt, 4.02)).toMatchObject({ reminded: 2 });
    const rows = await recipientsOf(t, documentId);
    expect(rows.map((r) => [r.key, r.remindersSent])).toEqual([
      ['s', 2],
      ['a', 2],
      ['v', 0],
      ['cc', 0],
    ]);
    expect(await logCount(documentId, 'recipient.reminded')).toBe(4);
    const told = await notices(acme.users.OWNER, documentId);
    expect(told.filter((n) => n.event === 'document.reminders_sent')).toHaveLength(2);
    expect(told[0]!.body).toBe(`Reminded: ${emails.s}, ${emails.a}`);

    // Each reminder adds a link: the newest one works, and so do the earlier ones.
    const [newest] = await mailsOfKind(emails.s, 'document.reminder');
    const latest = signingLinkOf(newest!.html)!;
    const latestHeaders = { documentid: latest.documentId, userid: latest.userId, password: latest.token };
    expect((await as('GET', `/api/e-signs/${documentId}`, fresh)).statusCode).toBe(200);

    // Once the signer finished, only the approver is left to remind.
    const done = await as('POST', `/api/documents/${documentId}/finish`, latestHeaders, {
      values: { f1: pngDataUrl() },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await sweepAt(sentAt, 6.03)).toMatchObject({ reminded: 1 });
    expect(await mailsOfKind(emails.s, 'document.reminder')).toHaveLength(2);
    expect(await mailsOfKind(emails.a, 'document.reminder')).toHaveLength(3);
  });

  it('leaves recipients whose signing-order turn has not come alone', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      settings: { signing_order: true, expire_after_days: null, reminder_every_days: 1 },
      document_users: [signer('r1', first, { signing_order: 1 }), signer('r2', second, { signing_order: 2 })],
      fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2')],
    });
    const at = await sentAtOf(sent._id);
    expect(await sweepAt(at, 1.01)).toMatchObject({ reminded: 1 });
    expect(await mailsOfKind(first, 'document.reminder')).toHaveLength(1);
    expect(await mailsOfKind(second, 'document.reminder')).toHaveLength(0);
  });

  it('two sweeps at once send one reminder per recipient', async () => {
    const people = [uniqueEmail('c1'), uniqueEmail('c2'), uniqueEmail('c3')];
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      settings: { expire_after_days: null, reminder_every_days: 3 },
      document_users: people.map((email, i) => signer(`r${i}`, email)),
      fields: people.map((_, i) => signatureField(`f${i}`, `r${i}`, { y: 100 + i * 60 })),
    });
    const now = new Date((await sentAtOf(sent._id)).getTime() + 3.1 * DAY);
    const results = await Promise.all([
      runReminderSweep(t.platform, { now, companyId: acme.companyId }),
      runReminderSweep(t.platform, { now, companyId: acme.companyId }),
      runReminderSweep(t.platform, { now: new Date(now.getTime() + 1000), companyId: acme.companyId }),
    ]);
    // Other documents of the company may be due too: count this one's mails.
    expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBeGreaterThanOrEqual(3);
    for (const email of people) expect(await mailsOfKind(email, 'document.reminder')).toHaveLength(1);
    expect(await logCount(sent._id, 'recipient.reminded')).toBe(3);
  });
});

describe('expiry', () => {
  it('warns once before the expiry, then expires the document for good', async () => {
    const owner = acme.users.OWNER;
    const email = uniqueEmail('late');
    const sent = await sendForSigning(t, owner, acme.companyId, {
      name: 'Deadline',
      settings: { expire_after_days: 5, reminder_every_days: null, warn_before_expiry_days: 2 },
      document_users: [signer('r1', email), signer('cc', uniqueEmail('cc'), { user_type: 'CC' })],
      fields: [signatureField('f1', 'r1')],
    });
    const at = await sentAtOf(sent._id);
    expect(await sweepAt(at, 2.9)).toMatchObject({ warned: 0 });

    expect(await sweepAt(at, 3.1)).toMatchObject({ warned: 1, expired: 0 });
    expect(await sweepAt(at, 3.2)).toMatchObject({ warned: 0 });
    expect(await sweepAt(at, 4.9)).toMatchObject({ warned: 0 });
    const [warning] = await mailsOfKind(email, 'document.expiry-warning');
    expect(warning!.subject).toMatch(/^"Deadline" expires on \d{2}-\d{2}-\d{4} \(UTC\): please sign it$/);
    expect(signingLinkOf(warning!.html)).not.toBeNull();
    const senderMails = await mailsOfKind(owner.email, 'document.expiring');
    expect(senderMails.filter((m) => m.subject.includes('"Deadline"'))).toHaveLength(1);
    const expiring = (await notices(owner, sent._id)).filter((n) => n.event === 'document.expiring');
    expect(expiring.map((n) => n.title)).toEqual(['"Deadline" expires in 2 days']);
    expect(await logCount(sent._id, 'document.expiry_warned')).toBe(1);

    const emit = vi.spyOn(t.platform.realtime, 'emitToWorkspace');
    try {
      expect(await sweepAt(at, 5.01)).toMatchObject({ expired: 1 });
      expect(emit).toHaveBeenCalledWith(acme.companyId, 'document.expired', {
        document_id: sent._id,
        name: 'Deadline',
        status: 'EXPIRED',
      });
    } finally {
      emit.mockRestore();
    }
    expect(await sweepAt(at, 6)).toMatchObject({ expired: 0, warned: 0 });
    const [row] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, sent._id));
    expect(row!.status).toBe('EXPIRED');
    expect(await logCount(sent._id, 'document.expired')).toBe(1);
    expect(
      (await mailsOfKind(owner.email, 'document.expired')).filter((m) => m.subject === '"Deadline" expired'),
    ).toHaveLength(1);
    const expired = (await notices(owner, sent._id)).filter((n) => n.event === 'document.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.body).toContain('1 recipient left');

    // The signer's latest link now lands on the expired page (the record says EXPIRED, actions 409).
    const link = signingLinkOf(warning!.html)!;
    const headers = { documentid: link.documentId, userid: link.userId, password: link.token };
    const record = (await as('GET', `/api/e-signs/${sent._id}`, headers)).json().data as TESignRecord;
    expect(record.blocked).toBe('EXPIRED');
    const finish = await as('POST', `/api/documents/${sent._id}/finish`, headers, { values: {} });
    expect(finish.statusCode).toBe(409);
    expect(finish.json().error_code).toBe('EXPIRED');
  });

  it('warns again when the expiry moved later, and never expires a document being sealed', async () => {
    const email = uniqueEmail('moved');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      settings: { expire_after_days: 4, reminder_every_days: null, warn_before_expiry_days: 1 },
      document_users: [signer('r1', email)],
      fields: [signatureField('f1', 'r1')],
    });
    const at = await sentAtOf(sent._id);
    expect(await sweepAt(at, 3.5)).toMatchObject({ warned: 1 });
    await db()
      .update(employeeDocuments)
      .set({ expiresAt: new Date(at.getTime() + 10 * DAY) })
      .where(eq(employeeDocuments.id, sent._id));
    expect(await sweepAt(at, 8)).toMatchObject({ warned: 0 });
    expect(await sweepAt(at, 9.5)).toMatchObject({ warned: 1 });
    expect(await mailsOfKind(email, 'document.expiry-warning')).toHaveLength(2);

    // Everyone finished and the seal is queued: the document completes, it does not expire.
    await db().insert(documentSeals).values({ employeeDocumentId: sent._id, companyId: acme.companyId });
    await db()
      .update(documentUsers)
      .set({ status: 'SIGNED' })
      .where(eq(documentUsers.employeeDocumentId, sent._id));
    expect(await sweepAt(at, 11)).toMatchObject({ expired: 0 });
    const [row] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, sent._id));
    expect(row!.status).toBe('WAITING');
  });

  it('two sweeps at once expire each document once, with one log row and one mail', async () => {
    const owner = acme.users.ADMIN;
    const people = [uniqueEmail('race1'), uniqueEmail('race2')];
    const docs = await Promise.all(
      people.map((email, i) =>
        sendForSigning(t, owner, acme.companyId, {
          name: `Race ${i + 1}`,
          settings: { expire_after_days: 1, reminder_every_days: 1, warn_before_expiry_days: 0 },
          document_users: [signer('r1', email)],
          fields: [signatureField('f1', 'r1')],
        }),
      ),
    );
    const now = new Date(Date.now() + 2 * DAY);
    const results = await Promise.all([
      runReminderSweep(t.platform, { now, companyId: acme.companyId }),
      runReminderSweep(t.platform, { now, companyId: acme.companyId }),
    ]);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(2);
    // Expired documents are not reminded.
    for (const email of people) expect(await mailsOfKind(email, 'document.reminder')).toHaveLength(0);
    for (const doc of docs) expect(await logCount(doc._id, 'document.expired')).toBe(1);
    const mails = await mailsOfKind(owner.email, 'document.expired');
    expect(mails.map((m) => m.subject).sort()).toEqual(['"Race 1" expired', '"Race 2" expired']);
  });

  it('a sweep for one company leaves the others alone', async () => {
    const sent = await sendForSigning(t, other.users.OWNER, other.companyId, {
      settings: { expire_after_days: 1 },
      document_users: [signer('r1', uniqueEmail('elsewhere'))],
      fields: [signatureField('f1', 'r1')],
    });
    const at = await sentAtOf(sent._id);
    expect(await sweepAt(at, 3)).toMatchObject({ expired: 0 });
    expect(await sweepAt(at, 3, other.companyId)).toMatchObject({ expired: 1 });
  });
});
