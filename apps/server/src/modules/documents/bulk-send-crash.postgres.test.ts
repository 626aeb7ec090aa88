import type { ChildProcess } from 'node:child_process';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
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
import { BULK_CHUNK, BULK_SEND_JOB } from './bulk-send';
import { bulkSends, documentUsers, employeeDocuments } from './schema';
import { createDocument, saveLayout, signatureField } from './test-helpers';

/*
 * Crash tests of bulk send with real processes on PostgreSQL (this file runs in the PostgreSQL
 * pass only). The API process only queues (WORKERS=1); a worker process sends a 300-row bulk send
 * (6 chunks of 50, one job each) and delivers its mails to a slow SMTP server. It is stopped in
 * the middle, by kill -9, then by SIGTERM as a deploy does; a new worker process settles the rest
 * with short leases (4 s). Each row ends as exactly one document with one recipient and one mail row, every
 * mail SENT; a crash copies one mail at most (kill -9 only: the mail SMTP took just before the
 * kill, on the mail service's one connection; see platform/mail/README.md), with the Message-ID
 * of its first send.
 */

const ROWS = 300;
/** Copies one crash may make: one per SMTP connection of the mail service (one). */
const COPIES_PER_CRASH = 1;
/** A guard against a hang, not a timing claim (reclaim times are measured in bench/crash-recovery). */
const SETTLE_MS = 90_000;

let t: TestApp;
let acme: SeededCompany;
let template: TConfigurableDocument;
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
  const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, {
    isTemplate: true,
    name: 'Rental agreement',
  });
  template = await saveLayout(t, acme.users.OWNER, tpl, {
    fields: [
      signatureField('sig', 'tenant'),
      {
        key: 'rent',
        type: 'TEXT',
        page: 1,
        x: 50,
        y: 50,
        width: 100,
        height: 20,
        recipient_key: 'tenant',
        label: 'Monthly rent',
      },
    ],
    document_users: [{ key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' }],
  });
}, 120_000);

afterAll(async () => {
  killAll(workers);
  await t?.close();
  await sink?.close();
});

async function startBulkSend(domain: string): Promise<string> {
  const lines = ['Tenant Email,Tenant First Name,Tenant Last Name,Monthly rent'];
  for (let i = 0; i < ROWS; i++) lines.push(`tenant${i}@${domain},Tenant,Number ${i},${1000 + i}`);
  const boundary = `----crash${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tenants.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(lines.join('\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/document-templates/${template._id}/bulk-send`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${acme.users.OWNER.token}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.bulk_send_id;
}

const db = () => t.platform.database.db;

async function bulkOf(id: string) {
  const [bulk] = await db().select().from(bulkSends).where(eq(bulkSends.id, id));
  return bulk!;
}

/** The bulk send's mail rows (one per recipient), by the recipients' domain. */
async function mailRows(domain: string) {
  return db()
    .select({ id: emailLogs.id, status: emailLogs.status, messageId: emailLogs.messageId, to: emailLogs.to })
    .from(emailLogs)
    .where(eq(emailLogs.kind, 'document.sent'))
    .then((rows) => rows.filter((r) => r.to.some((to) => to.endsWith(`@${domain}`))));
}

