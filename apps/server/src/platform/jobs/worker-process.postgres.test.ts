import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { serverProcessArgs } from '../../../test/test-workers';
import { loadConfig } from '../config/config';
import { emailLogs } from '../mail/schema';
import { createPlatform, type Platform } from '../platform';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-workers-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Separate worker processes share PostgreSQL by design (PGlite belongs to one process): this
// file runs in the PostgreSQL pass of the API suite only (`*.postgres.test.ts`, vitest.config.ts).
describe('WORKERS=n', () => {
  it('refuses separate workers on the embedded database, with a clear message', async () => {
    const result = spawnSync(process.execPath, await serverProcessArgs('main'), {
      env: { PATH: process.env.PATH, DATA_DIR: tempDir(), WORKERS: '2', PORT: '0' },
      encoding: 'utf8',
      // A guard against a hang, not a timing: a server process on a loaded machine
      // can be slow to start.
      timeout: 120_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('WORKERS > 0 needs DATABASE_URL');
  }, 150_000);

  it('a separate worker process runs the jobs the API process queued', async () => {
    const database = await createTestDatabase();
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, WORKERS: '1', LOG_LEVEL: 'silent' };
    let platform: Platform | undefined;
    let worker: ChildProcess | undefined;
    try {
      platform = await createPlatform(loadConfig(env), pino({ level: 'silent' }), 'api', {
        database,
        pollingIntervalSeconds: 0.5,
      });
      const { id } = await platform.mail.queue({ to: 'buyer@example.com', subject: 'Hello', text: 'Hi' });

      // The API process only queues: nothing delivers the mail while no worker runs.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await statusOf(platform, id)).toBe('QUEUED');

      worker = spawn(process.execPath, await serverProcessArgs('worker'), {
        env: { PATH: process.env.PATH, ...env, WORKER_INDEX: '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 120_000; // a guard against a hang (see above)
      while ((await statusOf(platform, id)) !== 'OUTBOX' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await statusOf(platform, id)).toBe('OUTBOX');

      // A worker stops cleanly on SIGTERM.
      const exited = new Promise<number | null>((resolve) => worker!.once('exit', (code) => resolve(code)));
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (worker && worker.exitCode === null) worker.kill('SIGKILL');
      await platform?.close();
      await database.drop();
    }
  }, 180_000);
});

async function statusOf(platform: Platform, id: string): Promise<string | undefined> {
  const [row] = await platform.database.db
    .select({ status: emailLogs.status })
    .from(emailLogs)
    .where(eq(emailLogs.id, id));
  return row?.status;
}
