import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type Database } from '../src/platform/db/database';
import { JobQueue } from '../src/platform/jobs/job-queue';
import { adminUrl, databaseUrl, runId, testDbKind } from './test-database';

/**
 * Migrates one template database per run (schema + pg-boss tables); each test file then
 * starts from a copy of it, which is much faster than migrating every time.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (testDbKind() === 'postgres') {
    const name = `esigns_tpl_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 2 });
    await prepare(database);
    process.env.ESIGNS_TEST_TEMPLATE = name;
    return async () => {
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
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-pglite-'));
  const database = openDatabase({ kind: 'pglite' });
  const file = path.join(dir, 'template.tar');
  await prepare(database, async () => {
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  });
  process.env.ESIGNS_TEST_TEMPLATE = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(database: Database, beforeClose?: () => Promise<void>): Promise<void> {
  try {
    await database.migrate();
    const jobs = new JobQueue({ raw: database.raw, log: pino({ level: 'silent' }), runWorkers: false });
    await jobs.start();
    await jobs.stop();
    await beforeClose?.();
  } finally {
    await database.close();
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
