// Exports (bench/export): BENCH_RECORDS (1,000,000) records of one entity with 10 fields of mixed
// types on PostgreSQL, exported to xlsx through the HTTP API of the built server (`POST
// /api/export/entities-data/{id}?tz=Asia/Kolkata` with `background: true`: the job, then the
// download), measuring records/s from the call to the job's DONE and the server process's peak RSS
// (/proc/<pid>/status VmHWM). Baseline in the same run: a plain exceljs streaming write of the same
// rows read from SQL by keyset pages of 2,000 (this process). Target: >= 50,000 records/s and
// < 300 MB RSS. BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) when it stops;
// BENCH_NODE_ARGS: more options of the server's node. The server's CPU time during the export
// (/proc/<pid>/stat) is printed: on a shared machine it is the figure to compare, not the wall time.
// For repeated runs: BENCH_KEEP_DB=1 keeps the seeded database (bench_export_keep_<records>) and
// reuses it next time; BENCH_BASELINE=0 skips the baseline (official figures keep it).
import { readFileSync, rmSync, statSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { memoryOf, serverPid } from '../support/process-memory.mjs';
import { poll, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { postgresAnswers } from '../support/run-on-databases.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const PAGE = 2000;
const TARGET_RATE = 50_000;
const TARGET_RSS_MB = 300;
const PORT = Number(process.env.BENCH_PORT ?? 3931);
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const FIELDS = [
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'price', label: 'Price', type: 'CURRENCY', currency: 'INR' },
  { key: 'area', label: 'Area', type: 'NUMBER' },
  { key: 'share', label: 'Share', type: 'PERCENTAGE' },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: ['Available', 'Sold', 'Rented'].map((value) => ({ value, label: value })),
  },
  { key: 'listed_on', label: 'Listed on', type: 'DATE' },
  { key: 'visited_at', label: 'Visited at', type: 'DATE_TIME' },
  { key: 'furnished', label: 'Furnished', type: 'YES_OR_NO' },
  {
    key: 'tags',
    label: 'Tags',
    type: 'MULTI_SELECT',
    options: ['pool', 'garden', 'garage'].map((value) => ({ value, label: value })),
  },
  { key: 'email', label: 'Owner email', type: 'EMAIL' },
];

const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const BASELINE = process.env.BENCH_BASELINE !== '0';

const mb = (kb) => (kb / 1024).toFixed(0);

/** CPU seconds (user + system) a process has used so far (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** 1,000,000 records in SQL (generate_series), newest first by their number. */
async function seed(client, companyId, entityId, tpl) {
  const started = performance.now();
  // Indexes the export never reads (the grid's GIN on values, title and updated_at) would triple
  // the seeding time on a loaded machine: this bench's own database goes without them.
  for (const index of [
    'entity_data_values_gin_idx',
    'entity_data_entity_title_idx',
    'entity_data_entity_updated_idx',
  ])
    await client.query(`drop index if exists ${index}`);
  for (let from = 0; from < RECORDS; from += 100_000) {
    const to = Math.min(RECORDS, from + 100_000) - 1;
    await client.query(
      `insert into entity_data (company_id, entity_id, title, values, created_at, updated_at)
       select $1, $2, 'Property ' || n,
         jsonb_build_object($3::text, jsonb_build_object(
           'title', 'Property ' || n,
           'price', 1000000 + (n::bigint * 7919) % 90000000 + 0.5,
           'area', 300 + (n::bigint * 31) % 4700,
           'share', n % 101,
           'status', (array['Available','Sold','Rented'])[1 + n % 3],
           'listed_on', to_char(date '2025-01-01' + (n % 365), 'YYYY-MM-DD'),
           'visited_at', to_char((timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
           'furnished', n % 2 = 0,
           'tags', case when n % 2 = 0 then '["pool","garden"]'::jsonb else '["garage"]'::jsonb end,
           'email', 'owner' || n || '@example.com')),
         timestamptz '2025-01-01' + n * interval '1 millisecond',
         timestamptz '2025-01-01' + n * interval '1 millisecond'
       from generate_series($4::int, $5::int) n`,
      [companyId, entityId, tpl, from, to],
    );
  }
  await client.query('vacuum analyze entity_data');
  return (performance.now() - started) / 1000;
}

