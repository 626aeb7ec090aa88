import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormSettingsInput } from '@esigns/contracts/form-builders';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { formBuilders } from '../form-builders/schema';
import { runFormReminderSweep } from './reminders';
import { formApprovals, formReminders, formSubmissionEvents, formSubmissions } from './schema';
import { caller, createTemplate, seedForm, waitForBatch, type SeededForm } from './send-test-utils';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let templateId: string;

const REMINDERS: TFormSettingsInput = {
  reminders: {
    enabled: true,
    first_after_days: 2,
    repeat_every_days: 2,
    max_reminders: 3,
    remind_approvers: true,
  },
};
const DAY = 86_400_000;
const db = () => t.platform.database.db;
const later = (days: number) => new Date(Date.now() + days * DAY);
/** One run of the sweep for the company, `days` from now. */
const sweep = (days: number, company: SeededCompany = acme) =>
  runFormReminderSweep(t.platform, { now: later(days), companyId: company.companyId });

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Reminders' });
  other = await seedCompany(t, { name: 'Other Reminders' });
  templateId = await createTemplate(t, acme.users.OWNER);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function mailsOf(kind: string, to: string[]) {
  const rows = await db()
    .select({ id: emailLogs.id, to: emailLogs.to, html: emailLogs.html, messageId: emailLogs.messageId })
    .from(emailLogs)
    .where(eq(emailLogs.kind, kind));
  return rows.filter((r) => to.includes(r.to[0]!));
}

/** Sends the form to the emails and answers their DRAFT submissions (email -> id). */
async function sendTo(company: SeededCompany, form: SeededForm, emails: string[]) {
  const res = await call('POST', '/api/formbuilder-data/send', company.users.OWNER, {
    formbuilder_details_id: form.id,
    emails,
  });
  expect(res.statusCode, res.body).toBe(202);
  await waitForBatch(t, company.users.OWNER, form.id, res.json().data.batch_id);
  const rows = await db()
    .select({ id: formSubmissions.id, email: formSubmissions.fillerEmail })
    .from(formSubmissions)
    .where(eq(formSubmissions.formBuilderId, form.id));
  return new Map(rows.map((r) => [r.email!, r.id]));
}

