import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, employeeDocuments } from '../documents/schema';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { SEAL_HANG_AFTER_STORE_ENV } from './jobs';
import { documentSeals } from './schema';
import { SEAL_JOB } from './seal-queue';
import { completedFileKey } from './seal-service';
import { eventually, linkHeaders, pngDataUrl, sendForSigning, signerCaller } from './test-helpers';

/*
 * The reliability rule of issue 5: a process killed (SIGKILL) while sealing -> after restart the
 * job reruns and the document completes, with one final file. Real worker processes (WORKERS=1,
 * the API process only queues) on PostgreSQL, so this file runs in the PostgreSQL pass only.
 *
 * The first worker is started with the test hook that stops a sealing run right after the file
 * is stored; the test SIGKILLs it there. The queue gives a dead run up after the job's expiry
 * (180 s) and the seal lease after 150 s: the test moves those clocks back instead of waiting,
 * then runs the queue's own expiry statement (pg-boss maintenance, every 120 s in a worker).
 * A second, normal worker process then reruns the job.
 */

const require = createRequire(import.meta.url);
const bossPlans = require('pg-boss/src/plans.js') as { failJobsByTimeout: (schema: string) => string };

const workerEntry = path.resolve('apps/server/src/worker.ts');

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
  for (const worker of workers)
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await t?.close();
});

function startWorker(index: number, extraEnv: Record<string, string> = {}): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: t.config.publicUrl,
      WORKERS: '1',
      WORKER_INDEX: String(index),
      LOG_LEVEL: 'silent',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

describe('a worker process killed (SIGKILL) while sealing', () => {
  it('after restart the job reruns and the document completes, with one final file', async () => {
    const { documentId, emails } = await finishedByEveryone();
    const key = completedFileKey(acme.companyId, documentId);
    const [queued] = await sealJobsOf(documentId);
    expect(queued).toBeDefined();

    // Worker 1 seals, stores the file, and stops there (test hook); then it is killed.
    const first = startWorker(0, { [SEAL_HANG_AFTER_STORE_ENV]: '1' });
    await eventually(async () => (await t.platform.storage.head(key)) !== null, 'the stored file');
    const held = await eventually(async () => {
      const seal = await sealOf(documentId);
      return seal?.status === 'SEALING' ? seal : null;
    }, 'the claim of worker 1');
    expect(held.claimId).toBe(queued!.id);
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.once('exit', (_code, signal) => resolve(signal)),
    );
    first.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // What the killed run left: the file, a claim, an active job, a document still waiting.
    const [doc] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, documentId));
    expect(doc?.status).toBe('WAITING');
    expect((await sealJobsOf(documentId))[0]?.state).toBe('active');
    expect(documentFiles(documentId).filter((f) => f.endsWith('.pdf'))).toEqual(['completed.pdf']);

    // Time passes: the job's expiry (180 s) and the seal lease (150 s) run out, and the queue's
    // maintenance gives the dead run up: the job goes to retry.
    await t.platform.database.raw(
      `UPDATE pgboss.job SET started_on = now() - expire_in - interval '1 minute' WHERE id = $1`,
      [queued!.id],
    );
    await db()
      .update(documentSeals)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(documentSeals.employeeDocumentId, documentId));
    await t.platform.database.raw(bossPlans.failJobsByTimeout('pgboss'));
    expect((await sealJobsOf(documentId))[0]?.state).toBe('retry');

    // Restart: a new worker process reruns the job and the document completes.
    startWorker(1);
    const seal = await eventually(async () => {
      const current = await sealOf(documentId);
      return current?.status === 'DONE' ? current : null;
    }, 'the seal after the restart');
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
  }, 120_000);
});
