import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import {
  killAll,
  startWorker as startTestWorker,
  stopWorker,
  until,
  CRASH_LEASE_STALE_SECONDS,
} from '../../../test/test-workers';
import { documentLogs, employeeDocuments } from '../documents/schema';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { SEAL_HANG_AFTER_STORE_ENV } from './jobs';
import { documentSeals } from './schema';
import { SEAL_JOB } from './seal-queue';
import { completedFileKey } from './seal-service';
import { eventually, linkHeaders, pngDataUrl, sendForSigning, signerCaller } from './test-helpers';

/*
 * The reliability rule of issue 5: a process stopped while sealing (kill -9, or SIGTERM as a
 * deploy does) -> after restart the job reruns and the document completes with short leases (4 s), with one
 * final file. Real worker processes (WORKERS=1, the API process only queues) on PostgreSQL, so
 * this file runs in the PostgreSQL pass only.
 *
 * The first worker is started with the test hook that stops a sealing run right after the file
 * is stored; the test stops it there. kill -9: the job stays active with a lease nobody renews;
 * the next worker process hands it back once the lease is 20 s stale (platform/jobs). SIGTERM:
 * the worker gives the run 10 s, hands the job back itself and exits. Either way the rerun has
 * the job's id, which is the seal's claim, so it takes the claim over at once.
 */

let t: TestApp;
let acme: SeededCompany;
let databaseUrl: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url!;
  t = await buildTestApp({ DATABASE_URL: databaseUrl, WORKERS: '1' }, { database });
  acme = await seedCompany(t, { name: 'Acme Realty' });
});

afterAll(async () => {
  killAll(workers);
  await t?.close();
});

async function startWorker(index: number, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const worker = await startTestWorker(
    {
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: t.config.publicUrl,
      WORKERS: '1',
      JOB_LEASE_STALE_SECONDS: CRASH_LEASE_STALE_SECONDS,
      LOG_LEVEL: process.env.CRASH_LOG ?? 'silent',
      ...extraEnv,
    },
    index,
  );
  workers.push(worker);
  return worker;
}

const db = () => t.platform.database.db;

async function sealOf(documentId: string) {
  const [seal] = await db()
    .select()
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, documentId));
  return seal;
}

async function sealJobsOf(documentId: string) {
  const { rows } = await t.platform.database.raw(
    `SELECT id, state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'document_id' = $2`,
    [SEAL_JOB, documentId],
  );
  return rows as { id: string; state: string; retry_count: number }[];
}

const documentFiles = (documentId: string): string[] =>
  readdirSync(path.join(t.config.dataDir, 'files', 'companies', acme.companyId, 'documents', documentId));

/** Two parallel signers who both finish through the API: the seal job is queued, nobody runs it yet. */
async function finishedByEveryone() {
  const emails = [uniqueEmail('k'), uniqueEmail('l')] as const;
  const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    document_users: [signer('r1', emails[0]), signer('r2', emails[1])],
    fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2', { page: 2 })],
  });
  const as = signerCaller(t);
  const png = pngDataUrl();
  for (const [index, email] of emails.entries()) {
    const key = `f${index + 1}`;
    const res = await as('POST', `/api/documents/${sent._id}/finish`, await linkHeaders(t, email, sent._id), {
      values: { [key]: png },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { documentId: sent._id, emails };
}

/** A guard against a hang, not a timing claim (reclaim times are measured in bench/crash-recovery). */
const SETTLE_MS = 90_000;

describe.each([
  ['kill -9', 'SIGKILL' as const],
  ['SIGTERM', 'SIGTERM' as const],
])('a worker process stopped by %s while sealing', (label, signal) => {
  it('a restarted worker reruns the job and the document completes, with one final file', async () => {
    const { documentId, emails } = await finishedByEveryone();
    const key = completedFileKey(acme.companyId, documentId);
    const [queued] = await sealJobsOf(documentId);
    expect(queued).toBeDefined();

    // Worker 1 seals, stores the file, and stops there (test hook); then it is stopped.
    const first = await startWorker(0, { [SEAL_HANG_AFTER_STORE_ENV]: '1' });
    // A loaded machine may take a while to start a process: a generous deadline, polled.
    await until(async () => (await t.platform.storage.head(key)) !== null, 'the stored file', 120_000);
    const held = await until(
      async () => {
        const seal = await sealOf(documentId);
        return seal?.status === 'SEALING' ? seal : null;
      },
      'the claim of worker 1',
      30_000,
    );
    expect(held.claimId).toBe(queued!.id);
    const ended = await stopWorker(first, signal);
    if (signal === 'SIGTERM') {
      // Graceful: the run gets 10 s, does not finish (the hook), and is handed back to the queue
      // (a retry, startable at once) with its lease deleted; then the process exits.
      expect(ended).toEqual({ code: 0, signal: null });
      expect((await sealJobsOf(documentId))[0]?.state).toBe('retry');
      const { rows } = await t.platform.database.raw(`SELECT count(*)::int AS n FROM job_leases`);
      expect((rows[0] as { n: number }).n).toBe(0);
    } else {
      expect(ended.signal).toBe('SIGKILL');
      // What the killed run left: an active job with its lease, which nobody renews any more.
      expect((await sealJobsOf(documentId))[0]?.state).toBe('active');
    }

    // What the stopped run left: the file, a claim, a document still waiting.
    const [doc] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, documentId));
    expect(doc?.status).toBe('WAITING');
    expect((await sealOf(documentId))?.status).toBe('SEALING');
    expect(documentFiles(documentId).filter((f) => f.endsWith('.pdf'))).toEqual(['completed.pdf']);

    // Restart: a new worker process takes the job back (kill -9: once its lease is 20 s stale),
    // reruns it under the same claim (the job's id), and the document completes.
    await startWorker(1);
    const seal = await until(
      async () => {
        const current = await sealOf(documentId);
        return current?.status === 'DONE' ? current : null;
      },
      'the seal after the restart',
      SETTLE_MS,
    );
    const [completed] = await db()
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, documentId));
    expect(completed?.status).toBe('COMPLETED');
    expect(seal).toMatchObject({ fileKey: key, claimId: null, failures: 0, error: null });
    // The queue marks the job completed just after the handler returns: wait for that write.
    const job = await eventually(async () => {
      const [current] = await sealJobsOf(documentId);
      return current?.state === 'completed' ? current : null;
    }, 'the seal job marked completed');
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });

    // Exactly one final file, and it is the one the seal describes.
    expect(documentFiles(documentId).filter((f) => f.endsWith('.pdf'))).toEqual(['completed.pdf']);
    const bytes = await t.platform.storage.get(key);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(seal.sha256);
    expect(bytes.length).toBe(seal.size);

    // One completion: logged once, mailed once to each recipient, downloadable by the sender.
    const completions = await db()
      .select()
      .from(documentLogs)
      .where(
        and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.action, 'document.completed')),
      );
    expect(completions).toHaveLength(1);
    for (const email of emails) {
      expect((await mailsTo(t, email)).filter((m) => m.kind === 'document.completed')).toHaveLength(1);
    }
    const download = await caller(t)(
      'GET',
      `/api/documents/${documentId}/download-document`,
      acme.users.OWNER,
    );
    expect(download.statusCode, download.body).toBe(200);
    await eventually(async () => {
      const { rows } = await t.platform.database.raw(`SELECT count(*)::int AS n FROM job_leases`);
      return (rows[0] as { n: number }).n === 0;
    }, 'no lease left');
    killAll(workers);
  }, 300_000);
});
