// Requests per second of GET /api/health through the whole stack (the built server as
// `npm start` runs it: helmet, rate limiting, request ids, logging, zod serialisation, and the
// health checks' real database and queue queries on PGlite) against a bare Fastify hello-world,
// measured in the same run with autocannon. A shared VM's throughput drifts by +-15% from one
// run to the next, so the two are measured in alternating rounds and compared by their medians.
// Target: ratio >= 0.6.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const TARGET = 0.6;

function start(script, port, env = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUp(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function measure(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)];
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-'));
const bare = start(path.join(here, 'hello.mjs'), 3201);
const full = start(path.join(root, 'apps/server/dist/main.js'), 3202, {
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
try {
  await Promise.all([waitUp('http://127.0.0.1:3201/api/health'), waitUp('http://127.0.0.1:3202/api/health')]);
  const bareUrl = 'http://127.0.0.1:3201/api/health';
  const fullUrl = 'http://127.0.0.1:3202/api/health';
  // Warm-up (JIT, caches), then one server at a time so each has the machine to itself.
  await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: fullUrl, connections: CONNECTIONS, duration: 2 });
  const bareRuns = [];
  const fullRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    bareRuns.push(await measure(bareUrl));
    fullRuns.push(await measure(fullUrl));
  }
  const baseline = median(bareRuns);
  const stack = median(fullRuns);
  const ratio = stack.rps / baseline.rps;
  console.log(
    `rounds (req/s)           : bare ${bareRuns.map((r) => r.rps.toFixed(0)).join(', ')}; full ${fullRuns.map((r) => r.rps.toFixed(0)).join(', ')}`,
  );
  console.log(`bare Fastify hello-world : ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms)`);
  console.log(`full stack /api/health   : ${stack.rps.toFixed(0)} req/s (p99 ${stack.p99} ms)`);
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target >= ${TARGET}) ${ratio >= TARGET ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await Promise.all([stop(bare), stop(full)]);
  rmSync(dataDir, { recursive: true, force: true });
}
