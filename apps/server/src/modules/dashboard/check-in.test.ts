import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInResult, TCheckInStatus } from '@esigns/contracts/dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { addDays } from './local-time';
import { checkIns } from './schema';
import { dashboardCaller } from './test-helpers';

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

const UTC = { usertimezone: '0' };
async function checkIn(who: SeededUser, body?: object, headers = UTC): Promise<TCheckInResult> {
  const res = await call('POST', '/api/entities-data/createSigninTime', who, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TCheckInResult;
}
async function fetchCheckin(who: SeededUser, headers = UTC): Promise<TCheckInStatus> {
  const res = await call('GET', '/api/entities-data/fetchCheckin', who, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TCheckInStatus;
}

describe('check-in', () => {
  it('checks in, out, and in again the same day; summarises the last 7 days', async () => {
    const member = acme.users.MEMBER;
    const today = new Date().toISOString().slice(0, 10);
    // A closed 8-hour day three days ago.
    const threeDaysAgo = addDays(today, -3);
    await t.platform.database.db.insert(checkIns).values({
      companyId: acme.companyId,
      userId: member.userId,
      day: threeDaysAgo,
      checkInAt: new Date(`${threeDaysAgo}T09:00:00Z`),
      checkOutAt: new Date(`${threeDaysAgo}T17:00:00Z`),
    });
    const before = await fetchCheckin(member);
    expect(before).toMatchObject({ today, state: 'NOT_CHECKED_IN', sessions: [], worked_minutes_today: 0 });
    expect(before.last_7_days.map((d) => d.day)).toEqual(
      [0, -1, -2, -3, -4, -5, -6].map((n) => addDays(today, n)),
    );
    expect(before.last_7_days[3]).toMatchObject({
      day: threeDaysAgo,
      first_check_in_at: `${threeDaysAgo}T09:00:00.000Z`,
      last_check_out_at: `${threeDaysAgo}T17:00:00.000Z`,
      worked_minutes: 480,
      sessions: 1,
      is_open: false,
    });

    const first = await checkIn(member);
    expect(first).toMatchObject({ result: 'CHECKED_IN', state: 'CHECKED_IN' });
    expect(first.sessions).toHaveLength(1);
    expect(first.sessions[0]).toMatchObject({ check_out_at: null, minutes: null });
    expect((await fetchCheckin(member)).last_7_days[0]).toMatchObject({
      day: today,
      sessions: 1,
      is_open: true,
    });

    const second = await checkIn(member);
    expect(second).toMatchObject({ result: 'CHECKED_OUT', state: 'CHECKED_OUT' });
    expect(second.sessions[0]!.check_out_at).not.toBeNull();
    expect(second.sessions[0]!.minutes).toBe(0);

    const third = await checkIn(member);
    expect(third).toMatchObject({ result: 'CHECKED_IN', state: 'CHECKED_IN' });
    expect(third.sessions).toHaveLength(2);
  });

  it('is safe to retry with an explicit action, also at the same time', async () => {
    const manager = acme.users.MANAGER;
    const both = await Promise.all([
      checkIn(manager, { action: 'check_in' }),
      checkIn(manager, { action: 'check_in' }),
    ]);
    expect(both.map((r) => r.result).sort()).toEqual(['CHECKED_IN', 'UNCHANGED']);
    expect((await fetchCheckin(manager)).sessions).toHaveLength(1);
    expect((await checkIn(manager, { action: 'check_out' })).result).toBe('CHECKED_OUT');
    const again = await checkIn(manager, { action: 'check_out' });
    expect(again).toMatchObject({ result: 'UNCHANGED', state: 'CHECKED_OUT' });
  });

  it('refuses to check out before checking in', async () => {
    const res = await call('POST', '/api/entities-data/createSigninTime', acme.users.ADMIN, {
      action: 'check_out',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have not checked in today');
  });

  it('uses the local day of the usertimezone header', async () => {
    const owner = acme.users.OWNER;
    // UTC+14 and UTC-12 are always on different days.
    const kiribati = { usertimezone: '-840' };
    const bakerIsland = { usertimezone: '720' };
    const done = await checkIn(owner, undefined, kiribati);
    expect(done.today).toBe(new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10));
    expect((await fetchCheckin(owner, kiribati)).state).toBe('CHECKED_IN');
    const there = await fetchCheckin(owner, bakerIsland);
    expect(there.state).toBe('NOT_CHECKED_IN');
    expect(there.today).toBe(new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10));
  });

  it("keeps each workspace's check-ins apart", async () => {
    expect((await fetchCheckin(other.users.MEMBER)).state).toBe('NOT_CHECKED_IN');
    expect((await fetchCheckin(other.users.MEMBER)).last_7_days.every((d) => d.sessions === 0)).toBe(true);
  });

  it.each([
    [{ action: 'dance' }, { usertimezone: '0' }, 'action'],
    [{ action: 1 }, { usertimezone: '0' }, 'action'],
    [undefined, { usertimezone: 'Asia/Kolkata' }, 'usertimezone'],
    [undefined, { usertimezone: '1000' }, 'usertimezone'],
  ])('refuses %j with %j (422 on %s)', async (body, headers, key) => {
    const res = await call('POST', '/api/entities-data/createSigninTime', acme.users.MEMBER, body, headers);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('needs a session', async () => {
    expect((await call('POST', '/api/entities-data/createSigninTime')).statusCode).toBe(401);
    expect((await call('GET', '/api/entities-data/fetchCheckin')).statusCode).toBe(401);
  });
});
