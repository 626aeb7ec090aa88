import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config';
import { openDatabase, type Database } from './db/database';
import { openPgliteFolder } from './db/pglite-template';
import { JobQueue } from './jobs/job-queue';
import { EventBus } from './events/event-bus';
import { wakeListener } from './jobs/wake-listener';
import { MailService } from './mail/mail-service';
import { Realtime } from './realtime/realtime';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** Everything infrastructural a module may use, built once per process. */
export type Platform = {
  config: AppConfig;
  log: FastifyBaseLogger;
  database: Database;
  jobs: JobQueue;
  /** Integration events (webhooks, pipelines): published in the transaction of the change. */
  events: EventBus;
  storage: Storage;
  mail: MailService;
  realtime: Realtime;
  close: () => Promise<void>;
};

export type PlatformRole = 'api' | 'worker';

export type PlatformOverrides = {
  /** A ready database (tests give each file its own). */
  database?: Database;
  pollingIntervalSeconds?: number;
  /** Defines the modules' jobs (`src/module-jobs.ts`) before the queue starts. */
  defineJobs?: (platform: Platform) => void;
};

/**
 * Builds the adapters the configuration asks for: PGlite or PostgreSQL, disk or S3, SMTP or the
 * outbox, in-process or separate workers, Redis or in-memory realtime. Migrations run here.
 */
export async function createPlatform(
  config: AppConfig,
  log: FastifyBaseLogger,
  role: PlatformRole,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  const database = overrides.database ?? (await openConfiguredDatabase(config, log));
  const ownsDatabase = overrides.database === undefined;
  try {
    await database.migrate();
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }

  const runWorkers = role === 'worker' || config.workers === 0;
  const jobs = new JobQueue({
    raw: database.raw,
    log,
    runWorkers,
    leaseStaleSeconds: config.jobLeaseStaleSeconds,
    listen: wakeListener(database, database.kind === 'postgres' ? config.databaseUrl : undefined, log),
    ...(overrides.pollingIntervalSeconds ? { pollingIntervalSeconds: overrides.pollingIntervalSeconds } : {}),
  });
  const platform = assemblePlatform(config, log, database, jobs, {
    ownsDatabase,
    defineJobs: overrides.defineJobs,
  });
  await jobs.start();
  return platform;
}

async function openConfiguredDatabase(config: AppConfig, log: FastifyBaseLogger): Promise<Database> {
  if (config.databaseUrl) {
    return openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  }
  const { database, fromTemplate } = await openPgliteFolder(path.join(config.dataDir, 'pg'));
  if (fromTemplate) log.info("new embedded database made from the build's template");
  return database;
}

/**
 * The services every platform has on top of its database and job queue (storage, realtime, mail,
 * integration events), and every job defined (mail, events, then `defineJobs`'s) before the
 * caller starts the queue. `close` stops them, and the database when `ownsDatabase`.
 */
export function assemblePlatform(
  config: AppConfig,
  log: FastifyBaseLogger,
  database: Database,
  jobs: JobQueue,
  options: { ownsDatabase: boolean; defineJobs?: ((platform: Platform) => void) | undefined },
): Platform {
  const storage = createStorage(config, log);
  const realtime = new Realtime({ jwtSecret: config.secrets.jwtSecret, redisUrl: config.redisUrl, log });
  const mail = new MailService({ config, db: database.db, jobs, storage, log });
  const events = new EventBus(database.db, jobs, log);

  let closed = false;
  const platform: Platform = {
    config,
    log,
    database,
    jobs,
    events,
    storage,
    mail,
    realtime,
    close: async () => {
      if (closed) return;
      closed = true;
      await jobs.stop().catch((err: unknown) => log.error({ err }, 'job queue stop failed'));
      await realtime.close().catch((err: unknown) => log.error({ err }, 'realtime close failed'));
      await mail.close();
      if (options.ownsDatabase) await database.close();
    },
  };

  // Every job of every module is defined before the queue starts.
  mail.defineJobs();
  events.defineJobs();
  options.defineJobs?.(platform);
  return platform;
}
