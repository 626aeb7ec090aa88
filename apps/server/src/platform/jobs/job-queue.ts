import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { rawOn, type Db, type RawExecutor } from '../db/database';

export type JobDefinition<T extends object> = {
  name: string;
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>;
  /** Attempts after the first one; with backoff the delays double each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** Several jobs of this queue processed at once by one worker. */
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
};

/**
 * The durable queue (pg-boss on the product's own database). Modules define jobs once; the API
 * process only sends them, worker processes (or the API itself in the embedded default) run them.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  /** Handlers running in this process, so that stop() can let them finish before the database closes. */
  private readonly running = new Set<Promise<void>>();
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
      for (const def of this.definitions.values()) await this.startWorkers(def);
    }
    this.started = true;
  }

  private async startWorkers(def: JobDefinition<object>): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < (def.concurrency ?? 1); i++) {
      const id = await this.boss.work<object>(
        def.name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          batchSize: 1,
          includeMetadata: true,
        },
        async (jobs) => {
          for (const job of jobs) {
            const run = def.handler(job.data, { id: job.id, retryCount: job.retryCount });
            this.running.add(run);
            try {
              await run;
            } catch (err) {
              this.log.warn({ err, job: def.name, id: job.id, retry: job.retryCount }, 'job failed');
              throw err;
            } finally {
              this.running.delete(run);
            }
          }
        },
      );
      ids.push(id);
    }
    this.workerIds.set(def.name, ids);
  }

  /** Queues a job; with `tx` it is written in the caller's transaction. Returns the job id. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.tx ? { db: { executeSql: rawOn(options.tx) } } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (!options.tx) this.wake(name);
    return id;
  }

  /** Wakes this process's idle workers of a queue (after a commit that queued jobs). */
  wake(name: string): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Running handlers get 30 s (a seal or a batch of mails on a loaded machine); pg-boss then
    // records their outcome, so the database must stay open until both are done.
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false });
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timer = setTimeout(resolve, 30_000))),
      ]);
      clearTimeout(timer);
    }
  }
}
