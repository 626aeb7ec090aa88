import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../src/platform/db/database';

/**
 * Which database the API suite runs on: `TEST_DB=postgres` uses the real server at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); anything else PGlite.
 */
export const testDbKind = (): 'postgres' | 'pglite' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const adminUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The run a template database belongs to: `esigns_tpl_<run>`; its test databases are `esigns_t_<run>_<id>`. */
export const runId = (template: string): string => template.replace(/^esigns_tpl_/, '');

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the template the global setup
 * migrated once (PGlite data-dir snapshot, or CREATE DATABASE ... TEMPLATE on PostgreSQL).
 */
export async function createTestDatabase(): Promise<Database & { drop: () => Promise<void>; url?: string }> {
  const template = process.env.ESIGNS_TEST_TEMPLATE;
  if (!template) throw new Error('ESIGNS_TEST_TEMPLATE missing: run tests through the vitest api project');
  if (testDbKind() === 'postgres') {
    const name = `esigns_t_${runId(template)}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const database = openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 5 });
    return {
      ...database,
      url: databaseUrl(name),
      drop: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: adminUrl() });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const snapshot = new Blob([await readFile(template)]);
  const database = openDatabase({ kind: 'pglite', loadDataDir: snapshot });
  return { ...database, drop: () => database.close() };
}
