// `npm test`: the whole suite, in the order that fails fastest.
//   1. system packages (Chromium, poppler, qpdf, LibreOffice, fonts) installed when missing
//   2. lint and type-check
//   3. unit tests (contracts, server units, web)
//   4. API integration suite on PGlite, then again on PostgreSQL (127.0.0.1:5432)
//   5. build, then Playwright end-to-end journeys in Debian's Chromium
// Ends with one line "N passed, N failed" over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'esigns-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];

function stage(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failedStages.push(name);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.stats?.expected ?? 0;
  totals.failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  totals.skipped += r.stats?.skipped ?? 0;
}

function vitest(name, projects, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run'];
  for (const p of projects) args.push('--project', p);
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const ok = stage(name, process.execPath, args, env);
  countVitest(out);
  return ok;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const onlyFast = process.argv.includes('--no-e2e');

stage('system packages', 'bash', [path.join(root, 'scripts/setup-system.sh')]);
stage('lint and type-check', 'npm', ['run', 'lint', '--silent']);
vitest('unit tests', ['unit', 'web', 'web-isolated']);
vitest('API suite on PGlite', ['api'], { TEST_DB: 'pglite' });

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await postgresReachable(pgUrl)) {
  vitest('API suite on PostgreSQL', ['api'], { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
} else if (process.env.CI) {
  console.error(`PostgreSQL is not reachable at ${pgUrl}: CI must run the API suite on it.`);
  failedStages.push('API suite on PostgreSQL (unreachable)');
} else {
  console.warn(`\n(PostgreSQL not reachable at ${pgUrl}: API suite on PostgreSQL not run)`);
}

if (!onlyFast) {
  if (stage('build', process.execPath, [path.join(root, 'scripts/build.mjs')])) {
    const out = path.join(reports, 'e2e.json');
    stage(
      'end-to-end (Playwright, Chromium)',
      process.execPath,
      [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    );
    countPlaywright(out);
  }
}

rmSync(reports, { recursive: true, force: true });
console.log('');
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedStages.length || totals.failed ? 1 : 0);
