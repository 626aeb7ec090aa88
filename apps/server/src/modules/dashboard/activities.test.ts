import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivity, TDocumentStats, TRecentActivities } from '@esigns/contracts/dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { appendDocumentLogs } from '../documents/document-logs';
import { signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller, waitForSeal } from '../signing/test-helpers';
import { dashboardCaller, logEvent, revokePermissions, seedDocument } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof dashboardCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = dashboardCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

async function activitiesOf(who: SeededUser, query = ''): Promise<TRecentActivities> {
  const res = await call('GET', `/api/all-documents/recent-activities${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TRecentActivities;
}

const messages = (list: TActivity[]) => list.map((a) => a.message);

describe('recent activities', () => {
  it('follows a document from sending to completion, and counters follow', { timeout: 120_000 }, async () => {
    const owner = acme.users.OWNER;
    const email = uniqueEmail('alice');
    const sent = await sendForSigning(t, owner, acme.companyId, {
      name: 'Lease 12B',
      document_users: [signer('a', email, { first_name: 'Alice', last_name: 'Shah' })],
      fields: [signatureField('a_sig', 'a')],
    });
    const first = await activitiesOf(owner);
    expect(first.data[0]).toMatchObject({
      action: 'document.sent',
      kind: 'sent',
      message: 'You sent "Lease 12B"',
      is_me: true,
      is_unread: false,
      actor: { email: owner.email },
      document: { _id: sent._id, name: 'Lease 12B', status: 'WAITING' },
      link: `/emp-documents/custom/${sent._id}`,
    });
    // The recipient's mail and the steps of their session are not activity.
    expect(first.data.map((a) => a.action)).not.toContain('recipient.notified');
    expect(first).toMatchObject({ unread_count: 0, last_open_at: null, has_more: false });
    const before = await call('GET', '/api/all-document-stats', owner);
    expect((before.json().data as TDocumentStats).waiting_for_others).toBe(1);

    const as = signerCaller(t);
    const headers = await linkHeaders(t, email, sent._id);
    expect((await as('POST', '/api/e-sign/no-secure-signature', headers)).statusCode).toBe(200);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headers, {
      values: { a_sig: pngDataUrl() },
    });
    expect(done.statusCode, done.body).toBe(200);
    await waitForSeal(t, sent._id);

    const after = await activitiesOf(owner);
    expect(messages(after.data)).toEqual([
      '"Lease 12B" was completed by everyone',
      'Alice Shah signed "Lease 12B"',
      'You sent "Lease 12B"',
    ]);
    expect(after.data[1]).toMatchObject({ kind: 'signed', is_me: false, is_unread: true, actor: { email } });
    expect(after.data[0]).toMatchObject({ kind: 'completed', actor: null, is_unread: true });
    expect(after.unread_count).toBe(2);
    const stats = (await call('GET', '/api/all-document-stats', owner)).json().data as TDocumentStats;
    expect(stats).toMatchObject({ waiting_for_others: 0, completed: 1 });
    expect(stats.series.points.at(-1)).toMatchObject({ sent: 1, completed: 1 });

    // Marking seen: nothing unread until someone else acts again; one's own acts never count.
    const seen = await call('POST', '/api/all-documents/recent-activities/seen', owner);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.unread_count).toBe(0);
    const quiet = await activitiesOf(owner);
    expect(quiet.unread_count).toBe(0);
    expect(quiet.last_open_at).toBe(seen.json().data.last_open_at);
    expect(quiet.data.every((a) => !a.is_unread)).toBe(true);
    await logEvent(t, acme.companyId, sent._id, 'document.archived', { actorUserId: owner.userId });
    await logEvent(t, acme.companyId, sent._id, 'document.restored', {
      actorUserId: acme.users.MANAGER.userId,
    });
    const next = await activitiesOf(owner);
    expect(next.unread_count).toBe(1);
    expect(next.data.slice(0, 2).map((a) => [a.message, a.is_unread])).toEqual([
      ['Manager Tester restored "Lease 12B"', true],
      ['You archived "Lease 12B"', false],
    ]);
    // The MANAGER (who sees every document) has never opened the list: everything by others counts.
    expect((await activitiesOf(acme.users.MANAGER)).unread_count).toBe(4);
  });

  it('reads each action as a sentence, with recipients as objects where they are', async () => {
    const owner = acme.users.OWNER;
    const doc = await seedDocument(t, acme, {
      name: 'NDA',
      status: 'WAITING',
      sender: owner,
      recipients: [
        { email: 'priya@example.com', firstName: 'Priya' },
        { email: 'arun@example.com', firstName: 'Arun' },
      ],
    });
    const [priya, arun] = doc.recipientIds;
    await logEvent(t, acme.companyId, doc.id, 'recipient.resent', {
      actorUserId: owner.userId,
      documentUserId: priya,
    });
    // The reminder job reminds everyone in one transaction: one activity.
    await t.platform.database.db.transaction((tx) =>
      appendDocumentLogs(
        tx,
        [priya, arun].map((documentUserId) => ({
          companyId: acme.companyId,
          employeeDocumentId: doc.id,
          action: 'recipient.reminded',
          documentUserId,
        })),
      ),
    );
    await logEvent(t, acme.companyId, doc.id, 'recipient.viewed', { documentUserId: priya });
    await logEvent(t, acme.companyId, doc.id, 'document.voided', { actorUserId: acme.users.ADMIN.userId });
    await logEvent(t, acme.companyId, doc.id, 'document.something_new', { actorUserId: owner.userId });
    await logEvent(t, acme.companyId, doc.id, 'recipient.code_failed', { documentUserId: priya });
    const list = await activitiesOf(owner, '?limit=5');
    expect(messages(list.data)).toEqual([
      'You: something new, "NDA"',
      'Admin Tester voided "NDA"',
      'Priya viewed "NDA"',
      'A reminder about "NDA" went to Priya and Arun',
      'You resent "NDA" to Priya',
    ]);
    expect(list.data.map((a) => a.kind)).toEqual(['other', 'voided', 'viewed', 'sent', 'sent']);
    expect(list.has_more).toBe(true);

    // Paging: after the last one shown.
    const older = await activitiesOf(owner, `?limit=5&before=${list.data[4]!._id}`);
    expect(older.data[0]!.message).toBe('Manager Tester restored "Lease 12B"');
  });

  it('shows a MEMBER only the events of documents they see', async () => {
    const member = acme.users.MEMBER;
    const own = await seedDocument(t, acme, { name: 'Member offer', status: 'WAITING', sender: member });
    await logEvent(t, acme.companyId, own.id, 'document.sent', { actorUserId: member.userId });
    const addressed = await seedDocument(t, acme, {
      name: 'For the member',
      status: 'WAITING',
      sender: acme.users.OWNER,
      recipients: [{ email: member.email, userId: member.userId, firstName: 'Mem' }],
    });
    await logEvent(t, acme.companyId, addressed.id, 'document.sent', {
      actorUserId: acme.users.OWNER.userId,
    });
    await logEvent(t, acme.companyId, addressed.id, 'recipient.signed', {
      documentUserId: addressed.recipientIds[0],
    });
    const list = await activitiesOf(member, '?limit=50');
    expect(messages(list.data)).toEqual([
      'You signed "For the member"',
      'Owner Tester sent "For the member"',
      'You sent "Member offer"',
    ]);
    expect(list.unread_count).toBe(1);
  });

  it("keeps each company's activity to itself", async () => {
    const list = await activitiesOf(other.users.OWNER, '?limit=50');
    expect(list).toMatchObject({ data: [], unread_count: 0, has_more: false });
    const foreign = (await activitiesOf(acme.users.OWNER)).data[0]!._id;
    const res = await call(
      'GET',
      `/api/all-documents/recent-activities?before=${foreign}`,
      other.users.OWNER,
    );
    expect(res.statusCode).toBe(404);
  });

  it('falls back on a bad limit and refuses a bad cursor, a missing session and a missing permission', async () => {
    const owner = acme.users.OWNER;
    expect((await activitiesOf(owner, '?limit=abc')).data.length).toBeLessThanOrEqual(10);
    expect((await activitiesOf(owner, '?limit=1')).data).toHaveLength(1);
    const bad = await call('GET', '/api/all-documents/recent-activities?before=nope', owner);
    expect(bad.statusCode).toBe(404);
    expect((await call('GET', '/api/all-documents/recent-activities')).statusCode).toBe(401);
    expect((await call('POST', '/api/all-documents/recent-activities/seen')).statusCode).toBe(401);
    const locked = await seedCompany(t, { name: 'Locked' });
    await revokePermissions(t, locked.companyId, 'MEMBER', ['dashboards:view']);
    expect((await call('GET', '/api/all-documents/recent-activities', locked.users.MEMBER)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/all-documents/recent-activities/seen', locked.users.MEMBER)).statusCode,
    ).toBe(403);
  });
});
