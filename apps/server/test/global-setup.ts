import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type Database } from '../src/platform/db/database';
import { defineModuleJobs } from '../src/module-jobs';
import { loadConfig } from '../src/platform/config/config';
import { JobQueue } from '../src/platform/jobs/job-queue';
import { EventBus } from '../src/platform/events/event-bus';
import { MailService } from '../src/platform/mail/mail-service';
import type { Platform } from '../src/platform/platform';
import { Realtime } from '../src/platform/realtime/realtime';
import { createStorage } from '../src/platform/storage/create-storage';
import { adminQuery, adminUrl, databaseUrl, runId, testDbKind } from './test-database';

/**
 * The template this vitest process made, shared by the `api` and `api-isolated` projects (each
 * runs this global setup; the first makes the template, the last teardown removes it).
 */
const SHARED = Symbol.for('esigns.test-template');
type Shared = { template: string; users: number; teardown: () => Promise<void> };
const holder = globalThis as { [SHARED]?: Promise<Shared> };

/**
 * Prepares one template database per run (see `prepare`); each test file then starts from a
 * copy of it, which is much faster than migrating every time.
 */
export default async function setup(): Promise<() => Promise<void>> {
  holder[SHARED] ??= makeTemplate().then((made) => ({ ...made, users: 0 }));
  const shared = await holder[SHARED];
  shared.users += 1;
  process.env.ESIGNS_TEST_TEMPLATE = shared.template;
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await shared.teardown();
  };
}

async function makeTemplate(): Promise<{ template: string; teardown: () => Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const name = `esigns_tpl_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 2 });
    await prepare(database);
    return {
      template: name,
      teardown: async () => {
        const client = new pg.Client({ connectionString: adminUrl() });
        await client.connect();
        try {
          // Drop the template, this run's test databases, and those a crashed run left behind
          // (their template is gone). Databases of another run still going are left alone.
          const { rows } = await client.query<{ datname: string }>(
            "SELECT datname FROM pg_database WHERE datname LIKE 'esigns\\_t%'",
          );
          const live = new Set(rows.map((r) => r.datname).filter((n) => n.startsWith('esigns_tpl_')));
          live.delete(name);
          for (const { datname } of rows) {
            const run = /^esigns_t_([0-9a-f]+)_[0-9a-f]+$/.exec(datname)?.[1];
            const mine = datname === name || run === runId(name);
            const orphan =
              !datname.startsWith('esigns_tpl_') && (run === undefined || !live.has(`esigns_tpl_${run}`));
            if (mine || orphan) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          }
        } finally {
          await client.end();
        }
      },
    };
  }
  // PGlite: a migrated data folder, shut down cleanly; each test file opens a copy of it. On
  // tmpfs when the machine has one (copies there cost no disk writes).
  const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'esigns-pglite-'));
  const template = path.join(dir, 'template');
  await prepare(openDatabase({ kind: 'pglite', dataDir: template }));
  return { template, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Migrations, then pg-boss's tables and the queue of every job the app defines (pg-boss gives
 * each queue a table of its own: made once here, not by every test file's app). Only the queues:
 * no worker or maintenance runs, so each file's app starts its queue as it would on a fresh
 * database that an earlier start of the same version prepared.
 */
async function prepare(database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-template-'));
  try {
    await database.migrate();
    const log = pino({ level: 'silent' });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const jobs = new JobQueue({ raw: database.raw, log, runWorkers: false });
    const storage = createStorage(config, log);
    const realtime = new Realtime({ jwtSecret: config.secrets.jwtSecret, redisUrl: config.redisUrl, log });
    const mail = new MailService({ config, db: database.db, jobs, storage, log });
    const events = new EventBus(database.db, jobs, log);
    const platform: Platform = {
      config,
      log,
      database,
      jobs,
      events,
      storage,
      mail,
      realtime,
      close: async () => undefined,
    };
    mail.defineJobs();
    events.defineJobs();
    defineModuleJobs(platform);
    await jobs.start();
    await jobs.stop();
    await realtime.close();
    await mail.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