describe('reminders to fillers who have not finished', () => {
  it('sends each due slot once, stops at the cap, and never twice on a rerun or two sweeps at once', async () => {
    const form = await seedForm(t, acme, templateId, { settings: REMINDERS });
    const emails = ['ann@remind.example.com', 'bob@remind.example.com', 'cy@remind.example.com'];
    const ids = await sendTo(acme, form, emails);
    // Bob finished: nobody reminds him.
    await db()
      .update(formSubmissions)
      .set({ status: 'SUBMITTED', submittedAt: new Date() })
      .where(eq(formSubmissions.id, ids.get('bob@remind.example.com')!));

    // Not due yet (the first one is 2 days after the link).
    expect(await sweep(1)).toEqual({
      fillers: 0,
      approvers: 0,
    });
    // Day 3: slot 1 for Ann and Cy; the same sweep again, and two at once, send nothing more.
    expect((await sweep(3)).fillers).toBe(2);
    expect((await sweep(3)).fillers).toBe(0);
    const twice = await Promise.all([sweep(3.5), sweep(3.5)]);
    expect(twice.map((r) => r.fillers)).toEqual([0, 0]);
    let mails = await mailsOf('form.reminder', emails);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['ann@remind.example.com', 'cy@remind.example.com']);

    // The reminder's link opens the submission (a new guest session); a stable Message-ID per mail row.
    const ann = mails.find((m) => m.to[0] === 'ann@remind.example.com')!;
    const match = /\/public\/fb\/[^/]+\/([0-9a-f-]{36})\/vp\/([0-9a-f-]{36})\?t=([^"&<\s]+)/.exec(ann.html)!;
    expect(match[1]).toBe(ids.get('ann@remind.example.com'));
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/formbuilder-data/${match[1]}`,
      headers: { userid: match[2]!, passcode: decodeURIComponent(match[3]!), formbuilderid: form.id },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.history.map((h: { detail: string }) => h.detail)).toContain(
      'Reminder 1 mailed to the filler',
    );

    // Day 5: slot 2 for both; Cy finishes, then day 40 (slot 3, the cap) for Ann only; then nothing.
    expect((await sweep(5)).fillers).toBe(2);
    await db()
      .update(formSubmissions)
      .set({ status: 'SUBMITTED', submittedAt: new Date() })
      .where(eq(formSubmissions.id, ids.get('cy@remind.example.com')!));
    expect((await sweep(40)).fillers).toBe(1);
    expect((await sweep(80)).fillers).toBe(0);
    mails = await mailsOf('form.reminder', emails);
    expect(mails.filter((m) => m.to[0] === 'ann@remind.example.com')).toHaveLength(3);
    expect(mails.filter((m) => m.to[0] === 'cy@remind.example.com')).toHaveLength(2);
    expect(mails.filter((m) => m.to[0] === 'bob@remind.example.com')).toHaveLength(0);
    const claims = await db()
      .select({ slot: formReminders.slot, mail: formReminders.emailLogId })
      .from(formReminders)
      .where(eq(formReminders.subjectId, ids.get('ann@remind.example.com')!));
    expect(claims.map((c) => c.slot).sort()).toEqual([1, 2, 3]);
    expect(claims.every((c) => mails.some((m) => m.id === c.mail))).toBe(true);
  });

  it('reminds nobody of a closed, inactive or reminder-less form, nor another company scope', async () => {
    const closed = await seedForm(t, acme, templateId, { settings: REMINDERS });
    const off = await seedForm(t, acme, templateId);
    const theirs = await seedForm(t, other, await createTemplate(t, other.users.OWNER), {
      settings: REMINDERS,
    });
    await sendTo(acme, closed, ['dee@closed.example.com']);
    await sendTo(acme, off, ['eve@off.example.com']);
    await sendTo(other, theirs, ['fay@theirs.example.com']);
    await db()
      .update(formBuilders)
      .set({
        settings: {
          ...(await formSettings(closed.id)),
          closes_at: new Date(Date.now() - 1000).toISOString(),
        },
      })
      .where(eq(formBuilders.id, closed.id));
    expect((await sweep(3)).fillers).toBe(0);
    expect(
      await mailsOf('form.reminder', [
        'dee@closed.example.com',
        'eve@off.example.com',
        'fay@theirs.example.com',
      ]),
    ).toHaveLength(0);
    // Their own company's sweep reaches them; a deactivated form stops it.
    await db().update(formBuilders).set({ status: 'INACTIVE' }).where(eq(formBuilders.id, theirs.id));
    expect((await sweep(3, other)).fillers).toBe(0);
    await db().update(formBuilders).set({ status: 'ACTIVE' }).where(eq(formBuilders.id, theirs.id));
    expect((await sweep(3, other)).fillers).toBe(1);
  });

  it('a run that dies before its commit leaves no claim and no mail: the next run sends each once', async () => {
    const form = await seedForm(t, acme, templateId, { settings: REMINDERS });
    const emails = ['hal@crash.example.com', 'ida@crash.example.com'];
    await sendTo(acme, form, emails);
    const mail = t.platform.mail;
    const queue = mail.queue.bind(mail);
    let calls = 0;
    mail.queue = async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('worker killed');
      return queue(...args);
    };
    try {
      await expect(sweep(3)).rejects.toThrow('worker killed');
    } finally {
      mail.queue = queue;
    }
    expect(await mailsOf('form.reminder', emails)).toHaveLength(0);
    expect((await sweep(3)).fillers).toBe(2);
    expect((await sweep(3)).fillers).toBe(0);
    expect((await mailsOf('form.reminder', emails)).map((m) => m.to[0]).sort()).toEqual(emails);
  });

  it('counts again from a resent link (a new round of slots)', async () => {
    const form = await seedForm(t, acme, templateId, { settings: REMINDERS });
    const ids = await sendTo(acme, form, ['gus@resend.example.com']);
    const id = ids.get('gus@resend.example.com')!;
    expect((await sweep(3)).fillers).toBe(1);
    const resent = await call('POST', `/api/wh/formbuilders/${id}`, acme.users.OWNER);
    expect(resent.statusCode, resent.body).toBe(200);
    // The resend is now: its first reminder is due 2 days later, and slot 1 of that round is new.
    expect((await sweep(1)).fillers).toBe(0);
    expect((await sweep(3)).fillers).toBe(1);
    expect(await mailsOf('form.reminder', ['gus@resend.example.com'])).toHaveLength(2);
  });
});

async function formSettings(id: string) {
  const [row] = await db()
    .select({ settings: formBuilders.settings })
    .from(formBuilders)
    .where(eq(formBuilders.id, id));
  return row!.settings;
}

describe('reminders to approvers who have not decided', () => {
  it('reminds an undecided ask with a new working link, once per slot, and stops once decided', async () => {
    const form = await seedForm(t, acme, templateId, { settings: REMINDERS });
    const [submission] = await db()
      .insert(formSubmissions)
      .values({
        companyId: acme.companyId,
        formBuilderId: form.id,
        formVersion: 1,
        status: 'PENDING_APPROVAL',
        fillerKind: 'GUEST',
        fillerEmail: 'filler@approve.example.com',
        fillerName: 'Fil Ler',
        currentLevel: 0,
        submittedAt: new Date(),
      })
      .returning({ id: formSubmissions.id });
    const asks = await db()
      .insert(formApprovals)
      .values([
        {
          companyId: acme.companyId,
          submissionId: submission!.id,
          level: 0,
          approverKind: 'EMAIL' as const,
          approverEmail: 'boss@approve.example.com',
          linkSecretHash: 'not-a-real-hash',
        },
        {
          companyId: acme.companyId,
          submissionId: submission!.id,
          level: 0,
          approverKind: 'EMAIL' as const,
          approverEmail: 'done@approve.example.com',
          linkSecretHash: 'another-hash',
          decision: 'APPROVED' as const,
          decidedAt: new Date(),
        },
      ])
      .returning({ id: formApprovals.id });

    expect((await sweep(3)).approvers).toBe(1);
    expect((await sweep(3)).approvers).toBe(0);
    const [mail] = await mailsOf('form.approval-reminder', [
      'boss@approve.example.com',
      'done@approve.example.com',
    ]);
    expect(mail!.to).toEqual(['boss@approve.example.com']);
    // The new link works for the outside approver (the old secret no longer does).
    const url = /href="([^"]*approval\/auth\?[^"]+)"/.exec(mail!.html)![1]!.replaceAll('&amp;', '&');
    const query = new URL(url).searchParams;
    expect(query.get('approval')).toBe(asks[0]!.id);
    const auth = await t.app.inject({
      method: 'GET',
      url: '/api/formBuilders/approvals/auth',
      headers: { approvercontactid: asks[0]!.id, passcode: query.get('t')! },
    });
    expect(auth.statusCode, auth.body).toBe(200);

    // Decided: no slot 2.
    await db()
      .update(formApprovals)
      .set({ decision: 'APPROVED', decidedAt: new Date() })
      .where(eq(formApprovals.id, asks[0]!.id));
    expect((await sweep(5)).approvers).toBe(0);
    const events = await db()
      .select({ event: formSubmissionEvents.event })
      .from(formSubmissionEvents)
      .where(
        and(
          eq(formSubmissionEvents.submissionId, submission!.id),
          inArray(formSubmissionEvents.event, ['APPROVER_REMINDED']),
        ),
      );
    expect(events).toHaveLength(1);
  });
});
