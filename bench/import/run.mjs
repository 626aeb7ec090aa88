// Imports (bench/import): BENCH_ROWS (100,000) rows of CSV, 9 columns of mixed types (text,
// currency, number, percentage, select, date, date-time, yes/no, email), imported into one entity
// on PostgreSQL through the HTTP API of the built server (`PUT /api/import/upload-entities-data/{id}`:
// store + start, then `GET /api/imports/{id}` until DONE), measuring rows/s from the call to DONE
// and the server process's peak RSS (/proc/<pid>/status VmHWM). Baseline in the same run: the same
// rows written straight through SQL by multi-row inserts of 1,000 rows (this process, values built
// in JS as the import stores them). Target: >= 10,000 rows/s and < 300 MB RSS.
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_NODE_ARGS: the
// server's node flags (a CPU profile).
import os from 'node:os';
import pg from 'pg';
import { memoryOf, serverPid } from '../support/process-memory.mjs';
import { poll, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { postgresAnswers } from '../support/run-on-databases.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_RATE = 10_000;
const TARGET_RSS_MB = 300;
const PORT = Number(process.env.BENCH_PORT ?? 3941);
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const STATUSES = ['Available', 'Sold', 'Rented'];
const FIELDS = [
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'price', label: 'Price', type: 'CURRENCY', currency: 'INR' },
  { key: 'area', label: 'Area', type: 'NUMBER' },
  { key: 'share', label: 'Share', type: 'PERCENTAGE' },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: STATUSES.map((value) => ({ value, label: value })),
  },
  { key: 'listed_on', label: 'Listed on', type: 'DATE' },
  { key: 'visited_at', label: 'Visited at', type: 'DATE_TIME' },
  { key: 'furnished', label: 'Furnished', type: 'YES_OR_NO' },
  { key: 'email', label: 'Owner email', type: 'EMAIL' },
];

const mb = (kb) => (kb / 1024).toFixed(0);
const pad = (n) => String(n).padStart(2, '0');

/** Row n's cells, as the CSV has them. */
function cells(n) {
  const day = new Date(Date.UTC(2025, 0, 1 + (n % 365)));
  const iso = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  return [
    `Property ${n}`,
    String(1_000_000 + ((n * 7919) % 90_000_000)),
    String(300 + ((n * 31) % 4700)),
    String(n % 101),
    STATUSES[n % 3],
    iso,
    `${iso} ${pad(n % 24)}:${pad(n % 60)}`,
    n % 2 === 0 ? 'yes' : 'no',
    `owner${n}@example.com`,
  ];
}

function csvFile() {
  const lines = [FIELDS.map((f) => f.label).join(',')];
  for (let n = 1; n <= ROWS; n += 1) lines.push(cells(n).join(','));
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The baseline: the same rows' values (as the import stores them) by multi-row inserts of 1,000. */
async function plainInsert(client, companyId, entityId, tpl) {
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += 1000) {
    const params = [];
    const tuples = [];
    for (let n = from; n < Math.min(ROWS + 1, from + 1000); n += 1) {
      const c = cells(n);
      const values = {
        [tpl]: {
          title: c[0],
          price: Number(c[1]),
          area: Number(c[2]),
          share: Number(c[3]),
          status: c[4],
          listed_on: c[5],
          visited_at: new Date(`${c[6].replace(' ', 'T')}:00Z`).toISOString(),
          furnished: c[7] === 'yes',
          email: c[8],
        },
      };
      params.push(c[0], JSON.stringify(values));
      tuples.push(`($1, $2, $${params.length + 1}, $${params.length + 2}::jsonb)`);
    }
    await client.query(
      `insert into entity_data (company_id, entity_id, title, values) values ${tuples.join(',')}`,
      [companyId, entityId, ...params],
    );
  }
  return (performance.now() - started) / 1000;
}

