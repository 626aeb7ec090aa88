import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { SeededCompany } from '../../../test/seed-company';
import { registerDocumentStatusListener } from '../documents';
import { documentRequests, employeeDocuments } from '../documents/schema';
import { formSubmissions } from '../form-submissions/schema';
import { runReminderSweep } from '../reminders/sweep';
import { settleJobs } from '../notifications/test-helpers';
import { eventually } from '../signing/test-helpers';
import { endInstance } from './engine-end';
import { runWorkflowExpiry } from './expiry-sweep';
import { later, packetDriver, packetSteps, packetWorld, seedPacketRefs } from './expiry-test-utils';
import { workflowData, workflowDataEvents } from './schema';

/*
 * The instances' expiry, run by the reminders' sweep: EXPIRED with its open objects closed as for
 * a void (the document voided with the void mail, the request CANCELLED, the form's draft CLOSED),
 * the timeline and the creator's notice; exactly once when a sweep dies before its commit, is run
 * again or runs three times at once; another company's instances untouched; the realtime event
 * only after the commit.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let p: ReturnType<typeof packetDriver>;
let workflowId: string;
let crashNext = false;

beforeAll(async () => {
  t = await buildTestApp();
  ({ acme, other, p, workflowId } = await packetWorld(t, ['Acme Lettings', 'Other Lettings'], {
    expire_after_days: 10,
    reminder_every_days: 3,
  }));
  // A sweep "killed" before its commit: the transaction voiding a document fails once.
  registerDocumentStatusListener('expiry-test-crash', async () => {
    if (!crashNext) return;
    crashNext = false;
    throw new Error('killed before the commit');
  });
}, 300_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  registerDocumentStatusListener('expiry-test-crash', async () => undefined);
  await settleJobs(t);
  await t.close();
});

const db = () => t.platform.database.db;

async function expiredEvents(id: string) {
  return db()
    .select()
    .from(workflowDataEvents)
    .where(sql`${workflowDataEvents.workflowDataId} = ${id} and ${workflowDataEvents.event} = 'expired'`);
}

describe('an instance past its expiry', () => {
  it('turns EXPIRED: the document voided with the void mail, the request cancelled, the draft closed', async () => {
    const { id, email } = await p.start(workflowId, 'Ella');
    const before = await p.steps(id);
    expect(await p.instance(id)).toMatchObject({ status: 'IN_PROGRESS' });
    const [doc] = await db()
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, before.sign!.objectId!));
    // The step's document carries the instance's timing: it expires no earlier than the packet.
    expect(doc!.settings.reminder_every_days).toBe(3);
    expect(doc!.expiresAt!.getTime()).toBeGreaterThanOrEqual((await p.instance(id)).expiresAt!.getTime());

    await runReminderSweep(t.platform, { now: later(9) });
    expect((await p.instance(id)).status).toBe('IN_PROGRESS');

    await runReminderSweep(t.platform, { now: later(10.01) });
    await p.settle();
    const ended = await p.instance(id);
    expect(ended.status).toBe('EXPIRED');
    expect(ended.finishedAt).not.toBeNull();
    const steps = await p.steps(id);
    expect([steps.sign!.status, steps.upload!.status, steps.fill!.status]).toEqual([
      'VOIDED',
      'VOIDED',
      'VOIDED',
    ]);
    const [voided] = await db()
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, steps.sign!.objectId!));
    expect(voided).toMatchObject({ status: 'VOIDED' });
    expect(voided!.voidReason).toContain('expired before it was finished');
    expect(await p.mailsOf(email, 'document.voided')).toHaveLength(1);
    const [request] = await db()
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.id, steps.upload!.objectId!));
    expect(request!.status).toBe('CANCELLED');
    const [submission] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, steps.fill!.objectId!));
    expect(submission!.status).toBe('CLOSED');
    const [expired] = await expiredEvents(id);
    expect(expired!.details).toMatchObject({
      steps_voided: ['sign', 'upload', 'fill'],
      documents_voided: [steps.sign!.objectId],
      requests_cancelled: [steps.upload!.objectId],
      submissions_closed: [steps.fill!.objectId],
    });
    const notices = await p.w.call('GET', '/app-notifications/fetchAllAppNotifications?limit=100', p.owner);
    const about = (notices.json().data.data as { data: Record<string, unknown>; title: string }[]).filter(
      (n) => n.data.workflow_data_id === id,
    );
    expect(about.map((n) => n.data.status)).toEqual(['EXPIRED']);
  }, 300_000);

  it('completes instead when only optional steps were left', async () => {
    const optional = await p.activeWorkflow(
      [
        { id: 'a', kind: 'requested', name: 'Payslip', card_type: 'Payslip', stage: 1, required: false },
        { id: 'b', kind: 'requested', name: 'Photo', card_type: 'Photo', stage: 1, required: false },
      ],
      { expire_after_days: 5, reminder_every_days: null },
    );
    const { id } = await p.start(optional, 'Omar');
    await runReminderSweep(t.platform, { now: later(6) });
    expect((await p.instance(id)).status).toBe('COMPLETED');
    const steps = await p.steps(id);
    expect([steps.a!.status, steps.b!.status]).toEqual(['VOIDED', 'VOIDED']);
    const requests = await db()
      .select({ status: documentRequests.status })
      .from(documentRequests)
      .where(inArray(documentRequests.id, [steps.a!.objectId!, steps.b!.objectId!]));
    expect(requests.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
  }, 300_000);
});

describe('exactly once', () => {
  it('a sweep killed before its commit leaves nothing; the rerun and three at once expire each instance once', async () => {
    const started = [await p.start(workflowId, 'Kim'), await p.start(workflowId, 'Kai')];
    const ids = started.map((s) => s.id);
    const emit = vi.spyOn(t.platform.realtime, 'emitToWorkspace');

    crashNext = true;
    await expect(
      runWorkflowExpiry(t.platform, { now: later(11), companyId: acme.companyId }),
    ).rejects.toThrow('killed before the commit');
    const untouched = await db().select().from(workflowData).where(inArray(workflowData.id, ids));
    expect(untouched.map((r) => r.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);
    for (const { id, email } of started) {
      expect(await expiredEvents(id)).toHaveLength(0);
      expect(await p.mailsOf(email, 'document.voided')).toHaveLength(0);
    }

    await Promise.all([
      runReminderSweep(t.platform, { now: later(11) }),
      runReminderSweep(t.platform, { now: later(11) }),
      runReminderSweep(t.platform, { now: later(11), companyId: acme.companyId }),
    ]);
    await runReminderSweep(t.platform, { now: later(12) });
    await p.settle();
    for (const { id, email } of started) {
      expect((await p.instance(id)).status).toBe('EXPIRED');
      expect(await expiredEvents(id)).toHaveLength(1);
      expect(await p.mailsOf(email, 'document.voided')).toHaveLength(1);
    }
    const updates = emit.mock.calls.filter(
      ([, event, payload]) =>
        event === 'workflow.updated' &&
        ids.includes((payload as { workflow_data_id: string }).workflow_data_id),
    );
    expect(updates).toHaveLength(2);
  }, 300_000);
});

describe('the realtime event', () => {
  it('goes out only once the ending transaction commits', async () => {
    const { id } = await p.start(workflowId, 'Rae');
    const emit = vi.spyOn(t.platform.realtime, 'emitToWorkspace');
    const updated = () =>
      emit.mock.calls.filter(
        ([, event, payload]) =>
          event === 'workflow.updated' && (payload as { workflow_data_id: string }).workflow_data_id === id,
      );
    await expect(
      db().transaction(async (tx) => {
        await endInstance(t.platform, tx, id, 'VOIDED', { reason: 'changed my mind' });
        expect(updated()).toHaveLength(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await p.settle();
    expect(updated()).toHaveLength(0);
    expect((await p.instance(id)).status).toBe('IN_PROGRESS');

    const res = await p.w.call('PUT', `/workflow-data/${id}`, p.owner, { status: 'VOIDED', reason: 'Gone' });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => updated().length === 1, 'the workflow.updated event');
    expect(updated()[0]![2]).toEqual({ workflow_data_id: id, status: 'VOIDED' });
  }, 300_000);
});

describe('other companies', () => {
  it("the company's sweep (cron call) never touches another company's instance", async () => {
    const theirs = packetDriver(t, other);
    const theirRefs = await seedPacketRefs(t, other);
    const theirWorkflow = await theirs.activeWorkflow(packetSteps(theirRefs), {
      expire_after_days: 1,
      reminder_every_days: null,
    });
    const mine = await p.start(workflowId, 'Moe');
    const foreign = await theirs.start(theirWorkflow, 'Fay');
    const past = new Date(Date.now() - 60_000);
    await db()
      .update(workflowData)
      .set({ expiresAt: past })
      .where(inArray(workflowData.id, [mine.id, foreign.id]));
    const res = await p.w.call('POST', '/cron/create-cron-job', p.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect((await p.instance(mine.id)).status).toBe('EXPIRED');
    expect((await theirs.instance(foreign.id)).status).toBe('IN_PROGRESS');
    expect(await expiredEvents(foreign.id)).toHaveLength(0);
    await runReminderSweep(t.platform, { now: new Date() });
    expect((await theirs.instance(foreign.id)).status).toBe('EXPIRED');
  }, 300_000);
});
