import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXPIRATIONS_REMINDERS } from '@esigns/contracts/settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { settleJobs } from '../notifications/test-helpers';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { employeeDocuments } from '../documents/schema';
import { caller, createDocument, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { sendForSigning } from '../signing/test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Settings' });
  other = await seedCompany(t, { name: 'Other Settings' });
});
afterAll(async () => {
  // Let the mail and push jobs this file queued finish before the database closes.
  await settleJobs(t);
  await t.close();
});

const OWNER_DEFAULTS = {
  expire_documents: true,
  expire_after_days: 14,
  send_reminders: true,
  reminder_every_days: 5,
  warn_before_expiry_days: 3,
};

describe('expiry and reminder settings', () => {
  it('company defaults: the product defaults until the owner saves theirs', async () => {
    const before = await call('GET', '/api/document-settings/default', acme.users.MEMBER);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      ...DEFAULT_EXPIRATIONS_REMINDERS,
      source: 'PRODUCT',
      document_settings: { expire_after_days: 30, reminder_every_days: 3, warn_before_expiry_days: 2 },
    });
    const saved = await call('POST', '/api/expirations-reminders', acme.users.OWNER, OWNER_DEFAULTS);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await call('GET', '/api/document-settings/default', acme.users.MEMBER);
    expect(after.json().data).toEqual({
      ...OWNER_DEFAULTS,
      source: 'COMPANY',
      document_settings: { expire_after_days: 14, reminder_every_days: 5, warn_before_expiry_days: 3 },
    });
    // Another company is not affected.
    expect((await call('GET', '/api/document-settings/default', other.users.OWNER)).json().data.source).toBe(
      'PRODUCT',
    );
  });

  it("a document owner's settings: theirs over the company defaults; new documents get them", async () => {
    const member = acme.users.MEMBER;
    const inherited = await call(
      'GET',
      `/api/documentOwner-user-settings/${member.userId}`,
      acme.users.ADMIN,
    );
    expect(inherited.statusCode, inherited.body).toBe(200);
    expect(inherited.json().data).toMatchObject({
      user_id: member.userId,
      source: 'COMPANY',
      expire_after_days: 14,
    });
    const doc = await createDocument(t, member, acme.companyId);
    expect(doc.settings).toMatchObject({
      expire_after_days: 14,
      reminder_every_days: 5,
      warn_before_expiry_days: 3,
    });

    const own = { ...OWNER_DEFAULTS, send_reminders: false, expire_after_days: 20 };
    expect((await call('POST', '/api/expirations-reminders', member, own)).statusCode).toBe(200);
    const mine = await call('GET', `/api/documentOwner-user-settings/${member.userId}`, member);
    expect(mine.json().data).toEqual({
      ...own,
      user_id: member.userId,
      source: 'USER',
      document_settings: { expire_after_days: 20, reminder_every_days: null, warn_before_expiry_days: 3 },
    });
    const next = await createDocument(t, member, acme.companyId);
    expect(next.settings).toMatchObject({ expire_after_days: 20, reminder_every_days: null });
  });

  it.each([
    ["another company's user", () => other.users.OWNER.userId],
    ['an unknown id', () => randomUUID()],
    ['not an id', () => 'nobody'],
  ])('is 404 for %s', async (_what, id) => {
    const res = await call('GET', `/api/documentOwner-user-settings/${id()}`, acme.users.OWNER);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/document-settings/default')).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/documentOwner-user-settings/${acme.users.OWNER.userId}`)).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/cron/create-cron-job', undefined, {})).statusCode).toBe(401);
  });
});

describe('POST /cron/create-cron-job', () => {
  it("runs the sweep for the caller's company now, answers the counts, and is idempotent", async () => {
    const mine = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      settings: { expire_after_days: 3 },
      document_users: [signer('r1', uniqueEmail('overdue'))],
      fields: [signatureField('f1', 'r1')],
    });
    const theirs = await sendForSigning(t, other.users.OWNER, other.companyId, {
      settings: { expire_after_days: 3 },
      document_users: [signer('r1', uniqueEmail('theirs'))],
      fields: [signatureField('f1', 'r1')],
    });
    const past = new Date(Date.now() - 60_000);
    for (const id of [mine._id, theirs._id]) {
      await t.platform.database.db
        .update(employeeDocuments)
        .set({ expiresAt: past })
        .where(eq(employeeDocuments.id, id));
    }

    const run = await call('POST', '/api/cron/create-cron-job', acme.users.ADMIN);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ expired: 1, warned: 0, reminded: 0, reminded_documents: 0 });
    expect(run.json().data.ran_at).toEqual(expect.any(String));
    const again = await call('POST', '/api/cron/create-cron-job', acme.users.OWNER, {});
    expect(again.json().data).toMatchObject({ expired: 0, warned: 0, reminded: 0 });

    const status = async (id: string) =>
      (await t.platform.database.db.select().from(employeeDocuments).where(eq(employeeDocuments.id, id)))[0]!
        .status;
    expect(await status(mine._id)).toBe('EXPIRED');
    expect(await status(theirs._id)).toBe('WAITING');
  });

  it('is for owners and admins only', async () => {
    for (const who of [acme.users.MANAGER, acme.users.MEMBER]) {
      const res = await call('POST', '/api/cron/create-cron-job', who, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an owner or admin can run the reminders sweep');
    }
  });
});
