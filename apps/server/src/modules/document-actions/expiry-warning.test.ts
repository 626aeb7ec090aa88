import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { employeeDocuments } from '../documents/schema';
import { mailsTo } from '../documents/test-helpers';
import { settleJobs } from '../notifications/test-helpers';
import { runReminderSweep } from '../reminders/sweep';
import { keep, okCall, sendToSigners } from './test-helpers';

/*
 * A new expiry date (document settings, or the settings of a correction) clears
 * `expiry_warned_at`, so the "expires on ..." warning goes out again for the new date, even when
 * the date moved earlier (the sweep alone would take the old warning for the new window's).
 */

let t: TestApp;
let acme: SeededCompany;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Expiry' });
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

async function rowOf(id: string) {
  const [row] = await t.platform.database.db
    .select()
    .from(employeeDocuments)
    .where(eq(employeeDocuments.id, id));
  return row!;
}
const sweepAt = (sentAt: Date, days: number) =>
  runReminderSweep(t.platform, { now: new Date(sentAt.getTime() + days * DAY), companyId: acme.companyId });
const warnings = async (email: string) =>
  (await mailsTo(t, email)).filter((m) => m.kind === 'document.expiry-warning');

describe('expiry warning after the expiry changes', () => {
  it('document settings: a new expiry (even an earlier one) is warned again; other settings keep the mark', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, {
      count: 1,
      settings: { expire_after_days: 5, reminder_every_days: null, warn_before_expiry_days: 1 },
    });
    const sentAt = (await rowOf(doc._id)).sentAt!;
    expect(await sweepAt(sentAt, 4.5)).toMatchObject({ warned: 1 });
    expect((await rowOf(doc._id)).expiryWarnedAt).not.toBeNull();

    // A change that leaves the date alone keeps the mark: no second warning.
    await okCall(t, 'POST', `/api/documents/${doc._id}/document-settings`, acme.users.OWNER, {
      reminder_every_days: 2,
    });
    expect((await rowOf(doc._id)).expiryWarnedAt).not.toBeNull();
    expect(await sweepAt(sentAt, 4.6)).toMatchObject({ warned: 0 });

    // Four days instead of five: the window of the new date opened at day 3, before the old
    // warning (day 4.5); only the cleared mark lets the warning for the new date go out.
    await okCall(t, 'POST', `/api/documents/${doc._id}/document-settings`, acme.users.OWNER, {
      expire_after_days: 4,
    });
    const moved = await rowOf(doc._id);
    expect(moved.expiresAt!.getTime()).toBe(sentAt.getTime() + 4 * DAY);
    expect(moved.expiryWarnedAt).toBeNull();
    expect(await sweepAt(sentAt, 3.5)).toMatchObject({ warned: 1 });
    expect(await warnings(emails[0]!)).toHaveLength(2);
    expect(await sweepAt(sentAt, 3.6)).toMatchObject({ warned: 0 });
  });

  it('correct with new settings: the expiry moves and is warned again', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, {
      count: 1,
      settings: { expire_after_days: 5, reminder_every_days: null, warn_before_expiry_days: 1 },
    });
    const sentAt = (await rowOf(doc._id)).sentAt!;
    expect(await sweepAt(sentAt, 4.5)).toMatchObject({ warned: 1 });
    await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.OWNER, {
      document_users: keep(doc),
      settings: { expire_after_days: 3 },
    });
    const moved = await rowOf(doc._id);
    expect(moved.expiresAt!.getTime()).toBe(sentAt.getTime() + 3 * DAY);
    expect(moved.expiryWarnedAt).toBeNull();
    expect(await sweepAt(sentAt, 2.5)).toMatchObject({ warned: 1 });
    expect(await warnings(emails[0]!)).toHaveLength(2);
  });
});
