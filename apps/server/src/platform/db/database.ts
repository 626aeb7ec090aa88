import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The Drizzle handle every service uses, whatever the driver underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** Raw SQL with `$n` parameters: what pg-boss and health checks need. */
export type RawExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawExecutor;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Lets the queries other callers have queued go before the caller's next one: long work (imports,
   * exports) calls it between its short transactions. PGlite runs one query at a time on its one
   * connection: this waits until the requests that arrived meanwhile have had their queries run
   * (at most `GIVE_WAY_MAX_MS`). PostgreSQL serves them on other connections: one event-loop turn.
   */
  giveWay: () => Promise<void>;
  /** Present for PGlite only (tests clone it). */
  pglite?: PGlite;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined: in memory. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; engine?: PgliteEngine };

/**
 * PGlite's compiled WebAssembly and its file-system bundle, given to every instance a process
 * opens (tests open one per file) instead of each compiling and reading its own.
 */
export type PgliteEngine = { wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>; fsBundle: Blob };

export function openDatabase(options: DatabaseOptions): Database {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  autoPrepare(pool);
  const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    raw: async (text, values) => pool.query(text, values as unknown[]),
    migrate: async () => {
      // Several API nodes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
    giveWay: nextTurn,
  };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The longest `giveWay` waits on PGlite, so that a steady stream of requests cannot starve the work. */
export const GIVE_WAY_MAX_MS = 250;

/**
 * Counts the calls queued or running on a PGlite client (its `query`, `exec` and `transaction` wait
 * on one lock, first come first served) and answers its `giveWay`: turns of the event loop (so
 * requests that arrived get as far as queueing their queries) until a turn finds nothing queued.
 */
function queueOf(client: PGlite): () => Promise<void> {
  let queued = 0;
  let idle: (() => void)[] = [];
  const target = client as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...a: unknown[]) => Promise<unknown>
  >;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = target[name].bind(client);
    target[name] = async (...args: unknown[]) => {
      queued += 1;
      try {
        return await original(...args);
      } finally {
        queued -= 1;
        if (queued === 0) {
          const waiting = idle;
          idle = [];
          for (const resolve of waiting) resolve();
        }
      }
    };
  }
  return async () => {
    const deadline = performance.now() + GIVE_WAY_MAX_MS;
    await nextTurn();
    while (queued > 0) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      // A request between two of its queries (its next one queued in a later turn).
      await nextTurn();
    }
  };
}

function openPglite(options: { dataDir?: string; loadDataDir?: Blob; engine?: PgliteEngine }): Database {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.engine
      ? { pgliteWasmModule: options.engine.wasmModule, fsBundle: options.engine.fsBundle }
      : {}),
  });
  const giveWay = queueOf(client);
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    giveWay,
    db,
    pglite: client,
    raw: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // Without parameters the text may hold several statements (pg-boss sends such batches).
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const MIGRATION_LOCK = 7_310_422_001;

/** A statement text run this many times through the pool becomes a named (server-prepared) one. */
const AUTO_PREPARE_AFTER = 3;
/** Texts counted, and names given, at most (least recently used out). */
const AUTO_PREPARE_TEXTS = 2_000;
const AUTO_PREPARE_NAMES = 300;

/**
 * Auto-prepare, as Npgsql does: statements the pool runs again and again (the access check, list
 * states, pages) are given a name after a few runs, so each connection parses and plans them once
 * instead of on every call (planning a list page costs PostgreSQL about as much as running it).
 * Names come from the text's hash, so a name always means the same text. Only statements run
 * through the pool itself; transactions' clients are left alone.
 */
