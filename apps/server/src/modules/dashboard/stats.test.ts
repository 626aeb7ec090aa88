import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentStats } from '@esigns/contracts/dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { loadAccess } from '../permissions/access';
import { readDocumentStats } from './stats-service';
import { dashboardCaller, daysFromNow, revokePermissions, seedDocument } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof dashboardCaller>;
const UTC = { usertimezone: '0' };

beforeAll(async () => {
  t = await buildTestApp();
  call = dashboardCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const { OWNER: owner, MANAGER: manager, MEMBER: member } = acme.users;
  const now = Date.now();
  const seed = (input: Parameters<typeof seedDocument>[2]) => seedDocument(t, acme, input);
  // Waiting for the MEMBER (a company user among the recipients).
  await seed({
    name: 'Member to sign',
    status: 'WAITING',
    sender: owner,
    recipients: [{ email: member.email, userId: member.userId, status: 'SENT' }],
  });
  await seed({
    name: 'Expires tomorrow',
    status: 'WAITING',
    sender: owner,
    expiresAt: daysFromNow(1, now),
    recipients: [{ email: 'outside@example.com' }],
  });
  // Waiting for the OWNER, matched by email only; expires in 10 days.
  await seed({
    name: 'Owner to sign',
    status: 'WAITING',
    sender: manager,
    expiresAt: daysFromNow(10, now),
    recipients: [{ email: owner.email, status: 'VIEWED' }],
  });
  await seed({
    name: 'Lease',
    status: 'COMPLETED',
    sender: owner,
    sentAt: daysFromNow(-3, now),
    completedAt: daysFromNow(-1, now),
  });
  await seed({
    name: 'Member lease',
    status: 'COMPLETED',
    sender: member,
    sentAt: daysFromNow(-2, now),
    completedAt: new Date(now),
  });
  await seed({ name: 'Owner draft', status: 'DRAFT', sender: owner });
  await seed({ name: 'Member draft', status: 'DRAFT', sender: member });
  for (const status of ['DECLINED', 'REJECTED', 'VOIDED', 'EXPIRED'] as const) {
    await seed({ name: status, status, sender: owner });
  }
  await seed({ name: 'Archived', status: 'COMPLETED', sender: owner, archivedAt: new Date(now) });
  await seed({ name: 'Shared', status: 'WAITING', sender: manager, sharedWith: [member.userId] });
  // Another company: the same MEMBER email as a recipient does not make it theirs.
  await seedDocument(t, other, {
    name: 'Elsewhere',
    status: 'WAITING',
    sender: other.users.OWNER,
    expiresAt: daysFromNow(1, now),
    recipients: [{ email: member.email }],
  });
});
afterAll(async () => {
  await t.close();
});

