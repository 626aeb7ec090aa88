// Bulk send of 3,000 rows on PostgreSQL, created AND mailed: the built server (`npm start` as it
// runs, jobs in the API process unless BENCH_WORKERS=n) on a fresh PostgreSQL database, mailing
// a local SMTP server. From the upload of the sheet it measures the time until every document
// exists (the bulk send is DONE) and until every one of its mails is SENT (email_logs), and the
// rows/s. Target: everything mailed in < 120 s; ratio = target / time (>= 1 means met).
// Baseline, in the same run: nodemailer's pool alone (one connection, 10 mails at once, as the
// mail service is configured) sending as many mails to the same SMTP server, no queue, no
// database: the floor of the mailing part.
// BENCH_ROWS (default 3000), BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_WORKERS (default 0: jobs in the API process), BENCH_NODE_ARGS (e.g. --cpu-prof).
import os from 'node:os';
import pg from 'pg';
import { signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { postgresAnswers } from '../support/run-on-databases.mjs';
import { freshDatabase, makeTemplate } from '../support/send-setup.mjs';
import { smtpFloorSeconds, startSmtpSink } from '../support/smtp-sink.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 3000);
const TARGET_SECONDS = 120;
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORKERS = process.env.BENCH_WORKERS ?? '0';

if (!(await postgresAnswers(ADMIN_URL))) {
  console.log(`PostgreSQL: none answers at ${ADMIN_URL}, skipped`);
  process.exit(0);
}

const database = await freshDatabase(ADMIN_URL, 'bulk');
const url = new URL(database.url);
const sink = await startSmtpSink();
const db = new pg.Client({ connectionString: url.toString() });
let server;
try {
  const floorSeconds = await smtpFloorSeconds(sink.url, ROWS);
  server = await startBuiltServer({
    port: PORT,
    name: 'bulk',
    env: {
      DATABASE_URL: url.toString(),
      SMTP_URL: sink.url,
      MAIL_FROM: 'e-Signs <no-reply@esigns.test>',
      WORKERS,
    },
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  const { api } = server;
  await db.connect();
  const token = await signUpOwner(server, undefined, { smtp: sink });
  const template = await makeTemplate(api, token);
  const lines = ['Tenant Email,Tenant First Name,Tenant Last Name,Monthly rent'];
  for (let i = 0; i < ROWS; i++) lines.push(`row${i}@bench.example.com,Tenant,Number ${i},${20000 + i}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'tenants.csv');
  const mailsBefore = sink.received();

  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const { bulk_send_id: id } = await api('POST', `/api/document-templates/${template._id}/bulk-send`, {
    token,
    body: form,
  });
  const acceptedSeconds = elapsed();
  let progress;
  let createdSeconds;
  let mailedSeconds;
  let mails = { sent: 0, total: 0 };
  const deadline = started + 20 * 60_000;
  for (;;) {
    if (createdSeconds === undefined) {
      progress = await api('GET', `/api/bulk-sends/${id}`, { token });
      if (progress.status === 'DONE' || progress.status === 'FAILED') createdSeconds = elapsed();
    }
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*)::int AS total
       FROM email_logs WHERE kind = 'document.sent'`,
    );
    mails = rows[0];
    if (createdSeconds !== undefined && mails.sent >= mails.total) {
      mailedSeconds = elapsed();
      break;
    }
    if (progress.status === 'FAILED' || performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows: docs } = await db.query(
    `SELECT count(*)::int AS n, count(DISTINCT send_key)::int AS keys FROM employee_documents WHERE send_key LIKE $1`,
    [`bulk:${id}:%`],
  );
  const delivered = sink.received() - mailsBefore;
  if (
    progress.status !== 'DONE' ||
    progress.sent !== ROWS ||
    docs[0].n !== ROWS ||
    docs[0].keys !== ROWS ||
    mails.total !== ROWS ||
    mails.sent !== ROWS ||
    mailedSeconds === undefined
  ) {
    throw new Error(
      `incomplete: ${JSON.stringify({ ...progress, errors: progress.errors.slice(0, 3) })}, ` +
        `${docs[0].n} documents, ${mails.sent}/${mails.total} mails SENT`,
    );
  }
  const ratio = TARGET_SECONDS / mailedSeconds;
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `rows                     : ${ROWS} documents sent, ${mails.sent} mails SENT, ${delivered} reached SMTP ` +
      `(PostgreSQL, ${WORKERS === '0' ? 'jobs in the API process' : `${WORKERS} worker process(es)`})`,
  );
  console.log(`upload answered          : ${acceptedSeconds.toFixed(1)} s (every row checked, job queued)`);
  console.log(
    `all documents created    : ${createdSeconds.toFixed(1)} s (${(ROWS / createdSeconds).toFixed(0)} rows/s)`,
  );
  console.log(
    `all mails SENT           : ${mailedSeconds.toFixed(1)} s (${(ROWS / mailedSeconds).toFixed(0)} rows/s)`,
  );
  console.log(
    `baseline                 : nodemailer's pool alone, ${ROWS} mails to the same server: ` +
      `${floorSeconds.toFixed(1)} s (${(ROWS / floorSeconds).toFixed(0)} mails/s); bulk send at ` +
      `${(floorSeconds / mailedSeconds).toFixed(2)}x of that floor`,
  );
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target ${TARGET_SECONDS} s, ratio >= 1) ` +
      `${ratio >= 1 ? 'MET' : 'NOT MET'}; load ${load}`,
  );
} finally {
  await server?.stop();
  await db.end().catch(() => undefined);
  await sink.close();
  await database.drop();
}
