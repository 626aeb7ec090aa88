import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { defineModuleJobs } from '../../apps/server/src/module-jobs';
import { openSession } from '../../apps/server/src/modules/auth/session-service';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import type { Database } from '../../apps/server/src/platform/db/database';
import { createPlatform, type Platform } from '../../apps/server/src/platform/platform';

/*
 * What the API benchmarks share: the API in this process on its own database (PGlite, or a
 * throw-away PostgreSQL database made through BENCH_PG_ADMIN_URL), the SQL a request ran captured
 * at the driver and replayed as the baseline, concurrent client loops and percentiles.
 */

export type Statement = { text: string; values: unknown[] };

/**
 * Calls of a case per side, halved (all clients together; BENCH_REQUESTS overrides it): a case
 * runs four rounds of 1,000 calls over HTTP and four of its SQL alternately, so its p95 comes from
 * 4,000 calls of each, over several seconds. With 200 calls a round lasted a third of a second: one GC pause or
 * checkpoint moved its p95 by half, and the JIT had not finished with the API's paths (its CPU
 * per call was 1.0 ms after 2,000 calls and 1.7 ms after 200).
 */
export const CALLS_PER_ROUND = 2000;
/** Timed rounds of each side per case; together they make 2 x CALLS_PER_ROUND calls. */
const ROUNDS = 4;

/**
 * The machine's CPU times so far (Linux `/proc/stat`, in clock ticks): all, and stolen by the
 * hypervisor for other guests. Null where there is no such file.
 */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time stolen by the hypervisor since `from` (0 to 1), or null. */
function stealSince(from: ReturnType<typeof cpuTicks>): number | null {
  const now = cpuTicks();
  if (!from || !now || now.total === from.total) return null;
  return (now.steal - from.steal) / (now.total - from.total);
}

/**
 * Makes the database quiet before measuring: statistics fresh and the seeding's dirty pages
 * written out (a checkpoint during a round would slow whichever side it hit).
 */
