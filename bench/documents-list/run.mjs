// Document lists (issue 6): p95 of `GET /api/all-documents/{status}` on 100,000 documents of one
// company with 3 recipients each, 20 concurrent clients, page 1 and page 500, without and with a
// search term; the baseline is the same SQL (every statement of the request) replayed straight on
// the database in the same process. Target: p95 < 50 ms and <= 2x the baseline. Runs on the
// embedded PGlite (what `npm start` uses), then on PostgreSQL when one answers at
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, a throw-away database is
// made and dropped). The script is TypeScript (the server's own modules, in-process) run with tsx.
// BENCH_DOCUMENTS, BENCH_CLIENTS and BENCH_REQUESTS change the sizes; BENCH_ONLY=pglite|postgres.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY;

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const runs = [];
if (only !== 'postgres') runs.push({ label: 'PGlite (embedded)', env: {} });
if (only !== 'pglite') {
  if (await postgresAnswers()) runs.push({ label: 'PostgreSQL', env: { BENCH_PG_ADMIN_URL: adminUrl } });
  else console.log(`PostgreSQL: none answers at ${adminUrl}, skipped`);
}
let failed = 0;
for (const run of runs) {
  console.log(`\n${run.label}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, 'list-bench.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...run.env },
  });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
