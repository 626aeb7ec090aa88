// Starting a workflow for 1,000 contacts on PostgreSQL: the built server (`npm start` as it runs,
// jobs in the API process unless BENCH_WORKERS=n, mails kept in the Outbox) on a fresh PostgreSQL
// database the bench creates and drops. One ACTIVE workflow whose stage 1 has two steps, a
// template to sign (the bulk-send bench's "Rental agreement") and a document request; a DRAFT
// batch for every contact (addWorkflow-contacts). Measured: from `POST /documents/send-workflow`
// until every instance is IN_PROGRESS, every document and request exists and every mail is queued
// (email_logs rows). Target < 30 s; ratio = target / time (>= 1 means met).
// Baseline, in the same run and database: a bulk send of the same template to the same 1,000
// contacts, from the upload of the sheet until every document exists and every mail is queued
// (the same documents and signing mails, without the requests and the instances).
// Then where the time went: the start jobs' chunks (pg-boss), per instance.
// BENCH_CONTACTS (default 1000), BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_WORKERS (default 0), BENCH_NODE_ARGS (e.g. --cpu-prof), BENCH_PORT (default 3213),
// BENCH_MAIN (another build's main.js instead of apps/server/dist/main.js).
import os from 'node:os';
import pg from 'pg';
import { signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { postgresAnswers } from '../support/run-on-databases.mjs';
import { freshDatabase, makeTemplate } from '../support/send-setup.mjs';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1000);
const TARGET_SECONDS = 30;
const PORT = Number(process.env.BENCH_PORT ?? 3213);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORKERS = process.env.BENCH_WORKERS ?? '0';
const DEADLINE_MS = 15 * 60_000;

const one = async (db, text, params = []) => (await db.query(text, params)).rows[0];
const count = async (db, text, params = []) => (await one(db, text, params)).n;
const seconds = (ms) => (ms / 1000).toFixed(1);

/** The company's contacts, straight into their table (setup, not measured). */
async function seedContacts(db) {
  const { id: companyId } = await one(db, 'SELECT id FROM companies LIMIT 1');
  const { rows } = await db.query(
    `INSERT INTO contacts (company_id, email, first_name, last_name)
     SELECT $1, 'tenant' || i || '@bench.example.com', 'Tenant', 'Number ' || i FROM generate_series(0, $2 - 1) AS i
     RETURNING id, email`,
    [companyId, CONTACTS],
  );
  const order = new Map(rows.map((r) => [r.email, r.id]));
  return Array.from({ length: CONTACTS }, (_, i) => order.get(`tenant${i}@bench.example.com`));
}

