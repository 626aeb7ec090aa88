import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { formBuilders } from '../form-builders/schema';
import { settleJobs } from '../notifications/test-helpers';
import { runReminderSweep } from '../reminders/sweep';
import { later, packetDriver, packetSteps, packetWorld, seedPacketRefs } from './expiry-test-utils';
import { runWorkflowReminders } from './reminders-sweep';
import { workflowDataEvents } from './schema';

/*
 * The instances' reminders, run by the reminders' sweep: every `reminder_every_days` up to
 * `max_reminders`, a due upload or form step is mailed again (`reminded` on the timeline); the
 * step's document is reminded by the documents' own sweep at the instance's cadence, never by the
 * instance; a form reminding by its own settings is left to them; exactly once when a sweep dies
 * before its commit, is run again or runs three times at once; another company's instances never.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let p: ReturnType<typeof packetDriver>;
let workflowId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ acme, other, p, workflowId } = await packetWorld(t, ['Acme Homes', 'Other Homes'], {
    expire_after_days: 60,
    reminder_every_days: 2,
    max_reminders: 2,
  }));
}, 300_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

async function reminded(id: string): Promise<Record<string, number>> {
  const rows = await t.platform.database.db
    .select({ stepId: workflowDataEvents.stepId, n: sql<number>`count(*)::int` })
    .from(workflowDataEvents)
    .where(and(eq(workflowDataEvents.workflowDataId, id), eq(workflowDataEvents.event, 'reminded')))
    .groupBy(workflowDataEvents.stepId);
  return Object.fromEntries(rows.map((r) => [r.stepId!, r.n]));
}

/** The mails to the packet's contact, by kind. */
async function mailCounts(email: string) {
  return {
    request: (await p.mailsOf(email, 'document.requested')).length,
    form: (await p.mailsOf(email, 'form.sent')).length,
    document: (await p.mailsOf(email, 'document.reminder')).length,
  };
}

describe('reminders of a running packet', () => {
  it('mails the due upload and form steps every 2 days up to 2 times; the document reminds its signer itself', async () => {
    const { id, email } = await p.start(workflowId, 'Rita');
    expect(await mailCounts(email)).toEqual({ request: 1, form: 1, document: 0 });

    await runReminderSweep(t.platform, { now: later(1.9) });
    expect(await reminded(id)).toEqual({});

    await runReminderSweep(t.platform, { now: later(2.1) });
    await runReminderSweep(t.platform, { now: later(2.1) });
    await p.settle();
    expect(await reminded(id)).toEqual({ upload: 1, fill: 1 });
    expect(await mailCounts(email)).toEqual({ request: 2, form: 2, document: 1 });

    await Promise.all([
      runReminderSweep(t.platform, { now: later(4.2) }),
      runReminderSweep(t.platform, { now: later(4.2) }),
      runReminderSweep(t.platform, { now: later(4.2), companyId: acme.companyId }),
    ]);
    await p.settle();
    expect(await reminded(id)).toEqual({ upload: 2, fill: 2 });
    expect((await mailCounts(email)).request).toBe(3);

    await runReminderSweep(t.platform, { now: later(20) });
    expect(await reminded(id)).toEqual({ upload: 2, fill: 2 });
    const events = (await p.events(id)).filter((e) => e.event === 'reminded');
    expect(events.map((e) => e.details.slot)).toEqual([1, 1, 2, 2]);
    expect(events[0]!.details.emails).toEqual([email]);
  }, 300_000);

  it('counts a staff resend as asking: the next reminder waits its 2 days from it', async () => {
    const { id } = await p.start(workflowId, 'Sam');
    await runReminderSweep(t.platform, { now: later(2.1) });
    expect(await reminded(id)).toEqual({ upload: 1, fill: 1 });
    const resent = await p.w.call('POST', `/resend-workflow/${id}`, p.owner, { step_ids: ['upload'] });
    expect(resent.statusCode, resent.body).toBe(200);
    // The resend happened now (in real time), after the first reminder's slot: 2 days from it.
    await runReminderSweep(t.platform, { now: later(1.9) });
    expect(await reminded(id)).toEqual({ upload: 1, fill: 1 });
    await runReminderSweep(t.platform, { now: later(4.3) });
    expect(await reminded(id)).toEqual({ upload: 2, fill: 2 });
  }, 300_000);

  it('leaves a form step to its form when the form reminds by its own settings', async () => {
    const ownRefs = await seedPacketRefs(t, acme);
    await t.platform.database.db
      .update(formBuilders)
      .set({
        settings: sql`jsonb_set(${formBuilders.settings}, '{reminders,enabled}', 'true'::jsonb)`,
      })
      .where(eq(formBuilders.id, ownRefs.formId));
    const own = await p.activeWorkflow(packetSteps(ownRefs), {
      expire_after_days: 60,
      reminder_every_days: 2,
    });
    const { id } = await p.start(own, 'Fred');
    await runWorkflowReminders(t.platform, { now: later(2.1) });
    expect(await reminded(id)).toEqual({ upload: 1 });
  }, 300_000);
});

describe('exactly once', () => {
  it('a reminder run killed before its commit mails nothing; the rerun mails each step once', async () => {
    // A company of its own: the run below reminds only this packet.
    const solo = await seedCompany(t, { name: 'Solo Homes' });
    const s = packetDriver(t, solo);
    const soloWorkflow = await s.activeWorkflow(packetSteps(await seedPacketRefs(t, solo)), {
      expire_after_days: 60,
      reminder_every_days: 2,
    });
    const { id, email } = await s.start(soloWorkflow, 'Kay');
    const queue = t.platform.mail.queue.bind(t.platform.mail);
    let calls = 0;
    vi.spyOn(t.platform.mail, 'queue').mockImplementation(async (message, options) => {
      calls += 1;
      if (calls === 2) throw new Error('killed before the commit');
      return queue(message, options);
    });
    await expect(
      runWorkflowReminders(t.platform, { now: later(2.1), companyId: solo.companyId }),
    ).rejects.toThrow('killed before the commit');
    vi.restoreAllMocks();
    expect(await reminded(id)).toEqual({});
    expect(await mailCounts(email)).toMatchObject({ request: 1, form: 1 });

    await runWorkflowReminders(t.platform, { now: later(2.1), companyId: solo.companyId });
    await runWorkflowReminders(t.platform, { now: later(2.1), companyId: solo.companyId });
    expect(await reminded(id)).toEqual({ upload: 1, fill: 1 });
    expect(await mailCounts(email)).toMatchObject({ request: 2, form: 2 });
  }, 300_000);
});

describe('other companies and ended packets', () => {
  it("a company's run never reminds another company's packet, nor a packet that ended", async () => {
    const theirs = packetDriver(t, other);
    const theirWorkflow = await theirs.activeWorkflow(packetSteps(await seedPacketRefs(t, other)), {
      expire_after_days: 60,
      reminder_every_days: 2,
    });
    const foreign = await theirs.start(theirWorkflow, 'Fay');
    const voided = await p.start(workflowId, 'Vera');
    const res = await p.w.call('PUT', `/workflow-data/${voided.id}`, p.owner, { status: 'VOIDED' });
    expect(res.statusCode, res.body).toBe(200);
    await runReminderSweep(t.platform, { now: later(2.1), companyId: acme.companyId });
    expect(await reminded(foreign.id)).toEqual({});
    expect(await reminded(voided.id)).toEqual({});
    await runReminderSweep(t.platform, { now: later(2.1) });
    expect(await reminded(foreign.id)).toEqual({ upload: 1, fill: 1 });
    expect(await reminded(voided.id)).toEqual({});
  }, 300_000);
});