export async function settleDatabase(database: Database, tables: string[]): Promise<void> {
  for (const table of tables) await database.raw(`vacuum analyze ${table}`);
  await database.raw('checkpoint').catch(() => undefined);
}

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Records every statement the database driver runs while recording is on. */
export function captureStatements(database: Database): { start: () => void; stop: () => Statement[] } {
  let recording: Statement[] | null = null;
  const record = (text: unknown, values: unknown) => {
    if (!recording) return;
    if (typeof text === 'string') recording.push({ text, values: (values as unknown[]) ?? [] });
    else if (text && typeof text === 'object' && 'text' in text) {
      // node-postgres as Drizzle calls it: `query({ text, rowMode, types }, values)`.
      const q = text as { text: string; values?: unknown[] };
      recording.push({ text: q.text, values: (values as unknown[] | undefined) ?? q.values ?? [] });
    }
  };
  if (database.pglite) {
    const client = database.pglite;
    const query = client.query.bind(client);
    client.query = ((text: string, values?: unknown[], options?: unknown) => {
      record(text, values);
      return query(text, values, options as never);
    }) as typeof client.query;
  } else {
    const query = pg.Pool.prototype.query;
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      record(args[0], args[1]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return {
    start: () => {
      recording = [];
    },
    stop: () => {
      const out = recording ?? [];
      recording = null;
      return out;
    },
  };
}

/**
 * The benchmarks' HTTP client: node:http over kept-alive connections (one per client loop at
 * most), reading the JSON answer. It costs this process a fraction of what `fetch` does, and the
 * client shares the process (and its one JavaScript thread) with the API it measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function requestJson(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `clients` loops calling `once` until `requests` calls are done; the time of each call. */
export async function load(clients: number, requests: number, once: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const start = performance.now();
        await once();
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

export type BenchApp = {
  platform: Platform;
  capture: ReturnType<typeof captureStatements>;
  /** Listens and answers the base URL and the headers of a session of `userId` in `companyId`. */
  serve: (userId: string, companyId: string) => Promise<{ base: string; headers: Record<string, string> }>;
  close: () => Promise<void>;
};

/** The API on a fresh database, without job workers (their polling would compete). */
export async function startBenchApp(name: string): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `esigns-bench-${name}-`));
  const adminUrl = process.env.BENCH_PG_ADMIN_URL;
  const dbName = `esigns_bench_${randomUUID().slice(0, 8)}`;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '10000000',
    // Benches measure speed, not plan limits: companies start unlimited.
    DEFAULT_PLAN: 'ENTERPRISE',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const platform = await createPlatform({ ...config, workers: 1 }, log, 'api', {
    defineJobs: defineModuleJobs,
  });
  const capture = captureStatements(platform.database);
  const app = await buildApp(platform);
  return {
    platform,
    capture,
    serve: async (userId, companyId) => {
      const session = await platform.database.db.transaction((tx) =>
        openSession(platform, tx, { userId, companyId, client: { ip: '127.0.0.1', userAgent: 'bench' } }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return { base, headers: { authorization: `Bearer ${session.access_token}` } };
    },
    close: async () => {
      agent.destroy();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
      else if (adminUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/**
 * Runs every case's call `requests` times at `clients` at once, untimed: the JIT compiles the
 * server's paths and the heap settles after seeding before any case is measured (the first case
 * measured otherwise paid for it, up to 2x the CPU per call of the same case measured last). The
 * seeding's garbage is collected first, not after: a full collection just before the first case
 * shrank the heap, and that case then paid for growing it again (its CPU per call came out about
 * 40 % above the other cases').
 */
export async function warmUp(
  clients: number,
  requests: number,
  calls: (() => Promise<void>)[],
): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  for (const call of calls) await load(clients, requests, call);
}

/** What `compare` measured of one case. */
export type Comparison = {
  httpP95: number;
  httpP50: number;
  sqlP95: number;
  statements: number;
  /** This process's CPU time per call (the client and the API share it), over HTTP and SQL only. */
  httpCpuMs: number;
  sqlCpuMs: number;
  /** The part of it spent in the kernel (system time: sockets). */
  httpSysMs: number;
  sqlSysMs: number;
  /**
   * The share of CPU time the hypervisor gave other guests during the timed rounds. A virtual
   * machine whose host is busy runs both sides slower; the figures of a run with much steal
   * (over a few %) are not comparable with a quiet run's.
   */
  steal: number | null;
};

/**
 * p95 of `call` over HTTP and of its captured SQL replayed, alternating two rounds of each so the
 * machine's load weighs on both alike. BENCH_DEBUG prints each statement of one call and its
 * median time alone; BENCH_PROFILE=<path prefix> writes a CPU profile of one extra HTTP round.
 */
export async function compare(
  bench: BenchApp,
  clients: number,
  requests: number,
  call: () => Promise<void>,
  label = 'case',
): Promise<Comparison> {
  for (let i = 0; i < 5; i++) await call();
  bench.capture.start();
  await call();
  const statements = bench.capture.stop();
  const replay = async () => {
    for (const s of statements) await bench.platform.database.raw(s.text, s.values);
  };
  await replay();
  // A discarded round of each first, so the JIT has compiled both paths before anything is timed.
  await load(clients, Math.ceil(requests / 2), call);
  await load(clients, Math.ceil(requests / 2), replay);
  if (process.env.BENCH_DEBUG) {
    for (const st of statements) {
      const ts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await bench.platform.database.raw(st.text, st.values);
        ts.push(performance.now() - t0);
      }
      console.log(`    ${percentile(ts, 50).toFixed(1)} ms  ${st.text.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
  }
  if (process.env.BENCH_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await load(clients, requests, call);
    const { profile } = await session.post('Profiler.stop');
    const file = `${process.env.BENCH_PROFILE}-${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`    CPU profile of ${label}: ${file}`);
    session.disconnect();
  }
  const http: number[] = [];
  const sql: number[] = [];
  const cpu = { http: 0, sql: 0 };
  const sys = { http: 0, sql: 0 };
  const timed = async (into: number[], key: 'http' | 'sql', once: () => Promise<void>) => {
    const before = process.cpuUsage();
    into.push(...(await load(clients, Math.ceil((2 * requests) / ROUNDS), once)));
    const used = process.cpuUsage(before);
    cpu[key] += (used.user + used.system) / 1000;
    sys[key] += used.system / 1000;
  };
  // Four short rounds of each, alternating, rather than two long ones: a drift of the machine's
  // speed (a checkpoint, another process) then weighs on both sides alike.
  const ticks = cpuTicks();
  for (let round = 0; round < ROUNDS; round++) {
    await timed(http, 'http', call);
    await timed(sql, 'sql', replay);
  }
  return {
    httpP95: percentile(http, 95),
    httpP50: percentile(http, 50),
    sqlP95: percentile(sql, 95),
    statements: statements.length,
    httpCpuMs: cpu.http / http.length,
    sqlCpuMs: cpu.sql / sql.length,
    httpSysMs: sys.http / http.length,
    sqlSysMs: sys.sql / sql.length,
    steal: stealSince(ticks),
  };
}

/** One line of a case's figures against its targets; whether both are met. */
export function report(label: string, r: Comparison, targetMs: number, targetRatio: number): boolean {
  const ratio = r.httpP95 / r.sqlP95;
  const ok = r.httpP95 < targetMs && ratio <= targetRatio;
  console.log(
    `  ${label.padEnd(40)} p95 ${r.httpP95.toFixed(1).padStart(7)} ms (p50 ${r.httpP50.toFixed(1)}), ` +
      `same SQL (${r.statements} statements) p95 ${r.sqlP95.toFixed(1).padStart(7)} ms, ratio ${ratio.toFixed(2)} ` +
      `(target < ${targetMs} ms${Number.isFinite(targetRatio) ? ` and <= ${targetRatio}x` : ''}: ${ok ? 'met' : 'NOT met'}); ` +
      `CPU of this process per call ${r.httpCpuMs.toFixed(2)} ms over HTTP (system ${r.httpSysMs.toFixed(2)}), ` +
      `${r.sqlCpuMs.toFixed(2)} ms SQL only (system ${r.sqlSysMs.toFixed(2)})` +
      (r.steal === null ? '' : `; CPU stolen by the hypervisor ${(100 * r.steal).toFixed(0)} %`),
  );
  return ok;
}

/** Warms every case up, then compares and reports each; whether every case met its targets. */
export async function measureCases(
  bench: BenchApp,
  clients: number,
  requests: number,
  cases: { label: string; call: () => Promise<void> }[],
  targets: { ms: number; ratio: number },
): Promise<boolean> {
  await warmUp(
    clients,
    requests,
    cases.map((c) => c.call),
  );
  let met = true;
  for (const c of cases) {
    const r = await compare(bench, clients, requests, c.call, c.label);
    met = report(c.label, r, targets.ms, targets.ratio) && met;
  }
  return met;
}