async function main() {
  if (!(await postgresAnswers(adminUrl))) {
    console.log(`PostgreSQL: none answers at ${adminUrl}; bench/import needs it, skipped`);
    return;
  }
  const dbName = `bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const server = await startBuiltServer({
    port: PORT,
    name: 'import',
    // ENTERPRISE: no records limit (the FREE plan, the default, allows 1,000 records: 402).
    env: {
      DATABASE_URL: url.toString(),
      UPLOAD_LIMIT_BYTES: String(200 * 1024 * 1024),
      DEFAULT_PLAN: 'ENTERPRISE',
    },
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const pid = serverPid();
    const token = await signUpOwner(server);
    const create = (name) =>
      server.api('POST', '/api/entities/create', {
        token,
        body: { name, entity_type: 'GENERAL', fields: FIELDS },
      });
    const entity = await create('Property');
    const file = csvFile();
    console.log(
      `${ROWS.toLocaleString('en')} rows, ${FIELDS.length} columns, ${(file.length / 1e6).toFixed(1)} MB CSV; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const mapping = Object.fromEntries(
      FIELDS.map((f) => [f.label, `${entity.primary_template_id}#${f.key}`]),
    );
    const before = memoryOf(pid);

    const started = performance.now();
    const form = new FormData();
    form.append('mapping', JSON.stringify(mapping));
    form.append('skip_invalid', 'false');
    form.append('file', new Blob([file], { type: 'text/csv' }), 'properties.csv');
    const job = await server.api('PUT', `/api/import/upload-entities-data/${entity._id}`, {
      token,
      body: form,
    });
    const storedIn = (performance.now() - started) / 1000;
    const afterStore = memoryOf(pid);
    const done = await poll(
      'the import job',
      async () => {
        const state = await server.api('GET', `/api/imports/${job._id}`, { token });
        if (state.status === 'FAILED')
          throw new Error(`the import failed: ${JSON.stringify(state.errors.slice(0, 3))}`);
        return state.status === 'DONE' && state;
      },
      30 * 60_000,
    );
    const seconds = (performance.now() - started) / 1000;
    const after = memoryOf(pid);
    const rate = done.inserted / seconds;
    console.log(
      `API import (store + job): ${done.inserted.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} rows/s; ` +
        `server RSS peak ${mb(after.hwm)} MB (before the import: peak ${mb(before.hwm)} MB, now ${mb(after.rss)} MB)`,
    );

    // Where the time went, by the database's clock: queued -> first batch -> last batch -> done.
    const [phases] = (
      await client.query(
        `select extract(epoch from min(b.created_at) - j.created_at) as queued,
           extract(epoch from max(b.created_at) - min(b.created_at)) as batches,
           extract(epoch from j.finished_at - max(b.created_at)) as ending, count(b.*)::int as n
         from import_jobs j join import_job_batches b on b.import_id = j.id where j.id = $1
         group by j.id`,
        [job._id],
      )
    ).rows;
    const secs = (v) => Number(v).toFixed(1);
    console.log(
      `  job: stored and queued to first batch ${secs(phases.queued)} s, ${phases.n} batches in ${secs(phases.batches)} s, ` +
        `last batch to DONE ${secs(phases.ending)} s (the call itself: ${secs(storedIn)} s, server RSS peak after it ${mb(afterStore.hwm)} MB)`,
    );

    const plainEntity = await create('Property plain');
    const plainSeconds = await plainInsert(
      client,
      plainEntity.company_id,
      plainEntity._id,
      plainEntity.primary_template_id,
    );
    const plainRate = ROWS / plainSeconds;
    console.log(
      `baseline (multi-row SQL inserts of 1,000, same run): ${ROWS.toLocaleString('en')} rows in ${plainSeconds.toFixed(1)} s = ${Math.round(plainRate).toLocaleString('en')} rows/s`,
    );
    console.log(
      `target >= ${TARGET_RATE.toLocaleString('en')} rows/s: ${rate >= TARGET_RATE ? 'met' : 'NOT met'} (${(rate / plainRate).toFixed(2)}x the baseline); ` +
        `RSS < ${TARGET_RSS_MB} MB: ${Number(mb(after.hwm)) < TARGET_RSS_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await client.end();
    await server.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
