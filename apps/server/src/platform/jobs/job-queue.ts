import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { rawOn, type Db, type RawExecutor } from '../db/database';

/**
 * A lease not renewed for this long belongs to a dead process: its job goes back to the queue
 * (default; `JOB_LEASE_STALE_SECONDS` sets it). Leases are renewed, and dead ones looked for, four
 * times per period, so a dead process's jobs are reclaimed within 1.25 periods (25 s by default).
 */
export const LEASE_STALE_SECONDS = 20;
/** How often a process renews its leases and looks for dead ones, for a stale period. */
export const leaseRenewSeconds = (staleSeconds: number): number => Math.max(1, Math.floor(staleSeconds / 4));
/** On stop, running jobs get this long to finish; the rest are handed back to the queue. */
const STOP_GRACE_MS = 10_000;
/** The channel on which a committed `send` wakes the workers of every process. */
export const WAKE_CHANNEL = 'esigns_jobs';

export type JobDefinition<T extends object> = {
  name: string;
  /**
   * `signal` aborts when the job is handed back (the process is stopping): long handlers check it
   * between steps and return; what they wrote so far must let the next run resume.
   */
  handler: (data: T, job: { id: string; retryCount: number; signal: AbortSignal }) => Promise<void>;
  /** Attempts after the first one; with backoff the delays double each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * The longest one run may take before the queue gives the job to another worker. Crashes do not
   * wait for it: a dead process's jobs are reclaimed through their leases within ~25 s (by default).
   */
  expireInSeconds?: number;
  /** Jobs of this queue fetched together and run at once by each process (default 1). */
  concurrency?: number;
  /** Optional cron (UTC) that queues one job per tick, whatever the number of workers. */
  cron?: { expression: string; data?: object };
};

export type SendOptions = {
  /** Run inside this transaction: the job exists only if the transaction commits. */
  tx?: Pick<Db, 'execute'>;
  singletonKey?: string;
  startAfterSeconds?: number;
};

export type JobQueueOptions = {
  raw: RawExecutor;
  log: FastifyBaseLogger;
  /** Process jobs in this process (embedded default, or a worker process). */
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  /** Maintenance and cron need one process at least; workers do it, or the API in embedded mode. */
  supervise?: boolean;
  /**
   * Subscribes to a notification channel of the database (LISTEN); answers the unsubscribe.
   * Without it, workers of other processes find new jobs by polling only.
   */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /** How long stop() lets running jobs finish before handing them back (default 10 s). */
  stopGraceMs?: number;
  /** A lease not renewed for this long is a dead process's (default `LEASE_STALE_SECONDS`). */
  leaseStaleSeconds?: number;
};

type RunningJob = { queue: string; done: Promise<void>; abort: AbortController };