/** The baseline: exceljs' streaming writer fed from SQL by keyset pages, typed the same way. */
async function plainExport(client, entityId, tpl, file) {
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Property', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...FIELDS.map((f) => ({ key: f.key, width: 16 })),
    { key: 'c', width: 18 },
    { key: 'u', width: 18 },
  ];
  sheet.addRow([...FIELDS.map((f) => f.label), 'Created', 'Updated']).commit();
  const offset = 330 * 60_000;
  let anchor = null;
  let rows = 0;
  for (;;) {
    const { rows: page } = await client.query(
      `select id, created_at::text as at, created_at, updated_at, values from entity_data
        where entity_id = $1 ${anchor ? 'and (created_at, id) < ($3::timestamptz, $4::uuid)' : ''}
        order by created_at desc, id desc limit $2`,
      anchor ? [entityId, PAGE, anchor.at, anchor.id] : [entityId, PAGE],
    );
    for (const row of page) {
      const v = row.values[tpl] ?? {};
      sheet
        .addRow([
          v.title,
          v.price,
          v.area,
          v.share / 100,
          v.status,
          new Date(`${v.listed_on}T00:00:00Z`),
          new Date(Date.parse(v.visited_at) + offset),
          v.furnished,
          (v.tags ?? []).join(', '),
          v.email,
          new Date(row.created_at.getTime() + offset),
          new Date(row.updated_at.getTime() + offset),
        ])
        .commit();
    }
    rows += page.length;
    if (page.length < PAGE) break;
    anchor = { at: page.at(-1).at, id: page.at(-1).id };
  }
  sheet.commit();
  await workbook.commit();
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** True when the kept database exists and its seeding finished (else it is dropped to start over). */
async function keptDatabase(admin, dbName) {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (rowCount === 0) return false;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const probe = new pg.Client({ connectionString: url.toString() });
  await probe.connect();
  const { rows } = await probe.query("select to_regclass('bench_meta') is not null as seeded");
  await probe.end();
  if (rows[0].seeded) return true;
  await admin.query(`drop database ${dbName} with (force)`);
  return false;
}

