import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../db/database';
import { JobQueue } from './job-queue';

let database: Database & { drop: () => Promise<void> };
let jobs: JobQueue;
const seen: string[] = [];
let failuresLeft = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE job_test_items (name text primary key)`);
  jobs = new JobQueue({
    raw: database.raw,
    log: pino({ level: 'silent' }),
    runWorkers: true,
    pollingIntervalSeconds: 0.5,
  });
  jobs.define<{ tag: string }>({
    name: 'test.record',
    handler: async (data) => {
      seen.push(data.tag);
    },
  });
  jobs.define<{ tag: string }>({
    name: 'test.flaky',
    retryLimit: 3,
    retryDelaySeconds: 1,
    handler: async (data) => {
      if (failuresLeft-- > 0) throw new Error('first attempt fails');
      seen.push(data.tag);
    },
  });
  jobs.define({ name: 'test.nightly', cron: { expression: '0 3 * * *' }, handler: async () => undefined });
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function jobsNamed(name: string, tag: string): Promise<number> {
  const { rows } = await database.raw(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'tag' = $2`,
    [name, tag],
  );
  return (rows[0] as { n: number }).n;
}

describe('job queue', () => {
  it('runs a queued job', async () => {
    await jobs.send('test.record', { tag: 'plain' });
    await eventually(() => seen.includes('plain'), 'the plain job');
  });

  it('queues a job in the same transaction as the data: both or neither', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO job_test_items (name) VALUES ('committed')`);
      await jobs.send('test.record', { tag: 'committed' }, { tx });
    });
    jobs.wake('test.record');
    await eventually(() => seen.includes('committed'), 'the committed job');

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO job_test_items (name) VALUES ('rolled-back')`);
        await jobs.send('test.record', { tag: 'rolled-back' }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await jobsNamed('test.record', 'rolled-back')).toBe(0);
    const { rows } = await database.raw(`SELECT count(*)::int AS n FROM job_test_items WHERE name = $1`, [
      'rolled-back',
    ]);
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('retries a failing job until it succeeds', async () => {
    await jobs.send('test.flaky', { tag: 'flaky' });
    await eventually(() => seen.includes('flaky'), 'the retried job');
    expect(failuresLeft).toBeLessThan(0);
  });

  it('registers cron schedules', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('test.nightly');
  });

  it('refuses an unknown job name', async () => {
    await expect(jobs.send('test.nope', {})).rejects.toThrow('unknown job');
  });
});
