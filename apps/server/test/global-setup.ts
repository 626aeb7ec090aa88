import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/platform/db/database';
import { prepareDatabase } from '../src/database-template';
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
 * The database every test file copies: what a new installation's template holds (migrations,
 * pg-boss's tables and the queue of every job the app defines: made once here, not by every test
 * file's app; `prepareDatabase`, src/database-template.ts), then closed.
 */
async function prepare(database: Database): Promise<void> {
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
}
