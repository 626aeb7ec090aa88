import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../db/database';
import { JobQueue, LEASE_STALE_SECONDS } from './job-queue';
import { wakeListener } from './wake-listener';

/**
 * Jobs survive the death of the process running them: a dead process's jobs go back to the queue
 * through their leases (not after the job's long timeout), and a stopping process hands back what
 * it could not finish.
 */
let database: Database & { drop: () => Promise<void>; url?: string };
const queues: JobQueue[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.drop();
});

function queue(
  handlers: Record<string, (tag: string, signal: AbortSignal) => Promise<void>>,
  stopGraceMs?: number,
): JobQueue {
  const jobs = new JobQueue({
    raw: database.raw,
    log,
    runWorkers: true,
    pollingIntervalSeconds: 0.5,
    ...(stopGraceMs !== undefined ? { stopGraceMs } : {}),
  });
  for (const [name, handler] of Object.entries(handlers)) {
    jobs.define<{ tag: string }>({
      name,
      handler: (data, job) => handler(data.tag, job.signal),
      expireInSeconds: 3600,
    });
  }
  queues.push(jobs);
  return jobs;
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 40_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function stateOf(id: string): Promise<string | undefined> {
  const { rows } = await database.raw(`SELECT state FROM pgboss.job WHERE id = $1`, [id]);
  return (rows[0] as { state: string } | undefined)?.state;
}

describe('job leases', () => {
  it("takes back the job of a process that died while running it, long before the job's timeout", async () => {
    const seen: string[] = [];
    const jobs = queue({ 'test.reclaim': async (tag) => void seen.push(tag) });
    await jobs.start();

    // A job another process took (active, timeout an hour away) and then died on: its lease was
    // last renewed long ago.
    const id = await jobs.boss.send('test.reclaim', { tag: 'orphan' }, { startAfter: 3600 });
    await database.raw(
      `UPDATE pgboss.job SET state = 'active', started_on = now(), start_after = now() WHERE id = $1`,
      [id],
    );
    await database.raw(
      `INSERT INTO job_leases (job_id, queue, owner, renewed_at)
       VALUES ($1, 'test.reclaim', $2, now() - make_interval(secs => $3))`,
      [id, randomUUID(), LEASE_STALE_SECONDS + 1],
    );

    await eventually(() => seen.includes('orphan'), 'the orphaned job to run again');
    await eventually(async () => (await stateOf(id!)) === 'completed', 'the job to complete');
    const { rows } = await database.raw(`SELECT count(*)::int AS n FROM job_leases WHERE job_id = $1`, [id]);
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('keeps the leases of a live process renewed: its long job is not taken from it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const jobs = queue({
      'test.long': async () => {
        runs++;
        await gate;
      },
    });
    await jobs.start();
    const id = await jobs.send('test.long', { tag: 'long' });
    await eventually(() => runs === 1, 'the long job to start');
    const { rows } = await database.raw(
      `SELECT extract(epoch FROM now() - renewed_at)::float AS age FROM job_leases WHERE job_id = $1`,
      [id],
    );
    expect((rows[0] as { age: number }).age).toBeLessThan(LEASE_STALE_SECONDS);
    release();
    await eventually(async () => (await stateOf(id!)) === 'completed', 'the long job to complete');
    expect(runs).toBe(1);
  });

  it('on stop, finishes what it can, hands the rest back, and another process runs it at once', async () => {
    let started = false;
    let jobSignal: AbortSignal | undefined;
    const stopping = queue(
      {
        'test.handover': async (_tag, signal) => {
          started = true;
          jobSignal = signal;
          await new Promise(() => undefined); // never settles: the process must hand it back
        },
      },
      300,
    );
    await stopping.start();
    const id = await stopping.send('test.handover', { tag: 'handover' });
    await eventually(() => started, 'the job to start');

    expect(jobSignal?.aborted).toBe(false);
    await stopping.stop();
    expect(jobSignal?.aborted).toBe(true);
    expect(await stateOf(id!)).toBe('retry');
    const { rows } = await database.raw(`SELECT count(*)::int AS n FROM job_leases WHERE job_id = $1`, [id]);
    expect((rows[0] as { n: number }).n).toBe(0);

    const seen: string[] = [];
    const next = queue({ 'test.handover': async (tag) => void seen.push(tag) });
    await next.start();
    await eventually(() => seen.includes('handover'), 'the handed-back job to run elsewhere', 10_000);
  });

  it('a committed send wakes the workers of every process on the database (NOTIFY), not only its own', async () => {
    const seen: string[] = [];
    const worker = new JobQueue({ raw: database.raw, log, runWorkers: true, pollingIntervalSeconds: 30 });
    worker.define<{ tag: string }>({ name: 'test.wake', handler: async (d) => void seen.push(d.tag) });
    const wakes: string[] = [];
    // The database's LISTEN, as platform.ts wires it (PGlite's own, or a PostgreSQL connection).
    const databaseListen = wakeListener(database, database.url, log)!;
    const listen = (channel: string, on: (payload: string) => void) =>
      databaseListen(channel, (payload) => {
        wakes.push(payload);
        on(payload);
      });
    const listening = new JobQueue({
      raw: database.raw,
      log,
      runWorkers: true,
      pollingIntervalSeconds: 30,
      listen,
    });
    listening.define<{ tag: string }>({ name: 'test.wake', handler: async (d) => void seen.push(d.tag) });
    const sender = new JobQueue({ raw: database.raw, log, runWorkers: false });
    sender.define<{ tag: string }>({ name: 'test.wake', handler: async () => undefined });
    queues.push(worker, listening, sender);
    await worker.start();
    await listening.start();
    await sender.start();
    // Both workers have polled once at start; the next poll is 30 s away.
    await new Promise((r) => setTimeout(r, 500));

    await database.db.transaction(async (tx) => {
      await sender.send('test.wake', { tag: 'woken' }, { tx });
    });
    await eventually(() => seen.includes('woken'), 'a worker woken by the commit', 10_000);
    expect(wakes).toContain('test.wake');
  });
});
