import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { defineModuleJobs } from './module-jobs';
import { loadConfig } from './platform/config/config';
import type { Database } from './platform/db/database';
import { writePgliteTemplate } from './platform/db/pglite-template';
import { JobQueue } from './platform/jobs/job-queue';
import { assemblePlatform } from './platform/platform';

/**
 * The PGlite template a new data folder starts from (`platform/db/pglite-template.ts`), written
 * by the build beside the server bundle.
 */
export async function writeDatabaseTemplate(target: string): Promise<void> {
  await writePgliteTemplate(target, prepareDatabase);
}

/**
 * Migrations, then pg-boss's tables and the queue of every job the app defines. Only the queues:
 * no worker, maintenance or schedule runs, so nothing of one installation (jobs, timestamps of
 * its runs) is written. Secrets live in `DATA_DIR/secrets.json`, not in the database.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-template-'));
  try {
    await database.migrate();
    const log = pino({ level: 'silent' });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const jobs = new JobQueue({ raw: database.raw, log, runWorkers: false });
    const platform = assemblePlatform(config, log, database, jobs, {
      ownsDatabase: false,
      defineJobs: defineModuleJobs,
    });
    await jobs.start();
    await platform.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
