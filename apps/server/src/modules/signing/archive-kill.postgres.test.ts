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
import { makeTestCa, startTestTsa, tsaIdentity, type TestTsa } from '../../platform/pdf/test-pki';
import { documentLogs } from '../documents/schema';
import { ARCHIVE_RENEW_JOB, runArchiveSweep } from './archive-renewal';
import { ARCHIVE_HANG_AFTER_STORE_ENV } from './jobs';
import { documentSeals, documentSealVersions } from './schema';
import { completedFileKey } from './seal-service';
import { eventually, sealedNow } from './test-helpers';

/*
 * The archival renewal's reliability rule: a worker process killed (kill -9) in the middle of a
 * renewal, after it stored the renewed file and before it switched the seal to it, leaves the
 * seal on its old file; the restarted worker reruns the job and the document is renewed exactly
 * once. Real worker processes (WORKERS=1) on PostgreSQL: this file runs in the PostgreSQL pass only.
 */

const DAY = 86_400_000;
let t: TestApp;
let acme: SeededCompany;
let tsa: TestTsa;
let databaseUrl: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  const ca = await makeTestCa();
  tsa = await startTestTsa(ca, { notAfter: new Date(Date.now() + 30 * DAY) });
  const database = await createTestDatabase();
  databaseUrl = database.url!;
  t = await buildTestApp(
    { DATABASE_URL: databaseUrl, WORKERS: '1', TSA_URLS: tsa.url, LTA_RENEWAL: 'true' },
    { database },
  );
  acme = await seedCompany(t, { name: 'Acme Archives' });
  // Sealed by the short-lived authority; renewals get the long-lived one.
  const near = await sealedNow(t, acme, { name: 'Killed renewal', emailTag: 'kill' });
  documentId = near.id;
  tsa.identity = await tsaIdentity(ca, { notAfter: new Date(Date.now() + 3 * 365 * DAY) });
});

afterAll(async () => {
  killAll(workers);
  await t?.close();
  await tsa?.close();
});

let documentId: string;

async function startWorker(index: number, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const worker = await startTestWorker(
    {
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: t.config.publicUrl,
      WORKERS: '1',
      JOB_LEASE_STALE_SECONDS: CRASH_LEASE_STALE_SECONDS,
      TSA_URLS: tsa.url,
      LTA_RENEWAL: 'true',
      LOG_LEVEL: process.env.CRASH_LOG ?? 'silent',
      ...extraEnv,
    },
    index,
  );
  workers.push(worker);
  return worker;
}

const sealOf = async () =>
  (
    await t.platform.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, documentId))
  )[0]!;

const versionFiles = (): string[] => {
  const dir = path.join(
    t.config.dataDir,
    'files',
    'companies',
    acme.companyId,
    'documents',
    documentId,
    'sealed-versions',
  );
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  } catch {
    return [];
  }
};

async function renewJob() {
  const { rows } = await t.platform.database.raw(
    `SELECT id, state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'document_id' = $2`,
    [ARCHIVE_RENEW_JOB, documentId],
  );
  return rows[0] as { id: string; state: string; retry_count: number } | undefined;
}

describe('a worker process killed (kill -9) during an archival renewal', () => {
  it('a restarted worker renews the document exactly once; the old file stays until the switch', async () => {
    const before = await sealOf();
    const old = await t.platform.storage.get(before.fileKey!);
    expect(await runArchiveSweep(t.platform)).toBe(1);

    // Worker 1 renews, stores the new file (next to the kept old one) and stops there (test hook).
    const first = await startWorker(0, { [ARCHIVE_HANG_AFTER_STORE_ENV]: '1' });
    await until(async () => versionFiles().length === 2, 'the renewed file of worker 1', 120_000);
    expect((await stopWorker(first, 'SIGKILL')).signal).toBe('SIGKILL');

    // What the killed run left: the seal still on its old file, nothing logged, the job active.
    const left = await sealOf();
    expect(left).toMatchObject({ sha256: before.sha256, fileKey: before.fileKey, archiveRenewals: 0 });
    expect((await t.platform.storage.get(left.fileKey!)).equals(old)).toBe(true);
    expect((await renewJob())?.state).toBe('active');

    // Restart: the job comes back once its lease is stale, and the rerun renews.
    await startWorker(1);
    const renewed = await until(
      async () => {
        const seal = await sealOf();
        return seal.archiveRenewals > 0 ? seal : null;
      },
      'the renewal after the restart',
      90_000,
    );
    const job = await eventually(async () => {
      const current = await renewJob();
      return current?.state === 'completed' ? current : null;
    }, 'the renewal job marked completed');
    expect(job.retry_count).toBe(1);
    expect(renewed).toMatchObject({ archiveRenewals: 1, archiveError: null });
    expect(renewed.sha256).not.toBe(before.sha256);

    // Exactly one renewal: one audit row, one earlier version, the seal's file what it says.
    const logs = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(
          eq(documentLogs.employeeDocumentId, documentId),
          eq(documentLogs.action, 'document.archive_timestamp_renewed'),
        ),
      );
    expect(logs).toHaveLength(1);
    const versions = await t.platform.database.db
      .select()
      .from(documentSealVersions)
      .where(eq(documentSealVersions.employeeDocumentId, documentId));
    expect(versions.map((v) => v.sha256)).toEqual([before.sha256]);
    const bytes = await t.platform.storage.get(renewed.fileKey!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(renewed.sha256);
    expect(bytes.length).toBe(renewed.size);
    expect(bytes.subarray(0, old.length).equals(old)).toBe(true);
    await eventually(async () => {
      const fixed = await t.platform.storage.get(completedFileKey(acme.companyId, documentId));
      return fixed.equals(bytes);
    }, 'completed.pdf updated');
    // The killed run's own renewed file is left unreferenced (it never became the seal's).
    expect(versionFiles()).toHaveLength(3);
    killAll(workers);
  }, 300_000);
});
