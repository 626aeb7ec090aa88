// Signers and staff at once on the built server (as `npm start` runs it) over PostgreSQL: 200
// clients for 60 s (BENCH_SECONDS, BENCH_CLIENTS), each alternating a document list
// (`GET /api/all-documents/{status}`, the owner's session) and its own recipient's e-sign record
// (`GET /api/e-signs/{id}` with the link headers). Each client waits for its answer before the
// next call. Prints req/s, p50/p95/max (all and per kind), the worst second's throughput against
// the average, the server's RSS before and after, and the server's CPU per call (from
// /proc/<pid>/stat): mixed, and for the e-sign record alone called one at a time (BENCH_SERIAL
// calls once every signer has opened it; each signer's first opening apart). Baseline, same run
// and clients: `GET /api/health` (the floor of the stack). Targets: p95 < 500 ms, worst second >=
// half the average, <= 5 ms of server CPU per e-sign record. The clients come through a trusted proxy (TRUST_PROXY=loopback) with an address
// each in X-Forwarded-For, as real signers would, so the per-address limits apply per client.
// BENCH_PORT (3261) moves the server; BENCH_SERVER=<a built main.js> runs another build (A/B runs of
// two builds on the same machine, alternated); BENCH_SECONDS_SERIES=1 prints completions per second.
import { createHmac, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { Agent, request } from 'undici';
import { signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { postgresAnswers } from '../support/run-on-databases.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? Math.min(SECONDS, 15));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 20_000);
const SERIAL = Number(process.env.BENCH_SERIAL ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const JWT_SECRET = 'bench-signer-load-jwt-secret-0123456789abcdef';
const TARGET_P95_MS = 500;
const TARGET_CPU_MS = 5;
const FIELDS = 12;
const SETTINGS = {
  signing_order: false,
  expire_after_days: 30,
  reminder_every_days: 3,
  warn_before_expiry_days: 2,
  email_subject: 'Please sign',
  email_message: 'Please review and sign.',
  terms_and_conditions: { enabled: false, text: '' },
};

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The server's pid (the process listening on the port), its CPU ms so far and RSS MB. */
function serverPid() {
  const out = execFileSync('ss', ['-Hltnp', `sport = :${PORT}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${PORT}`);
  return pid;
}
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
function rssMb(pid) {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const hash = (secret) => createHmac('sha256', JWT_SECRET).update(secret).digest('base64url');

/**
 * Documents of the owner's company (3 recipients each), and a link secret for CLIENTS recipients.
 * Pending recipients were reminded today, as in a workspace that has been running: with the seeded
 * history alone every one of them is due a reminder, and the next 5-minute sweep would mail
 * thousands (fresh links, mails, logs) in the middle of the run.
 */
async function seed(db) {
  const {
    rows: [owner],
  } = await db.query(
    `select cu.company_id, cu.user_id from company_users cu join users u on u.id = cu.user_id limit 1`,
  );
  const fields = Array.from({ length: FIELDS }, (_, i) => ({
    key: `f${i}`,
    type: i === 0 ? 'SIGNATURE' : 'TEXT',
    recipient_key: `r${1 + (i % 3)}`,
    page: 1,
    x: 50,
    y: 40 + i * 50,
    width: 150,
    height: 30,
    required: true,
    read_only: false,
    label: `Field ${i + 1}`,
    placeholder: '',
    default_value: '',
    options: [],
    font: { family: 'Helvetica', size: 11 },
    validation: {},
  }));
  await db.query(
    `insert into employee_documents (company_id, name, status, file, pages, settings, sender_id, sent_at,
       expires_at, completed_at, fields, created_at, updated_at)
     select $1, (array['Lease','NDA','Offer letter','Invoice','Service agreement'])[1 + g % 5] || ' ' || g,
       s.status,
       '{"file_ref_id":"bench","name":"bench.pdf","original_name":"bench.pdf","mime_type":"application/pdf","size":1,"page_count":1,"pages":[{"width":612,"height":792}],"sha256":"${'a'.repeat(64)}"}'::jsonb,
       '[{"width":612,"height":792}]'::jsonb, $5::jsonb, $2, s.ts, s.ts + interval '3650 days',
       case when s.status = 'COMPLETED' then s.ts + interval '2 days' end, $4::jsonb, s.ts, s.ts
     from generate_series(1, $3::int) g,
       lateral (select case when g % 2 = 0 then 'COMPLETED' else 'WAITING' end as status,
         now() - g * interval '5 minutes' as ts) s`,
    [owner.company_id, owner.user_id, DOCUMENTS, JSON.stringify(fields), JSON.stringify(SETTINGS)],
  );
  await db.query(
    `insert into document_users (company_id, employee_document_id, key, type, user_type, email, first_name,
       last_name, signing_order, status, sent_at, created_at, last_reminded_at)
     select d.company_id, d.id, 'r' || k, 'RECEIVER', 'SIGNER', 'signer' || k || '.' || d.rn || '@acme.com',
       'Signer', 'Person ' || d.rn, k, case when d.status = 'COMPLETED' then 'SIGNED' else 'SENT' end,
       d.sent_at, d.created_at, now()
     from (select ed.*, row_number() over (order by ed.created_at) as rn from employee_documents ed
           where ed.company_id = $1) d cross join generate_series(1, 3) k`,
    [owner.company_id],
  );
  const { rows } = await db.query(
    `select du.id, du.employee_document_id from document_users du join employee_documents d
       on d.id = du.employee_document_id
     where d.status = 'WAITING' and du.key = 'r1' order by d.created_at desc limit $1`,
    [CLIENTS],
  );
  const signers = rows.map((r) => ({
    documentId: r.employee_document_id,
    userId: r.id,
    secret: randomBytes(32).toString('base64url'),
  }));
  await db.query(
    `update document_users du set secret_hash = s.hash
     from unnest($1::uuid[], $2::text[]) as s(id, hash) where du.id = s.id`,
    [signers.map((s) => s.userId), signers.map((s) => hash(s.secret))],
  );
  await db.query('analyze employee_documents; analyze document_users');
  return signers;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * CLIENTS loops for `seconds`, each calling `next(client, n)` for its n-th request ({ path, headers }).
 * Answers the latencies per kind, completions per second and the non-2xx count.
 */
async function drive(base, agent, seconds, next) {
  const started = performance.now();
  const end = started + seconds * 1000;
  const perSecond = new Array(Math.ceil(seconds)).fill(0);
  const kindSeconds = new Map();
  const times = new Map();
  let failed = 0;
  let firstFailure = '';
  const loop = async (client) => {
    for (let n = 0; performance.now() < end; n++) {
      const call = next(client, n);
      const t0 = performance.now();
      const res = await request(`${base}${call.path}`, { headers: call.headers, dispatcher: agent });
      const text = await res.body.text();
      const t1 = performance.now();
      if (res.statusCode !== 200) {
        failed++;
        firstFailure ||= `${call.path}: ${res.statusCode} ${text.slice(0, 200)}`;
      }
      if (!times.has(call.kind)) times.set(call.kind, []);
      times.get(call.kind).push(t1 - t0);
      const second = Math.floor((t1 - started) / 1000);
      if (second < perSecond.length) {
        perSecond[second]++;
        if (!kindSeconds.has(call.kind)) kindSeconds.set(call.kind, new Array(perSecond.length).fill(0));
        kindSeconds.get(call.kind)[second]++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(i)));
  const all = [...times.values()].flat().sort((a, b) => a - b);
  const kinds = [...times].map(([kind, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return {
      kind,
      perSecond: kindSeconds.get(kind) ?? [],
      calls: sorted.length,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted.at(-1),
    };
  });
  const rps = perSecond.reduce((a, b) => a + b, 0) / perSecond.length;
  // The first second is the ramp-up (200 connections opening): the worst of the others.
  const worst = Math.min(...perSecond.slice(1));
  return {
    rps,
    worst,
    perSecond,
    p50: percentile(all, 0.5),
    p95: percentile(all, 0.95),
    max: all.at(-1),
    kinds,
    calls: all.length,
    failed,
    firstFailure,
  };
}

const ms = (n) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
function report(label, r) {
  console.log(
    `${label}: ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)}, worst second ` +
      `${r.worst} req (${(r.worst / r.rps).toFixed(2)} of the average)${r.failed ? `, ${r.failed} failed: ${r.firstFailure}` : ''}`,
  );
  if (process.env.BENCH_SECONDS_SERIES) console.log(`  per second: ${r.perSecond.join(' ')}`);
  if (r.kinds.length > 1)
    for (const k of r.kinds)
      console.log(
        `  ${k.kind}: ${k.calls} calls, p50 ${ms(k.p50)}, p95 ${ms(k.p95)}, max ${ms(k.max)}` +
          (process.env.BENCH_SECONDS_SERIES ? `; per second: ${k.perSecond.join(' ')}` : ''),
      );
}

async function main() {
  if (!(await postgresAnswers(adminUrl))) {
    console.log(`PostgreSQL: none answers at ${adminUrl}, skipped`);
    return true;
  }
  const dbName = `bench_signers_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const server = await startBuiltServer({
    port: PORT,
    name: 'signers',
    // BENCH_SERVER=<path of a built main.js>: another build (A/B runs).
    main: process.env.BENCH_SERVER,
    env: { DATABASE_URL: url.toString(), JWT_SECRET, TRUST_PROXY: 'loopback' },
    // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops.
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
  });
  const db = new pg.Client({ connectionString: url.toString() });
  const agent = new Agent({ connections: CLIENTS, pipelining: 1 });
  try {
    await db.connect();
    const token = await signUpOwner(server);
    const t0 = performance.now();
    const signers = await seed(db);
    console.log(
      `PostgreSQL; seeded ${DOCUMENTS.toLocaleString('en')} documents (3 recipients, ${FIELDS} fields each) in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s; ${CLIENTS} clients, ${SECONDS} s ` +
        `(baseline ${BASELINE_SECONDS} s); load average ${load()}`,
    );
    const pid = serverPid();
    // Each client has its own address, rotating over 250 (the per-address limit of signer routes).
    const ip = (client, n) => `10.${client % 250}.${Math.floor(client / 250)}.${1 + (n % 250)}`;
    const signerCall = (client, n) => {
      const s = signers[client % signers.length];
      return {
        kind: 'e-sign record',
        path: `/api/e-signs/${s.documentId}`,
        headers: { userid: s.userId, password: s.secret, 'x-forwarded-for': ip(client, n) },
      };
    };
    const listCall = (client, n) => ({
      kind: 'document list',
      path: `/api/all-documents/${n % 4 < 2 ? 'completed' : 'waiting-for-others'}?page=${1 + ((client + n) % 20)}&limit=10`,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip(client, n) },
    });

    // Server CPU of the e-sign record alone, one call at a time: each signer's first opening (it
    // becomes VIEWED: a transaction, the audit row, the sender's notification and its mail), then
    // openings again (what a signer's screen does on every load), after a pause for the mails.
    const serial = async (calls, callAt) => {
      const cpu0 = cpuMs(pid);
      for (let i = 0; i < calls; i++) {
        const call = callAt(i);
        const res = await request(`${server.base}${call.path}`, { headers: call.headers, dispatcher: agent });
        const body = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${call.path}: ${res.statusCode} ${body.slice(0, 300)}`);
      }
      return (cpuMs(pid) - cpu0) / calls;
    };
    const firstCpu = await serial(signers.length, (i) => signerCall(i, i));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await serial(50, (i) => signerCall(i, i));
    const signerCpu = await serial(SERIAL, (i) => signerCall(i, i));
    console.log(
      `server CPU per e-sign record (${SERIAL} calls one at a time): ${signerCpu.toFixed(2)} ms (target <= ${TARGET_CPU_MS} ms); ` +
        `a signer's first opening (${signers.length} calls; VIEWED, logged, the sender notified): ${firstCpu.toFixed(2)} ms`,
    );

    const health = await drive(server.base, agent, BASELINE_SECONDS, (client, n) => ({
      kind: 'health',
      path: '/api/health',
      headers: { 'x-forwarded-for': ip(client, n) },
    }));
    report(`baseline GET /api/health, ${CLIENTS} clients`, health);

    const rssBefore = rssMb(pid);
    const cpuBefore = cpuMs(pid);
    const mixed = await drive(server.base, agent, SECONDS, (client, n) =>
      (client + n) % 2 === 0 ? signerCall(client, n) : listCall(client, n),
    );
    const cpuPerCall = (cpuMs(pid) - cpuBefore) / mixed.calls;
    report(`signers + lists, ${CLIENTS} clients`, mixed);
    console.log(
      `server RSS ${rssBefore.toFixed(0)} MB before, ${rssMb(pid).toFixed(0)} MB after; server CPU ${cpuPerCall.toFixed(2)} ms ` +
        `per call; req/s ratio to the baseline ${(mixed.rps / health.rps).toFixed(2)}; load average ${load()}`,
    );
    const met =
      mixed.failed === 0 &&
      mixed.p95 < TARGET_P95_MS &&
      mixed.worst >= mixed.rps / 2 &&
      signerCpu <= TARGET_CPU_MS;
    console.log(
      `target p95 < ${TARGET_P95_MS} ms, worst second >= 0.5 of the average, <= ${TARGET_CPU_MS} ms CPU per record: ${met ? 'met' : 'NOT met'}`,
    );
    return met;
  } finally {
    await agent.close();
    await db.end().catch(() => undefined);
    await server.stop();
    if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

process.exit((await main()) ? 0 : 1);
