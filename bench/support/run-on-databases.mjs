// Runs a TypeScript benchmark script (with tsx) on the embedded PGlite, then on PostgreSQL when
// one answers at BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// BENCH_ONLY=pglite|postgres picks one. Exits non-zero when a run failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether a PostgreSQL server answers at `adminUrl`. */
export async function postgresAnswers(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function runOnDatabases(script) {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const only = process.env.BENCH_ONLY;
  const runs = [];
  if (only !== 'postgres') runs.push({ label: 'PGlite (embedded)', env: {} });
  if (only !== 'pglite') {
    if (await postgresAnswers(adminUrl))
      runs.push({ label: 'PostgreSQL', env: { BENCH_PG_ADMIN_URL: adminUrl } });
    else console.log(`PostgreSQL: none answers at ${adminUrl}, skipped`);
  }
  let failed = 0;
  for (const run of runs) {
    console.log(`\n${run.label}`);
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [script], {
      cwd: root,
      stdio: 'inherit',
      // --expose-gc: the benchmarks collect the seeding's garbage before measuring (api-bench.ts warmUp).
      env: {
        ...process.env,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
        ...run.env,
      },
    });
    if (result.status !== 0) failed++;
  }
  process.exit(failed ? 1 : 0);
}