async function main() {
  if (!(await postgresAnswers(adminUrl))) {
    console.log(`PostgreSQL: none answers at ${adminUrl}; bench/export needs it, skipped`);
    return;
  }
  const dbName = KEEP_DB ? `bench_export_keep_${RECORDS}` : `bench_export_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const kept = KEEP_DB && (await keptDatabase(admin, dbName));
  if (!kept) await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dropDatabase = async () => {
    if (!KEEP_DB) await admin.query(`drop database if exists ${dbName} with (force)`);
  };
  let server;
  try {
    server = await startBuiltServer({
      port: PORT,
      name: 'export',
      env: { DATABASE_URL: url.toString() },
      // BENCH_CPU_PROF=<dir>: the server's CPU profile (written when it stops) for where time goes;
      // BENCH_NODE_ARGS: more options of the server's node (e.g. heap sizes), space-separated.
      nodeArgs: [
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    });
  } catch (err) {
    await dropDatabase();
    await admin.end();
    throw err;
  }
  const client = new pg.Client({ connectionString: url.toString() });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  try {
    await client.connect();
    const pid = serverPid();
    let entity;
    if (kept) {
      [entity] = (await client.query('select * from bench_meta')).rows;
      console.log(`reusing ${RECORDS.toLocaleString('en')} seeded records (${dbName})`);
    } else {
      const owner = await signUpOwner(server);
      entity = await server.api('POST', '/api/entities/create', {
        token: owner,
        body: { name: 'Property', entity_type: 'GENERAL', fields: FIELDS },
      });
      const seeded = await seed(client, entity.company_id, entity._id, entity.primary_template_id);
      console.log(`seeded ${RECORDS.toLocaleString('en')} records (10 fields) in ${seeded.toFixed(1)} s`);
      if (KEEP_DB) {
        await client.query(
          'create table bench_meta as select $1::uuid as "_id", $2::uuid as company_id, $3::text as primary_template_id',
          [entity._id, entity.company_id, entity.primary_template_id],
        );
      }
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const before = memoryOf(pid);
    // The seeding can outlast an access token: sign in again (signUpOwner's default password).
    const [{ email }] = (
      await client.query(
        'select u.email from users u join entities e on e.created_by = u.id where e.id = $1',
        [entity._id],
      )
    ).rows;
    const login = async () =>
      (await server.api('POST', '/api/signin', { body: { email, password: 'Quartz-Lantern-Orbit-47' } }))
        .access_token;
    let token = await login();
    let signedAt = Date.now();

    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const job = await server.api('POST', `/api/export/entities-data/${entity._id}?tz=Asia/Kolkata`, {
      token,
      body: { background: true },
    });
    let peakProgress = 0;
    const done = await poll(
      'the export job',
      async () => {
        if (Date.now() - signedAt > 5 * 60_000) {
          token = await login();
          signedAt = Date.now();
        }
        const state = await server.api('GET', `/api/exports/${job._id}`, { token });
        peakProgress = Math.max(peakProgress, state.processed);
        if (state.status === 'FAILED') throw new Error(`the export failed: ${state.error}`);
        return state.status === 'DONE' && state;
      },
      30 * 60_000,
    );
    const seconds = (performance.now() - started) / 1000;
    const after = memoryOf(pid);
    const cpu = cpuSeconds(pid) - cpuBefore;
    const [timing] = (
      await client.query(
        'select extract(epoch from finished_at - created_at) as job from data_exports where id = $1',
        [job._id],
      )
    ).rows;
    const res = await fetch(`${server.base}${done.download_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const rate = done.processed / seconds;
    console.log(
      `API export (job): ${done.processed.toLocaleString('en')} records in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} records/s, ` +
        `${(bytes.length / 1e6).toFixed(1)} MB xlsx; server RSS peak ${mb(after.hwm)} MB (before the export: peak ${mb(before.hwm)} MB, now ${mb(after.rss)} MB)`,
    );
    console.log(
      `  server CPU during the export ${cpu.toFixed(1)} s (${Math.round(done.processed / cpu).toLocaleString('en')} records per CPU second); ` +
        `the job from its row to DONE ${Number(timing.job).toFixed(1)} s; load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    if (!BASELINE) {
      console.log(
        `RSS < ${TARGET_RSS_MB} MB: ${Number(mb(after.hwm)) < TARGET_RSS_MB ? 'met' : 'NOT met'} (baseline skipped)`,
      );
      return;
    }

    const plain = await plainExport(
      client,
      entity._id,
      entity.primary_template_id,
      path.join(tmp, 'plain.xlsx'),
    );
    const plainRate = plain.rows / plain.seconds;
    const self = memoryOf(process.pid);
    console.log(
      `baseline (plain exceljs from SQL by keyset, same run): ${plain.rows.toLocaleString('en')} rows in ${plain.seconds.toFixed(1)} s = ${Math.round(plainRate).toLocaleString('en')} rows/s, ` +
        `${(statSync(path.join(tmp, 'plain.xlsx')).size / 1e6).toFixed(1)} MB; this process's RSS peak ${mb(self.hwm)} MB`,
    );
    console.log(
      `target >= ${TARGET_RATE.toLocaleString('en')} records/s: ${rate >= TARGET_RATE ? 'met' : 'NOT met'} (${(rate / plainRate).toFixed(2)}x the baseline); ` +
        `RSS < ${TARGET_RSS_MB} MB: ${Number(mb(after.hwm)) < TARGET_RSS_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await dropDatabase();
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