/**
 * The durable queue (pg-boss on the product's own database). Modules define jobs once; the API
 * process only sends them, worker processes (or the API itself in the embedded default) run them.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  /** Wakes the loop of a queue in this process. */
  private readonly wakers = new Map<string, () => void>();
  private readonly loops: Promise<void>[] = [];
  private started = false;
  /** Jobs running in this process, by id: stop() lets them finish or hands them back. */
  private readonly running = new Map<string, RunningJob>();
  /** Jobs handed back at stop while their handler still ran: their outcome is no longer ours. */
  private readonly handedBack = new Set<string>();
  /** This process's identity in `job_leases`. */
  private readonly owner = randomUUID();
  private leaseTimer: NodeJS.Timeout | undefined;
  private get staleSeconds(): number {
    return this.options.leaseStaleSeconds ?? LEASE_STALE_SECONDS;
  }
  private unlisten: (() => Promise<void>) | undefined;
  private stopping = false;
  private readonly log: FastifyBaseLogger;

  constructor(private readonly options: JobQueueOptions) {
    this.log = options.log.child({ component: 'jobs' });
    const supervise = options.supervise ?? options.runWorkers;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => options.raw(text, values) },
      supervise,
      schedule: supervise,
      migrate: true,
      maintenanceIntervalSeconds: 120,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after start`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const queue: PgBoss.Queue = {
        name: def.name,
        policy: 'standard',
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
      };
      const existing = await this.boss.getQueue(def.name);
      if (existing) await this.boss.updateQueue(def.name, queue);
      else await this.boss.createQueue(def.name, queue);
      if (def.cron && (this.options.supervise ?? this.options.runWorkers)) {
        await this.boss.schedule(def.name, def.cron.expression, def.cron.data ?? {});
      }
    }
    if (this.options.runWorkers) {
      for (const def of this.definitions.values()) this.startWorkers(def);
      this.leaseTimer = setInterval(
        () => void this.tendLeases(),
        leaseRenewSeconds(this.staleSeconds) * 1000,
      );
      this.leaseTimer.unref();
      void this.tendLeases();
      if (this.options.listen) {
        this.unlisten = await this.options.listen(WAKE_CHANNEL, (queue) => this.wake(queue));
      }
    }
    this.started = true;
  }

  /**
   * One loop per queue keeps up to `concurrency` of its jobs running: it fetches as many as there
   * are free slots, fetches again as soon as a slot frees, and sleeps only when the queue is empty
   * (until the polling interval passes or a `send` wakes it). Each job is settled on its own.
   */
  private startWorkers(def: JobDefinition<object>): void {
    const slots = def.concurrency ?? 1;
    const intervalMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    const inFlight = new Set<Promise<void>>();
    let woken = false;
    let wakeUp: (() => void) | undefined;
    this.wakers.set(def.name, () => {
      woken = true;
      wakeUp?.();
    });
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => (wakeUp = undefined));

    const loop = async (): Promise<void> => {
      while (!this.stopping) {
        const free = slots - inFlight.size;
        if (free === 0) {
          // Until a slot frees, or stop() wakes the loop.
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            void Promise.race(inFlight).then(() => resolve());
          }).finally(() => (wakeUp = undefined));
          continue;
        }
        woken = false;
        // pg-boss answers [] when the fetch fails (a lost connection): the loop sleeps and tries again.
        const jobs = await this.boss.fetch<object>(def.name, { batchSize: free, includeMetadata: true });
        if (jobs.length > 0) {
          const ids = jobs.map((job) => job.id);
          if (this.stopping) {
            await this.handBack(def.name, ids, 'its worker is stopping');
            break;
          }
          await this.takeLeases(def.name, ids);
          for (const job of jobs) {
            const done = this.run(def, job).finally(() => inFlight.delete(done));
            inFlight.add(done);
          }
          if (jobs.length === free) continue;
        }
        if (!woken && !this.stopping) await sleep(intervalMs);
      }
    };
    this.loops.push(
      loop().catch((err: unknown) =>
        this.log.error({ err, queue: def.name }, 'job loop stopped on an error'),
      ),
    );
  }

  private run(def: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const abort = new AbortController();
    const done = (async () => {
      try {
        await def.handler(job.data, { id: job.id, retryCount: job.retryCount, signal: abort.signal });
        if (!this.handedBack.has(job.id)) await this.boss.complete(def.name, job.id);
      } catch (err) {
        this.log.warn({ err, job: def.name, id: job.id, retry: job.retryCount }, 'job failed');
        if (!this.handedBack.has(job.id)) {
          await this.boss.fail(def.name, job.id, {
            message: err instanceof Error ? err.message : String(err),
          });
        }
      } finally {
        this.running.delete(job.id);
        if (!this.handedBack.has(job.id)) await this.releaseLease(job.id);
      }
    })().catch((err: unknown) =>
      this.log.error({ err, job: def.name, id: job.id }, 'job outcome not recorded'),
    );
    this.running.set(job.id, { queue: def.name, done, abort });
    return done;
  }

  private async takeLeases(queue: string, ids: string[]): Promise<void> {
    await this.options.raw(
      `INSERT INTO job_leases (job_id, queue, owner)
       SELECT unnest($1::uuid[]), $2, $3
       ON CONFLICT (job_id) DO UPDATE SET queue = EXCLUDED.queue, owner = EXCLUDED.owner, renewed_at = now()`,
      [ids, queue, this.owner],
    );
  }

  private async releaseLease(id: string): Promise<void> {
    await this.options.raw(`DELETE FROM job_leases WHERE job_id = $1 AND owner = $2`, [id, this.owner]);
  }

  /** Renews this process's leases, then hands back the jobs of processes that stopped renewing theirs. */
  private async tendLeases(): Promise<void> {
    try {
      if (this.running.size > 0) {
        await this.options.raw(`UPDATE job_leases SET renewed_at = now() WHERE owner = $1`, [this.owner]);
      }
      const { rows: stale } = await this.options.raw(
        `DELETE FROM job_leases WHERE owner <> $1 AND renewed_at < now() - make_interval(secs => $2)
         RETURNING job_id, queue`,
        [this.owner, this.staleSeconds],
      );
      // A process that died between fetching jobs and leasing them left them active with no lease.
      const { rows: unleased } = await this.options.raw(
        `SELECT j.id AS job_id, j.name AS queue FROM pgboss.job j
         WHERE j.state = 'active' AND j.name = ANY($1::text[])
           AND j.started_on < now() - make_interval(secs => $2)
           AND NOT EXISTS (SELECT 1 FROM job_leases l WHERE l.job_id = j.id)`,
        [[...this.definitions.keys()], this.staleSeconds],
      );
      const byQueue = new Map<string, string[]>();
      for (const row of [...stale, ...unleased] as { job_id: string; queue: string }[]) {
        byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row.job_id]);
      }
      for (const [queue, ids] of byQueue) {
        this.log.warn({ queue, jobs: ids.length }, 'jobs of a stopped worker handed back to the queue');
        await this.handBack(queue, ids, 'its worker stopped');
      }
    } catch (err) {
      if (!this.stopping) this.log.error({ err }, 'job leases not tended');
    }
  }

  /** Returns active jobs to the queue (a retry, counted), to be taken again at once. */
  private async handBack(queue: string, ids: string[], reason: string): Promise<void> {
    this.log.info({ queue, ids, reason }, 'jobs handed back');
    await this.boss.fail(queue, ids);
    await this.options.raw(
      `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'`,
      [queue, ids],
    );
    this.wake(queue);
  }

  /** Queues a job; with `tx` it is written in the caller's transaction. Returns the job id. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.tx ? { db: { executeSql: rawOn(options.tx) } } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      // As a time: pg-boss's SQL casts the value to a timestamp in one branch of its CASE, and a
      // number of seconds ('5') fails that cast when the parameter is bound (on both databases).
      ...(options.startAfterSeconds
        ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
        : {}),
    });
    // Delivered at commit when in a transaction: every process's workers of the queue wake then.
    await (options.tx ? rawOn(options.tx) : this.options.raw)(`SELECT pg_notify($1, $2)`, [
      WAKE_CHANNEL,
      name,
    ]);
    if (!options.tx) this.wake(name);
    return id;
  }

  /**
   * Queues several jobs of one queue in one statement (the queue's retry settings apply); with
   * `tx` they are written in the caller's transaction.
   */
  async sendMany<T extends object>(
    name: string,
    items: T[],
    options: Pick<SendOptions, 'tx'> = {},
  ): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    if (items.length === 0) return;
    await this.boss.insert(
      items.map((data) => ({ name, data })),
      options.tx ? { db: { executeSql: rawOn(options.tx) } } : {},
    );
    await (options.tx ? rawOn(options.tx) : this.options.raw)(`SELECT pg_notify($1, $2)`, [
      WAKE_CHANNEL,
      name,
    ]);
    if (!options.tx) this.wake(name);
  }

  /** Wakes this process's idle workers of a queue (after a commit that queued jobs). */
  wake(name: string): void {
    this.wakers.get(name)?.();
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Stops taking work, lets running jobs finish for up to 10 s, hands the others back to the queue
   * (another process, or this one after a restart, takes them at once), then stops. Call it before
   * the database closes.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    clearInterval(this.leaseTimer);
    await this.unlisten?.().catch((err: unknown) => this.log.warn({ err }, 'job wake-ups not unsubscribed'));
    // Stop taking work: every loop ends after its current fetch (a batch fetched now is handed back).
    for (const wake of this.wakers.values()) wake();
    await Promise.all(this.loops);
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((job) => job.done)),
        new Promise((resolve) => (timer = setTimeout(resolve, this.options.stopGraceMs ?? STOP_GRACE_MS))),
      ]);
      clearTimeout(timer);
    }
    const left = new Map<string, string[]>();
    for (const [id, job] of this.running) {
      this.handedBack.add(id);
      job.abort.abort();
      left.set(job.queue, [...(left.get(job.queue) ?? []), id]);
    }
    for (const [queue, ids] of left) {
      this.log.warn({ queue, jobs: ids.length }, 'stopping: unfinished jobs handed back to the queue');
      await this.handBack(queue, ids, 'its worker stopped');
      await this.options.raw(`DELETE FROM job_leases WHERE job_id = ANY($1::uuid[])`, [ids]);
    }
    await this.boss.stop({ graceful: false, close: false });
  }
}
