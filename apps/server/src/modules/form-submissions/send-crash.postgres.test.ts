import type { ChildProcess } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import {
  killAll,
  slowSmtpSink,
  startWorker,
  stopWorker,
  until,
  CRASH_LEASE_STALE_SECONDS,
} from '../../../test/test-workers';
import { emailLogs } from '../../platform/mail/schema';
import { FORM_SEND_CHUNK, FORM_SEND_JOB } from './batch-job';
import { formBatches, formSubmissions } from './schema';
import { caller, createTemplate, seedContacts, seedForm, type SeededForm } from './send-test-utils';

/*
 * Crash tests of a form send with real processes on PostgreSQL (this file runs in the PostgreSQL
 * pass only), as the bulk send's: the API process only queues (WORKERS=1); a worker process sends
 * a form to 300 contacts (6 chunks of 50, one job each) and delivers the link mails to a slow SMTP
 * server. It is stopped in the middle, by kill -9, then by SIGTERM; a new worker settles the rest
 * with short leases (4 s). Each person ends with exactly one DRAFT submission and one link mail, SENT; a crash
 * copies one mail at most (kill -9 only: the mail SMTP took just before the kill).
 */

const PEOPLE = 300;
const COPIES_PER_CRASH = 1;
/** A guard against a hang, not a timing claim (reclaim times are measured in bench/crash-recovery). */
const SETTLE_MS = 90_000;

let t: TestApp;
let acme: SeededCompany;
let form: SeededForm;
let sink: Awaited<ReturnType<typeof slowSmtpSink>>;
let workerEnv: Record<string, string>;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  sink = await slowSmtpSink(20);
  const database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url!,
    WORKERS: '1',
    JOB_LEASE_STALE_SECONDS: CRASH_LEASE_STALE_SECONDS,
    SMTP_URL: sink.url,
    MAIL_FROM: 'e-Signs <no-reply@esigns.test>',
  };
  t = await buildTestApp(env, { database });
  workerEnv = {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    PUBLIC_URL: t.config.publicUrl,
    LOG_LEVEL: process.env.CRASH_LOG ?? 'silent',
  };
  acme = await seedCompany(t, { name: 'Acme Realty' });
  form = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER));
}, 120_000);

afterAll(async () => {
  killAll(workers);
  await t?.close();
  await sink?.close();
});

const db = () => t.platform.database.db;

async function startSend(domain: string): Promise<string> {
  const ids = await seedContacts(t, acme, PEOPLE, domain);
  const res = await caller(t)('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
    formbuilder_details_id: form.id,
    contact_ids: ids,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.batch_id;
}

async function batchOf(id: string) {
  const [batch] = await db().select().from(formBatches).where(eq(formBatches.id, id));
  return batch!;
}

async function mailRows(domain: string) {
  return db()
    .select({ id: emailLogs.id, status: emailLogs.status, messageId: emailLogs.messageId, to: emailLogs.to })
    .from(emailLogs)
    .where(and(eq(emailLogs.kind, 'form.sent'), sql`${emailLogs.to}[1] like ${`%@${domain}`}`));
}

async function sendJobs(id: string) {
  const { rows } = await t.platform.database.raw(
    `SELECT (data->>'from')::int AS "from", state FROM pgboss.job
     WHERE name = $1 AND data->>'batch_id' = $2 ORDER BY 1`,
    [FORM_SEND_JOB, id],
  );
  return rows as { from: number; state: string }[];
}

async function leases(): Promise<number> {
  const { rows } = await t.platform.database.raw(`SELECT count(*)::int AS n FROM job_leases`);
  return (rows[0] as { n: number }).n;
}

describe.each([
  ['kill -9', 'SIGKILL' as const],
  ['SIGTERM', 'SIGTERM' as const],
])('a worker stopped by %s in the middle of a form send', (label, signal) => {
  it('a new worker settles it: one submission and one mail per person, every mail SENT', async () => {
    const domain = `${signal.toLowerCase()}.form-send.example.com`;
    const id = await startSend(domain);
    const first = await startWorker(workerEnv, 0);
    workers.push(first);

    await until(
      async () =>
        (await batchOf(id)).cursor >= FORM_SEND_CHUNK &&
        sink.mails.some((m) => m.to.some((to) => to.endsWith(`@${domain}`))),
      'the first chunk and its first mails',
      120_000,
    );
    const ended = await stopWorker(first, signal);
    if (signal === 'SIGTERM') expect(ended).toEqual({ code: 0, signal: null });
    else expect(ended.signal).toBe('SIGKILL');

    const atStop = await batchOf(id);
    expect(atStop.cursor, `${label} came too late: the send was over`).toBeLessThan(PEOPLE);
    // A chunk commits whole or not at all: the cursor is always at a chunk's edge.
    expect(atStop.cursor % FORM_SEND_CHUNK).toBe(0);
    if (signal === 'SIGTERM') {
      expect((await sendJobs(id)).filter((j) => j.state === 'active')).toEqual([]);
      expect(await leases()).toBe(0);
    }

    workers.push(await startWorker(workerEnv, 1));
    await until(
      async () => {
        if ((await batchOf(id)).status !== 'DONE') return false;
        const mails = await mailRows(domain);
        return mails.length === PEOPLE && mails.every((m) => m.status === 'SENT');
      },
      'the send DONE and every mail SENT',
      SETTLE_MS,
    );

    expect(await batchOf(id)).toMatchObject({
      status: 'DONE',
      total: PEOPLE,
      cursor: PEOPLE,
      sent: PEOPLE,
      failed: 0,
    });
    const submissions = await db()
      .select({ email: formSubmissions.fillerEmail, status: formSubmissions.status })
      .from(formSubmissions)
      .where(eq(formSubmissions.batchId, id));
    expect(submissions).toHaveLength(PEOPLE);
    expect(new Set(submissions.map((s) => s.email)).size).toBe(PEOPLE);

    // Each person: one mail row, SENT; it reached SMTP, twice at most, with one Message-ID.
    const mails = await mailRows(domain);
    expect(mails).toHaveLength(PEOPLE);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(PEOPLE);
    const copies = sink.copies();
    const sentCopies = mails.map((m) => copies.get(`<${m.messageId?.replace(/^<|>$/g, '')}>`) ?? 0);
    expect(sentCopies.filter((n) => n === 0)).toEqual([]);
    expect(sentCopies.filter((n) => n > 2)).toEqual([]);
    const extra = sentCopies.reduce((sum, n) => sum + n - 1, 0);
    expect(extra).toBeLessThanOrEqual(signal === 'SIGTERM' ? 0 : COPIES_PER_CRASH);

    // One job per chunk (no second chain), all completed; no lease left.
    expect((await sendJobs(id)).map((j) => j.from)).toEqual(
      Array.from({ length: PEOPLE / FORM_SEND_CHUNK }, (_, i) => i * FORM_SEND_CHUNK),
    );
    await until(
      async () => (await sendJobs(id)).every((j) => j.state === 'completed'),
      'every chunk job completed',
      30_000,
    );
    await until(async () => (await leases()) === 0, 'no lease left', 30_000);
    await stopWorker(workers.at(-1)!, 'SIGTERM');
  }, 300_000);
});