const statsOf = async (who: SeededCompany['users']['OWNER'], query = '', headers = UTC) => {
  const res = await call('GET', `/api/all-document-stats${query}`, who, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDocumentStats;
};

describe('GET /all-document-stats', () => {
  it('counts what an OWNER sees, and documents sent and completed per day', async () => {
    const stats = await statsOf(acme.users.OWNER, '?days=7');
    expect(stats).toMatchObject({
      waiting_for_me: 1,
      waiting_for_others: 3,
      completed: 2,
      drafts: 1,
      expiring_soon: 1,
      declined: 1,
      rejected: 1,
      voided: 1,
      expired: 1,
      archived: 1,
      total: 11,
      expiring_window_days: 2,
    });
    const { series } = stats;
    expect(series.days).toBe(7);
    expect(series.points).toHaveLength(7);
    expect(series.to).toBe(new Date().toISOString().slice(0, 10));
    expect(series.points.at(-1)!.date).toBe(series.to);
    expect(series.points[0]!.date).toBe(series.from);
    expect(series.points.map((p) => p.sent)).toEqual([0, 0, 0, 1, 1, 0, 9]);
    expect(series.points.map((p) => p.completed)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(series).toMatchObject({ total_sent: 11, total_completed: 3 });
  });

  it('defaults to 30 days, and follows the warning window of the expiry settings', async () => {
    const stats = await statsOf(acme.users.OWNER);
    expect(stats.series.points).toHaveLength(30);
    const saved = await call('POST', '/api/expirations-reminders', acme.users.OWNER, {
      expire_documents: true,
      expire_after_days: 30,
      send_reminders: true,
      reminder_every_days: 3,
      warn_before_expiry_days: 15,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statsOf(acme.users.OWNER, '?days=365')).toMatchObject({
      expiring_soon: 2,
      expiring_window_days: 15,
    });
    // Another user's window is their own.
    expect((await statsOf(acme.users.MANAGER)).expiring_window_days).toBe(2);
  });

  it('shows a MEMBER only their own, shared and addressed documents', async () => {
    const stats = await statsOf(acme.users.MEMBER, '?days=3');
    expect(stats).toMatchObject({
      waiting_for_me: 1,
      waiting_for_others: 1,
      completed: 1,
      drafts: 1,
      expiring_soon: 0,
      declined: 0,
      rejected: 0,
      voided: 0,
      expired: 0,
      archived: 0,
      total: 4,
    });
    expect(stats.series.points.map((p) => [p.sent, p.completed])).toEqual([
      [1, 0],
      [0, 0],
      [2, 1],
    ]);
  });

  it("keeps each company's documents to itself", async () => {
    expect(await statsOf(other.users.OWNER)).toMatchObject({
      waiting_for_me: 0,
      waiting_for_others: 1,
      expiring_soon: 1,
      drafts: 0,
      total: 1,
    });
    const manager = await statsOf(other.users.MANAGER);
    expect(manager.total).toBe(1);
  });

  it('buckets days in the caller time zone (usertimezone)', async () => {
    const tz = await seedCompany(t, { name: 'Time Zones' });
    await seedDocument(t, tz, {
      name: 'Late evening in London',
      status: 'COMPLETED',
      sender: tz.users.OWNER,
      sentAt: new Date('2026-03-10T20:00:00Z'),
      completedAt: new Date('2026-03-10T23:00:00Z'),
    });
    const access = await loadAccess(t.platform.database.db, {
      userId: tz.users.OWNER.userId,
      companyId: tz.companyId,
    });
    const now = new Date('2026-03-11T12:00:00Z');
    const utc = await readDocumentStats(t.platform, access, { days: 2, offsetMinutes: 0, now });
    expect(utc.series.points).toEqual([
      { date: '2026-03-10', sent: 1, completed: 1 },
      { date: '2026-03-11', sent: 0, completed: 0 },
    ]);
    // India (UTC+05:30, getTimezoneOffset -330): 01:30 and 04:30 on the 11th.
    const india = await readDocumentStats(t.platform, access, { days: 2, offsetMinutes: -330, now });
    expect(india.series.points).toEqual([
      { date: '2026-03-10', sent: 0, completed: 0 },
      { date: '2026-03-11', sent: 1, completed: 1 },
    ]);
    // New York (UTC-4 in March, offset 240): 16:00 and 19:00 on the 10th; the local "now" is the 11th.
    const ny = await readDocumentStats(t.platform, access, { days: 2, offsetMinutes: 240, now });
    expect(ny.series.points.map((p) => [p.date, p.sent])).toEqual([
      ['2026-03-10', 1],
      ['2026-03-11', 0],
    ]);
  });

  it.each([
    ['?days=abc', 'Use a whole number of days from 1 to 365'],
    ['?days=0', 'At least 1 day'],
    ['?days=366', 'At most 365 days'],
    ['?days=2.5', 'Use a whole number of days from 1 to 365'],
    ['?days=-3', 'At least 1 day'],
  ])('refuses %s with 422', async (query, message) => {
    const res = await call('GET', `/api/all-document-stats${query}`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0]).toMatchObject({ key: 'querystring.days', message });
  });

  it.each(['abc', '900', '1.5', '-841'])('refuses usertimezone %s with 422', async (value) => {
    const res = await call('GET', '/api/all-document-stats', acme.users.OWNER, undefined, {
      usertimezone: value,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0].key).toBe('usertimezone');
  });

  it('needs a session and dashboards:view', async () => {
    expect((await call('GET', '/api/all-document-stats')).statusCode).toBe(401);
    const locked = await seedCompany(t, { name: 'Locked' });
    await revokePermissions(t, locked.companyId, 'MEMBER', ['dashboards:view']);
    const res = await call('GET', '/api/all-document-stats', locked.users.MEMBER);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('dashboards:view');
  });
});