/** Polls `done()` every 100 ms; answers the seconds from `started` (throws past the deadline). */
async function until(started, what, done) {
  for (;;) {
    if (await done()) return (performance.now() - started) / 1000;
    if (performance.now() - started > DEADLINE_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mailsOf = (db, kinds) =>
  count(db, `SELECT count(*)::int AS n FROM email_logs WHERE kind = ANY($1)`, [kinds]);

/** Baseline: a bulk send of the template to every contact; seconds until all documents and mails exist. */
async function bulkSend(server, db, token, template) {
  const lines = ['Tenant Email,Tenant First Name,Tenant Last Name,Monthly rent'];
  for (let i = 0; i < CONTACTS; i++)
    lines.push(`tenant${i}@bench.example.com,Tenant,Number ${i},${20000 + i}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'tenants.csv');
  const mailsBefore = await mailsOf(db, ['document.sent']);
  const started = performance.now();
  const { bulk_send_id: id } = await server.api('POST', `/api/document-templates/${template._id}/bulk-send`, {
    token,
    body: form,
  });
  // A chunk's documents and mails are written in one transaction with its progress: DONE means all there.
  const total = await until(started, 'the bulk send', async () => {
    const progress = await server.api('GET', `/api/bulk-sends/${id}`, { token });
    if (progress.status === 'FAILED') throw new Error(`bulk send failed: ${JSON.stringify(progress.errors)}`);
    return progress.status === 'DONE';
  });
  const mails = (await mailsOf(db, ['document.sent'])) - mailsBefore;
  if (mails !== CONTACTS) throw new Error(`the bulk send queued ${mails} mails`);
  return { total, id };
}

/** The ACTIVE workflow and its DRAFT batch (one instance per contact). */
async function draftBatch(server, token, template, contactIds) {
  const workflow = await server.api('POST', '/api/create-workflow', {
    token,
    body: {
      name: 'Tenancy packet',
      steps: [
        { id: 'lease', kind: 'custom', name: 'Lease', template_id: template._id, stage: 1 },
        { id: 'id-proof', kind: 'requested', name: 'ID proof', card_type: 'PAN card', stage: 1 },
      ],
    },
  });
  await server.api('POST', `/api/workflow/${workflow._id}/status`, { token, body: { status: 'ACTIVE' } });
  const draft = await server.api('POST', `/api/create-workflow-data/${workflow._id}`, {
    token,
    body: { contact_id: contactIds[0] },
  });
  const added = await server.api('POST', '/api/addWorkflow-contacts', {
    token,
    body: { workflow_data_id: draft._id, contact_ids: contactIds },
  });
  if (added.length !== CONTACTS) throw new Error(`the batch has ${added.length} instances`);
  return draft._id;
}

/**
 * The measured part: the send, until every instance is IN_PROGRESS. An instance turns IN_PROGRESS in
 * the transaction that stores its document, request and mails, so that is when all exist; they are
 * counted once at the end (polling counts of them would scan their tables and skew the figures).
 * The poll reads the batch's row (its `sent`, recounted after each chunk): counting the instances
 * every 100 ms read ~1,000 rows a time, about a third of the rows read per instance measured.
 */
async function startWorkflow(server, db, token, draftId) {
  const kinds = ['document.sent', 'document.requested'];
  const before = {
    mails: await mailsOf(db, kinds),
    requests: await count(db, 'SELECT count(*)::int AS n FROM document_requests'),
  };
  const started = performance.now();
  const sent = await server.api('POST', '/api/documents/send-workflow', {
    token,
    body: { workflow_data_id: draftId, whole_batch: true },
  });
  const answered = (performance.now() - started) / 1000;
  const marks = {};
  const total = await until(started, 'the workflow start', async () => {
    const batch = await one(db, 'SELECT sent, failed FROM workflow_batches WHERE id = $1', [sent.batch_id]);
    if (batch.failed > 0) throw new Error(`${batch.failed} instances failed to start`);
    const now = (performance.now() - started) / 1000;
    if (marks.first === undefined && batch.sent > 0) marks.first = now;
    if (marks.half === undefined && batch.sent >= CONTACTS / 2) marks.half = now;
    return batch.sent === CONTACTS;
  });
  const state = await one(
    db,
    `SELECT
       (SELECT count(*)::int FROM workflow_data WHERE batch_id = $1 AND status = 'IN_PROGRESS') AS started,
       (SELECT count(*)::int FROM employee_documents WHERE send_key LIKE 'workflow:%') AS documents,
       (SELECT count(*)::int FROM document_requests) - $2 AS requests`,
    [sent.batch_id, before.requests],
  );
  marks.state = { ...state, mails: (await mailsOf(db, kinds)) - before.mails };
  if (
    marks.state.documents !== CONTACTS ||
    marks.state.requests !== CONTACTS ||
    marks.state.mails !== 2 * CONTACTS
  )
    throw new Error(`incomplete start: ${JSON.stringify(marks.state)}`);
  return { total, answered, marks, batchId: sent.batch_id };
}

/**
 * The database's counters (pg_stat_database: transactions, rows read, written). A backend reports
 * them when it goes idle, at most every second and within 10 s: read after a pause of 11 s.
 */
async function dbCounters(db) {
  await new Promise((r) => setTimeout(r, 11_000));
  const totals = await one(
    db,
    `SELECT xact_commit::bigint AS commits, (tup_returned + tup_fetched)::bigint AS reads,
       (tup_inserted + tup_updated + tup_deleted)::bigint AS writes
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  const { rows } = await db.query(
    `SELECT schemaname || '.' || relname AS name, seq_scan::bigint AS seq, seq_tup_read::bigint AS seq_rows,
       coalesce(idx_scan, 0)::bigint AS idx, coalesce(idx_tup_fetch, 0)::bigint AS idx_rows FROM pg_stat_user_tables`,
  );
  return { ...totals, tables: new Map(rows.map((r) => [r.name, r])) };
}

/** The tables read most between two readings (rows per item, by sequential scans and through indexes). */
function tableReads(from, to) {
  return [...to.tables.values()]
    .map((t) => {
      const before = from.tables.get(t.name) ?? { seq: 0, seq_rows: 0, idx: 0, idx_rows: 0 };
      const d = (key) => (Number(t[key]) - Number(before[key])) / CONTACTS;
      return { name: t.name, seq: d('seq'), seqRows: d('seq_rows'), idx: d('idx'), idxRows: d('idx_rows') };
    })
    .filter((t) => t.seqRows + t.idxRows > 0)
    .sort((a, b) => b.seqRows + b.idxRows - (a.seqRows + a.idxRows))
    .slice(0, 5)
    .map(
      (t) =>
        `${t.name.replace(/^public\./, '')} ${t.seqRows.toFixed(0)} rows by ${t.seq.toFixed(1)} seq scans + ` +
        `${t.idxRows.toFixed(0)} by ${t.idx.toFixed(1)} index scans`,
    )
    .join('; ');
}

/** Counters between two readings, per item, less what the idle server does in as long (pg-boss polling). */
function perItem(from, to, idle, activeSeconds) {
  const noise = (key) => (idle[key] * activeSeconds) / 11;
  const delta = (key) => (Number(to[key]) - Number(from[key]) - noise(key)) / CONTACTS;
  return `${delta('commits').toFixed(1)} transactions, ${delta('reads').toFixed(0)} rows read, ${delta('writes').toFixed(0)} rows written`;
}

/** The chunks of a job (pg-boss): how many, their run times, the time from the first start to the last end. */
async function chunksOf(db, name) {
  const rows = (
    await db.query(
      `SELECT extract(epoch FROM completed_on - started_on) * 1000 AS ms, started_on, completed_on
       FROM pgboss.job WHERE name = $1 AND state = 'completed'
       UNION ALL
       SELECT extract(epoch FROM completed_on - started_on) * 1000, started_on, completed_on
       FROM pgboss.archive WHERE name = $1 AND state = 'completed'`,
      [name],
    )
  ).rows;
  if (rows.length === 0) return null;
  const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const first = Math.min(...rows.map((r) => r.started_on.getTime()));
  const last = Math.max(...rows.map((r) => r.completed_on.getTime()));
  return {
    chunks: rows.length,
    median: ms[Math.floor(ms.length / 2)],
    max: ms[ms.length - 1],
    sum: ms.reduce((a, b) => a + b, 0),
    span: last - first,
  };
}

const describeChunks = (c, items) =>
  c
    ? `${c.chunks} chunks, ${(c.median / 1000).toFixed(2)} s median (max ${(c.max / 1000).toFixed(2)} s), ` +
      `${(c.sum / items).toFixed(1)} ms of chunk time per item, first start to last end ${seconds(c.span)} s`
    : 'no finished jobs found';

if (!(await postgresAnswers(ADMIN_URL))) {
  console.log(`PostgreSQL: none answers at ${ADMIN_URL}, skipped`);
  process.exit(0);
}

const database = await freshDatabase(ADMIN_URL, 'workflow');
const db = new pg.Client({ connectionString: database.url });
let server;
try {
  server = await startBuiltServer({
    port: PORT,
    name: 'workflow',
    env: { DATABASE_URL: database.url, WORKERS },
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    main: process.env.BENCH_MAIN,
  });
  await db.connect();
  const token = await signUpOwner(server);
  const template = await makeTemplate(server.api, token);
  const contactIds = await seedContacts(db);

  const loadBefore = os.loadavg()[0].toFixed(1);
  const quiet = await dbCounters(db);
  const beforeBulk = await dbCounters(db);
  const idle = Object.fromEntries(
    ['commits', 'reads', 'writes'].map((k) => [k, Number(beforeBulk[k]) - Number(quiet[k])]),
  );
  const baseline = await bulkSend(server, db, token, template);
  const afterBulk = await dbCounters(db);
  const draftId = await draftBatch(server, token, template, contactIds);
  const beforeStart = await dbCounters(db);
  const run = await startWorkflow(server, db, token, draftId);
  const load = os.loadavg().map((l) => l.toFixed(1));
  const afterStart = await dbCounters(db);

  const startChunks = await chunksOf(db, 'workflows.start');
  const bulkChunks = await chunksOf(db, 'documents.bulk-send');
  const failed = await count(
    db,
    `SELECT count(*)::int AS n FROM workflow_data_events WHERE event = 'start_failed'`,
  );
  const ratio = TARGET_SECONDS / run.total;
  const jobs = WORKERS === '0' ? 'jobs in the API process' : `${WORKERS} worker process(es)`;
  console.log(
    `contacts                 : ${CONTACTS} instances of a 2-step stage (template to sign + request), PostgreSQL, ${jobs}`,
  );
  console.log(`send answered            : ${run.answered.toFixed(2)} s (batch queued)`);
  console.log(
    `first chunk / half done  : ${run.marks.first?.toFixed(1) ?? '-'} s / ${run.marks.half?.toFixed(1) ?? '-'} s`,
  );
  console.log(
    `all started and mailed   : ${run.total.toFixed(1)} s (${(CONTACTS / run.total).toFixed(0)} instances/s): ` +
      `${run.marks.state.started} IN_PROGRESS, ${run.marks.state.documents} documents, ` +
      `${run.marks.state.requests} requests, ${run.marks.state.mails} mails queued, ${failed} start_failed`,
  );
  console.log(
    `baseline                 : bulk send of the same template to the same ${CONTACTS} contacts: ` +
      `${baseline.total.toFixed(1)} s (${(CONTACTS / baseline.total).toFixed(0)} documents/s); ` +
      `workflow start at ${(baseline.total / run.total).toFixed(2)}x of it`,
  );
  console.log(`workflows.start jobs     : ${describeChunks(startChunks, CONTACTS)}`);
  console.log(`documents.bulk-send jobs : ${describeChunks(bulkChunks, CONTACTS)}`);
  console.log(`database, per instance   : ${perItem(beforeStart, afterStart, idle, run.total)}`);
  console.log(`database, per bulk row   : ${perItem(beforeBulk, afterBulk, idle, baseline.total)}`);
  console.log(`table reads, per instance: ${tableReads(beforeStart, afterStart) || 'none'}`);
  console.log(`table reads, per bulk row: ${tableReads(beforeBulk, afterBulk) || 'none'}`);
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target ${TARGET_SECONDS} s, ratio >= 1) ` +
      `${ratio >= 1 ? 'MET' : 'NOT MET'}; load ${loadBefore} before, ${load.join(' / ')} after (1/5/15 min)`,
  );
} finally {
  await server?.stop();
  try {
    await db.end();
  } finally {
    // A failing close is reported (the script fails), and the bench's database still goes.
    await database.drop();
  }
}
