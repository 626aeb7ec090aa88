import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { loadConfig } from '../config/config';
import { createPlatform, type Platform } from '../platform';

/**
 * Crash tests with real processes on PostgreSQL: a worker process delivering mails is killed
 * (kill -9, then SIGTERM as a deploy does) in the middle of a batch; a new worker settles the rest
 * within 60 s. Nothing is lost; a crash may send one mail twice at most (SMTP accepted it, the
 * process died before recording SENT), and that copy carries the same Message-ID.
 */
const MAILS = 150;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An SMTP server that takes ~20 ms per mail and records each Message-ID it receives. */
async function slowSink() {
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID: (.+)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim();
        setTimeout(() => {
          messageIds.push(id ?? '?');
          callback();
        }, 20);
      });
    },
  });
  // A killed worker drops its connections mid-mail: that is the point of the test, not an error.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/worker.ts')], {
    env: { PATH: process.env.PATH, ...env, WORKER_INDEX: '0' },
    stdio: ['ignore', process.env.CRASH_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
}

async function counts(platform: Platform): Promise<{ sent: number; total: number }> {
  const { rows } = await platform.database.raw(
    `SELECT count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*)::int AS total FROM email_logs`,
  );
  return rows[0] as { sent: number; total: number };
}

async function until(check: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

describe.each([
  ['kill -9', 'SIGKILL' as const],
  ['SIGTERM', 'SIGTERM' as const],
])('a mail worker stopped by %s in the middle of a batch', (_label, signal) => {
  it('loses nothing; a new worker settles the rest within 60 s; at most one mail sent twice', async () => {
    const database = await createTestDatabase();
    const sink = await slowSink();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-crash-'));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      WORKERS: '1',
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
      const first = startWorker(env);
      workers.push(first);
      await until(async () => sink.messageIds.length >= 20, 'the first mails to go out', 60_000);

      const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
      first.kill(signal);
      const code = await exited;
      if (signal === 'SIGTERM') expect(code).toBe(0);
      const atStop = await counts(platform);
      expect(atStop.sent).toBeLessThan(MAILS);

      const stoppedAt = Date.now();
      workers.push(startWorker(env));
      await until(async () => (await counts(platform!)).sent === MAILS, 'every mail to be SENT', 60_000);
      expect(Date.now() - stoppedAt).toBeLessThan(60_000);

      // Every mail reached SMTP; a copy (if any) has the Message-ID of its first send.
      const unique = new Set(sink.messageIds);
      expect(unique.size).toBe(MAILS);
      expect(sink.messageIds.length - unique.size).toBeLessThanOrEqual(1);
      const { rows } = await platform.database.raw(`SELECT count(*)::int AS n FROM job_leases`);
      expect((rows[0] as { n: number }).n).toBe(0);
    } finally {
      for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
      await platform?.close();
      await sink.close();
      await database.drop();
    }
  }, 150_000);
});
