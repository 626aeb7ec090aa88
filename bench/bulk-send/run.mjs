// Bulk send of 1,000 rows through the built server (`npm start` as it runs: embedded PGlite,
// local storage, jobs in the API process): from the upload of the sheet until every document
// exists and every mail is queued (the bulk send is DONE; documents and their mails are written
// in one transaction per row). Target: 20 s; prints the time and the ratio target / time
// (>= 1 means met). `BENCH_ROWS` changes the number of rows, `DATABASE_URL` runs it on PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const TARGET_SECONDS = 20;
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const BASE = `http://127.0.0.1:${PORT}`;
const OUTBOX_KEY = 'bench-outbox-key-0123456789abcdef';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-bulk-'));
const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    path.join(root, 'apps/server/dist/main.js'),
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      OUTBOX_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

async function api(method, url, { token, body, headers = {} } = {}) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function waitUp() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not come up');
}

async function signIn() {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-pass-1';
  await api('POST', '/api/companySignup', {
    body: { first_name: 'Bench', last_name: 'Owner', email, password, company_name: `Bench ${Date.now()}` },
  });
  const mails = await api('GET', `/api/outbox?search=${encodeURIComponent(email)}`, {
    headers: { 'x-outbox-key': OUTBOX_KEY },
  });
  const code = /(\d{6})/.exec(mails.data[0]?.subject ?? '')?.[1];
  if (!code) throw new Error('no verification code in the outbox');
  await api('POST', '/api/email/verify', { body: { email, code } });
  return (await api('POST', '/api/signin', { body: { email, password } })).access_token;
}

async function makeTemplate(token) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 40, y: 740, size: 14 });
  const pdf = Buffer.from(await doc.save());
  const upload = await api('POST', '/api/document-templates/file-upload', {
    token,
    body: { file_name: 'Rental agreement.pdf', content_type: 'application/pdf', size: pdf.length },
  });
  const put = await fetch(upload.upload_url, {
    method: 'PUT',
    body: pdf,
    headers: { 'content-type': 'application/pdf' },
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const status = await api('POST', '/api/document-templates/file-upload/status', {
    token,
    body: { file_ref_id: upload.file_ref_id },
  });
  const template = await api('POST', '/api/document-templates', {
    token,
    body: { name: 'Rental agreement', file_ref_ids: [status.fileInfos[0].file_ref_id], is_template: true },
  });
  await api('PUT', '/api/document-templates/documents/draft', {
    token,
    body: {
      configurable_document_id: template._id,
      name: template.name,
      settings: template.settings,
      document_users: [{ key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' }],
      fields: [
        {
          key: 'sig',
          type: 'SIGNATURE',
          page: 3,
          x: 60,
          y: 600,
          width: 180,
          height: 50,
          recipient_key: 'tenant',
        },
        {
          key: 'rent',
          type: 'TEXT',
          page: 1,
          x: 60,
          y: 100,
          width: 120,
          height: 20,
          recipient_key: 'tenant',
          label: 'Monthly rent',
        },
      ],
    },
  });
  return template;
}

try {
  await waitUp();
  const token = await signIn();
  const template = await makeTemplate(token);
  const lines = ['Tenant Email,Tenant First Name,Tenant Last Name,Monthly rent'];
  for (let i = 0; i < ROWS; i++) lines.push(`row${i}@bench.example.com,Tenant,Number ${i},${20000 + i}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'tenants.csv');

  const started = performance.now();
  const { bulk_send_id: id } = await api('POST', `/api/document-templates/${template._id}/bulk-send`, {
    token,
    body: form,
  });
  let progress;
  for (;;) {
    progress = await api('GET', `/api/bulk-sends/${id}`, { token });
    if (progress.status === 'DONE' || progress.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const mails = await api('GET', '/api/outbox?search=bench.example.com&limit=1', {
    headers: { 'x-outbox-key': OUTBOX_KEY },
  });
  if (progress.status !== 'DONE' || progress.sent !== ROWS || mails.total !== ROWS) {
    throw new Error(
      `incomplete: ${JSON.stringify({ ...progress, errors: progress.errors.slice(0, 3) })}, ${mails.total} mails`,
    );
  }
  const ratio = TARGET_SECONDS / seconds;
  console.log(`rows                     : ${ROWS} documents sent, ${mails.total} mails queued`);
  console.log(
    `time                     : ${seconds.toFixed(1)} s (${(ROWS / seconds).toFixed(0)} documents/s)`,
  );
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target ${TARGET_SECONDS} s, ratio >= 1) ${ratio >= 1 ? 'MET' : 'NOT MET'}`,
  );
} finally {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
