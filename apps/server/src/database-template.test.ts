import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase, writeDatabaseTemplate } from './database-template';
import { migrationsFolder, type Database } from './platform/db/database';
import { RENEW_IDS_MARKER, openPgliteFolder } from './platform/db/pglite-template';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * The template new PGlite data folders start from (`platform/db/pglite-template.ts`): a folder
 * made from it and migrated holds what a folder migrated from scratch holds, its seeded rows get
 * ids of their own, and a template of other migrations is ignored.
 */
type Contents = { migrations: unknown[]; tables: string[]; columns: string[]; queues: string[] };

let dir = '';
let template = '';
let scratch: { fromTemplate: boolean; contents: Contents };

const names = (rows: unknown[]): string[] => rows.map((row) => (row as { name: string }).name);

async function contentsOf(database: Database): Promise<Contents> {
  const migrations = await database.raw(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  const tables = await database.raw(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const columns = await database.raw(
    `SELECT table_schema || '.' || table_name || '.' || column_name || ' ' || data_type AS name
     FROM information_schema.columns
     WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const queues = await database.raw('SELECT name FROM pgboss.queue ORDER BY name');
  return {
    migrations: migrations.rows,
    tables: names(tables.rows),
    columns: names(columns.rows),
    queues: names(queues.rows),
  };
}

/**
 * Opens `dataDir` (from `from` when it may), migrates it and makes the queues as a start does,
 * and reads it.
 */
async function start(dataDir: string, from: string): Promise<{ fromTemplate: boolean; contents: Contents }> {
  const { database, fromTemplate } = await openPgliteFolder(path.join(dir, dataDir), from);
  try {
    await prepareDatabase(database);
    return { fromTemplate, contents: await contentsOf(database) };
  } finally {
    await database.close();
  }
}

async function catalogueOf(dataDir: string): Promise<{ plans: string[]; linked: number }> {
  const { database } = await openPgliteFolder(path.join(dir, dataDir), template);
  try {
    const plans = await database.raw('SELECT id AS name FROM subscription_plans ORDER BY code');
    const linked = await database.raw(
      `SELECT count(*)::int AS n FROM subscription_plans p
       JOIN subscription_products pr ON pr.id = p.product_id`,
    );
    return { plans: names(plans.rows), linked: (linked.rows[0] as { n: number }).n };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-db-template-'));
  template = path.join(dir, 'template');
  await writeDatabaseTemplate(template);
  // The same folder tagged for other migrations: ignored, so this one is made from scratch.
  const stale = path.join(dir, 'stale');
  cpSync(template, stale, { recursive: true });
  writeFileSync(path.join(stale, 'tag'), 'other migrations\n');
  scratch = await start('scratch', stale);
}, 240_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the PGlite template', () => {
  it('is ignored when its tag is not that of the migrations the server ships', () => {
    expect(scratch.fromTemplate).toBe(false);
    const shipped = readMigrationFiles({ migrationsFolder: migrationsFolder() });
    expect(scratch.contents.migrations).toHaveLength(shipped.length);
  });

  it('gives a new folder the migrations, tables and queues a migration from scratch gives', async () => {
    const made = await start('made', template);
    expect(made.fromTemplate).toBe(true);
    expect(made.contents).toEqual(scratch.contents);
  });

  it('is not used for a folder that already holds a database', async () => {
    await start('again', template);
    const reopened = await start('again', template);
    expect(reopened.fromTemplate).toBe(false);
  });

  it('gives the seeded rows of each new folder ids of their own, their references kept', async () => {
    const first = await catalogueOf('first');
    const second = await catalogueOf('second');
    expect(first.plans.length).toBeGreaterThan(0);
    expect(first.linked).toBe(first.plans.length);
    expect(second.linked).toBe(second.plans.length);
    expect(second.plans.filter((id) => first.plans.includes(id))).toEqual([]);
    expect(existsSync(path.join(dir, 'first', RENEW_IDS_MARKER))).toBe(false);
  });

  it('renews the seeded ids at the next start when a start stopped between the copy and the renewal', async () => {
    // What a start killed after the copy leaves: the template's rows, and the marker.
    const plansOf = async (folder: string, withMarker: boolean) => {
      const copied = path.join(dir, folder);
      cpSync(path.join(template, 'data'), copied, { recursive: true });
      if (withMarker) writeFileSync(path.join(copied, RENEW_IDS_MARKER), '');
      const { database } = await openPgliteFolder(copied, path.join(dir, 'no-template'));
      try {
        return names((await database.raw('SELECT id AS name FROM subscription_plans ORDER BY code')).rows);
      } finally {
        await database.close();
      }
    };
    const templateIds = await plansOf('copied-without-marker', false);
    const renewed = await plansOf('interrupted', true);
    expect(renewed).toHaveLength(templateIds.length);
    expect(renewed.filter((id) => templateIds.includes(id))).toEqual([]);
    expect(existsSync(path.join(dir, 'interrupted', RENEW_IDS_MARKER))).toBe(false);
  });
});
