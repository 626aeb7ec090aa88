import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database, type PgliteEngine } from '../src/platform/db/database';

const execFileAsync = promisify(execFile);

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
 * migrated once (CREATE DATABASE ... TEMPLATE on PostgreSQL, a copy of PGlite's data folder).
 * `drop` closes it and removes it in the background (the global teardown removes whatever is
 * left when the run ends).
 */
export async function createTestDatabase(): Promise<Database & { drop: () => Promise<void>; url?: string }> {
  const template = process.env.ESIGNS_TEST_TEMPLATE;
  if (!template) throw new Error('ESIGNS_TEST_TEMPLATE missing: run tests through the vitest api project');
  const copy = await copyOfTemplate(template);
  if (testDbKind() === 'postgres') {
    const database = openDatabase({ kind: 'postgres', url: databaseUrl(copy), poolSize: 5 });
    return {
      ...database,
      url: databaseUrl(copy),
      drop: async () => {
        await database.close();
        inBackground(() => adminQuery(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`));
      },
    };
  }
  // PGlite opens the copied folder in place: it reads the pages it needs instead of unpacking a
  // whole snapshot into memory first.
  const database = openDatabase({ kind: 'pglite', dataDir: copy, engine: await pgliteEngine() });
  return {
    ...database,
    drop: async () => {
      await database.close();
      inBackground(() => rm(copy, { recursive: true, force: true }));
    },
  };
}

/**
 * The next copy of the template, made while the previous file ran: files share their worker's
 * module graph (vitest `isolate: false`), so each one takes the copy made for it and starts the
 * next. A copy nobody takes is removed with the run's others by the global teardown.
 */
let spare: { template: string; copy: Promise<string> } | undefined;

function copyOfTemplate(template: string): Promise<string> {
  const copy = spare?.template === template ? spare.copy : makeCopy(template);
  const next = makeCopy(template);
  // Its failure, if any, surfaces when a file takes it.
  next.catch(() => undefined);
  spare = { template, copy: next };
  return copy;
}

async function makeCopy(template: string): Promise<string> {
  if (testDbKind() === 'postgres') {
    const name = `esigns_t_${runId(template)}_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return name;
  }
  const dataDir = path.join(path.dirname(template), `db-${randomBytes(6).toString('hex')}`);
  // The system's cp runs beside this process; fs.cp would keep its event loop busy.
  if (process.platform === 'win32') await cp(template, dataDir, { recursive: true });
  else await execFileAsync('cp', ['-R', template, dataDir]);
  return dataDir;
}

/** Clean-up nobody waits for: a failure is reported; what it leaves, the global teardown removes. */
function inBackground(work: () => Promise<unknown>): void {
  work().catch((err: unknown) =>
    console.warn('test database clean-up failed (left for the global teardown):', err),
  );
}

/** One statement on the server's maintenance database (creating and dropping databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// The WebAssembly global (not in this project's type libraries).
declare const WebAssembly: { compile: (bytes: Uint8Array) => Promise<PgliteEngine['wasmModule']> };

// Kept for the worker's life: the api project shares one module graph per worker (vitest
// `isolate: false`), so each file after the first opens its database without compiling
// PGlite's WebAssembly again. Each instance still has its own memory and its own data.
let engine: Promise<PgliteEngine> | undefined;

function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return engine;
}