function autoPrepare(pool: pg.Pool): void {
  const seen = new Map<string, number>();
  const named = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = named.get(text);
    if (known) return known;
    const runs = (seen.get(text) ?? 0) + 1;
    seen.delete(text);
    if (runs >= AUTO_PREPARE_AFTER && named.size < AUTO_PREPARE_NAMES) {
      const name = `auto_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      named.set(text, name);
      return name;
    }
    seen.set(text, runs);
    if (seen.size > AUTO_PREPARE_TEXTS) seen.delete(seen.keys().next().value!);
    return undefined;
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    // Only statements with parameters: node-postgres sends the others by the simple protocol, which
    // also runs batches of several statements (pg-boss maintenance), and a name would break them.
    if (typeof first === 'string' && Array.isArray(second) && second.length > 0) {
      const name = nameOf(first);
      if (name) args.splice(0, 2, { text: first, values: second, name });
    } else if (first && typeof first === 'object' && 'text' in first && !('name' in first && first.name)) {
      const { text, values } = first as { text: unknown; values?: unknown };
      const withValues =
        (Array.isArray(values) && values.length > 0) || (Array.isArray(second) && second.length > 0);
      const name = typeof text === 'string' && withValues ? nameOf(text) : undefined;
      if (name) args[0] = { ...(first as object), name };
    }
    // Looked up at each call (not bound once), so what wraps the prototype later still sees it.
    return (pg.Pool.prototype.query as (...a: unknown[]) => unknown).apply(pool, args);
  };
}

/** The committed migrations, found beside the source (dev, tests) or the bundle (dist). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../drizzle'),
    path.resolve(here, '../../../drizzle'),
    path.resolve(process.cwd(), 'apps/server/drizzle'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Runs raw `$n`-parameterised SQL on a Drizzle handle or transaction, so that work which
 * speaks plain SQL (pg-boss) joins the caller's transaction.
 */
export function rawOn(executor: Pick<Db, 'execute'>): RawExecutor {
  return async (text, values = []) => {
    const result = await executor.execute(toSql(text, values));
    return { rows: (result as unknown as { rows: unknown[] }).rows };
  };
}

function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i] ?? ''));
    // Drizzle drops `undefined` from templates: pg-boss passes it for unset options.
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks, sql.raw(''));
}

/** The rows of a raw SQL query (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type DriverClient = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * The rows of a statement whose text never changes, run straight on the driver client under a
 * Drizzle handle or transaction (node-postgres pool or client, PGlite or its transaction): the
 * calls every request makes (the access check, list and record states, definition stamps, page
 * rows by id) skip building SQL from template chunks and mapping rows, which cost a grid call
 * 0.25 ms of the API's 1.3 ms. Columns come as named in the text, parsed by the driver's defaults
 * (timestamps as `Date`, JSON parsed, `int8` and `numeric` as strings on node-postgres: cast counts
 * to `int`). Every Drizzle handle and transaction of both drivers has one; a Drizzle upgrade that
 * moved it fails here loudly rather than answer rows parsed another way.
 */
export async function rowsOfText<T>(db: Pick<Db, 'execute'>, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client) throw new Error('rowsOfText: this database handle has no driver client');
  return (await client.query(text, values)).rows as T[];
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * `rowsOfText` of a built query: rows parsed by the driver's defaults (timestamps as `Date`),
 * where `rowsOf` (Drizzle's `execute`) answers timestamps as text.
 */
export function rowsOfQuery<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return rowsOfText<T>(db, built.sql, built.params);
}

/**
 * A query built once, run many times: its text kept, its `sql.placeholder(name)` values filled
 * per run. For hot statements whose shape is fixed while only a few values change.
 */
export type BuiltQuery = { text: string; params: unknown[] };

export function buildQuery(query: SQL): BuiltQuery {
  const built = dialect.sqlToQuery(query);
  return { text: built.sql, params: built.params };
}

/** `rowsOfText` of a `buildQuery` result with its placeholders filled from `values`. */
export function rowsOfBuilt<T>(
  db: Pick<Db, 'execute'>,
  query: BuiltQuery,
  values: Record<string, unknown>,
): Promise<T[]> {
  return rowsOfText<T>(db, query.text, fillPlaceholders(query.params, values));
}

/**
 * A cache key of a query (or a piece of one): its text and parameters. Caches keyed by the SQL
 * they stand for cannot miss a condition added to the query later.
 */
export function sqlKey(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  return JSON.stringify([built.sql, built.params]);
}

/** `text` with LIKE/ILIKE wildcards escaped, for `... like '%' || $1 || '%'` searches. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
