import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import {
  killAll,
  slowSmtpSink,
  startWorker,
  stopWorker,
  until,
  CRASH_LEASE_STALE_SECONDS,
} from '../../../test/test-workers';
import { loadConfig } from '../config/config';
import { createPlatform, type Platform } from '../platform';

/**
 * Crash tests with real processes on PostgreSQL: a worker process delivering mails is killed
 * (kill -9, then SIGTERM as a deploy does) in the middle of a batch; a new worker settles the rest
 * with short leases (4 s). Nothing is lost; a crash may send one mail twice at most (SMTP accepted it, the
 * process died before recording SENT), and that copy carries the same Message-ID.
 */
const MAILS = 150;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function counts(platform: Platform): Promise<{ sent: number; total: number }> {
  const { rows } = await platform.database.raw(
    `SELECT count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*)::int AS total FROM email_logs`,
  );
  return rows[0] as { sent: number; total: number };
}

describe.each([
  ['kill -9', 'SIGKILL' as const],
  ['SIGTERM', 'SIGTERM' as const],
])('a mail worker stopped by %s in the middle of a batch', (_label, signal) => {
  it('loses nothing; a new worker settles the rest; at most one mail sent twice', async () => {
    const database = await createTestDatabase();
    const sink = await slowSmtpSink(20);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-crash-'));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      WORKERS: '1',
      JOB_LEASE_STALE_SECONDS: CRASH_LEASE_STALE_SECONDS,
      LOG_LEVEL: process.env.CRASH_LOG ?? 'silent',
      SMTP_URL: sink.url,
      MAIL_FROM: 'e-Signs <no-reply@esigns.test>',
    };
    let platform: Platform | undefined;
    const workers: ChildProcess[] = [];
    try {
      platform = await createPlatform(loadConfig(env), pino({ level: 'silent' }), 'api', { database });
      for (let i = 0; i < MAILS; i++) {
        await platform.mail.queue({
          to: `buyer${i}@example.com`,
          subject: `Agreement ${i}`,
          text: 'Please sign.',
        });
      }
      const first = await startWorker(env);
      workers.push(first);
      await until(async () => sink.mails.length >= 20, 'the first mails to go out', 120_000);

      const { code } = await stopWorker(first, signal);
      if (signal === 'SIGTERM') expect(code).toBe(0);
      const atStop = await counts(platform);
      expect(atStop.sent).toBeLessThan(MAILS);

      workers.push(await startWorker(env));
      await until(async () => (await counts(platform!)).sent === MAILS, 'every mail to be SENT', 90_000);

      // Every mail reached SMTP; a copy (if any) has the Message-ID of its first send.
      const messageIds = sink.mails.map((m) => m.messageId);
      const unique = new Set(messageIds);
      expect(unique.size).toBe(MAILS);
      expect(messageIds.length - unique.size).toBeLessThanOrEqual(1);
      // The last jobs' leases go just after their mails are SENT (the job completes, then its lease).
      await until(
        async () => {
          const { rows } = await platform!.database.raw(`SELECT count(*)::int AS n FROM job_leases`);
          return (rows[0] as { n: number }).n === 0;
        },
        'no lease left',
        30_000,
      );
    } finally {
      killAll(workers);
      await platform?.close();
      await sink.close();
      await database.drop();
    }
  }, 300_000);
});