async function bulkJobs(id: string) {
  const { rows } = await t.platform.database.raw(
    `SELECT (data->>'from')::int AS "from", state FROM pgboss.job
     WHERE name = $1 AND data->>'bulk_send_id' = $2 ORDER BY 1`,
    [BULK_SEND_JOB, id],
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
])('a worker stopped by %s in the middle of a bulk send', (label, signal) => {
  it('a new worker settles it: one document per row, every mail SENT, no lost or extra mail', async () => {
    const domain = `${signal.toLowerCase()}.bulk.example.com`;
    const id = await startBulkSend(domain);
    const first = await startWorker(workerEnv, 0);
    workers.push(first);

    // Stopped once a chunk is recorded and mails are going out: the next chunk is on its way.
    await until(
      async () =>
        (await bulkOf(id)).sent >= BULK_CHUNK &&
        sink.mails.some((m) => m.to.some((to) => to.endsWith(`@${domain}`))),
      'the first chunk and its first mails',
      120_000,
    );
    const stoppedAt = Date.now();
    const ended = await stopWorker(first, signal);
    if (signal === 'SIGTERM') expect(ended).toEqual({ code: 0, signal: null });
    else expect(ended.signal).toBe('SIGKILL');

    const atStop = await bulkOf(id);
    expect(atStop.sent, `${label} came too late: the bulk send was over`).toBeLessThan(ROWS);
    if (signal === 'SIGTERM') {
      // Graceful: the chunk in flight finished (or was handed back), whole; nothing is left active
      // or leased; the next chunk waits in the queue.
      expect((atStop.sent + atStop.failed) % BULK_CHUNK).toBe(0);
      expect((await bulkJobs(id)).filter((j) => j.state === 'active')).toEqual([]);
      expect(await leases()).toBe(0);
    }

    // Restart: a new worker process finishes the rest.
    workers.push(await startWorker(workerEnv, 1));
    await until(
      async () => {
        const bulk = await bulkOf(id);
        if (bulk.status !== 'DONE') return false;
        const mails = await mailRows(domain);
        return mails.length === ROWS && mails.every((m) => m.status === 'SENT');
      },
      'the bulk send DONE and every mail SENT',
      SETTLE_MS,
    );
    const settledMs = Date.now() - stoppedAt;

    // Each row: exactly one document, with one recipient.
    expect(await bulkOf(id)).toMatchObject({
      status: 'DONE',
      total: ROWS,
      sent: ROWS,
      failed: 0,
      errors: [],
    });
    const docs = await db()
      .select({ id: employeeDocuments.id, sendKey: employeeDocuments.sendKey })
      .from(employeeDocuments)
      .where(like(employeeDocuments.sendKey, `bulk:${id}:%`));
    expect(docs).toHaveLength(ROWS);
    expect(new Set(docs.map((d) => d.sendKey)).size).toBe(ROWS);
    const recipients = await db()
      .select({ email: documentUsers.email })
      .from(documentUsers)
      .where(
        inArray(
          documentUsers.employeeDocumentId,
          docs.map((d) => d.id),
        ),
      );
    expect(recipients).toHaveLength(ROWS);
    expect(new Set(recipients.map((r) => r.email)).size).toBe(ROWS);

    // Each recipient: one mail row, SENT; it reached SMTP, twice at most, with one Message-ID.
    const mails = await mailRows(domain);
    expect(mails).toHaveLength(ROWS);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(ROWS);
    const copies = sink.copies();
    const sentCopies = mails.map((m) => copies.get(`<${m.messageId?.replace(/^<|>$/g, '')}>`) ?? 0);
    expect(sentCopies.filter((n) => n === 0)).toEqual([]);
    expect(sentCopies.filter((n) => n > 2)).toEqual([]);
    const extra = sentCopies.reduce((sum, n) => sum + n - 1, 0);
    expect(extra).toBeLessThanOrEqual(signal === 'SIGTERM' ? 0 : COPIES_PER_CRASH);
    const toDomain = sink.mails.filter((m) => m.to.some((to) => to.endsWith(`@${domain}`)));
    expect(toDomain).toHaveLength(ROWS + extra);
    if (process.env.CRASH_LOG !== undefined) {
      console.info(
        `${label}: stopped at ${atStop.sent}/${ROWS} rows, settled ${settledMs} ms later, ${extra} mails sent twice`,
      );
    }

    // One job per chunk (no second chain), all completed; no lease left.
    const jobs = await bulkJobs(id);
    expect(jobs.map((j) => j.from)).toEqual(
      Array.from({ length: Math.ceil(ROWS / BULK_CHUNK) }, (_, i) => i * BULK_CHUNK),
    );
    await until(
      async () => (await bulkJobs(id)).every((j) => j.state === 'completed'),
      'every chunk job completed',
      30_000,
    );
    await until(async () => (await leases()) === 0, 'no lease left', 30_000);
    await stopWorker(workers.at(-1)!, 'SIGTERM');
  }, 300_000);
});
