// Time to convert a 20-page DOCX to PDF through the document service (the built server as
// `npm start` runs it: HTTP multipart upload, bearer auth with its membership query, type
// sniffing, the zip-bomb guard, LibreOffice in the service's pool, page inspection with pdf-lib,
// storage, the document_files row and a signed url) against plain
// `soffice --headless --convert-to pdf` of the same file, alternating one of each per round in
// the same run, compared by their medians. Target: service / plain <= 1.3.
//
// The DOCX is generated once per run (RTF with 20 pages -> DOCX by LibreOffice). The plain runs
// use their own LibreOffice profile folder, warmed up like the service's, so that another
// LibreOffice on the machine (which would own the default profile) cannot take their work.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAGES = 20;
const PORT = 3203;
const TARGET = 1.3;
const SOFFICE = process.env.SOFFICE_PATH ?? 'soffice';
const OUTBOX_KEY = 'bench-outbox-key';

const work = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-convert-'));
const baselineProfile = pathToFileURL(path.join(work, 'baseline-profile')).href;

/** Runs a command to its end; rejects on a non-zero exit. */
function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${stderr}`)),
    );
  });
}

function soffice(to, outDir, input) {
  return run(SOFFICE, [
    `-env:UserInstallation=${baselineProfile}`,
    '--headless',
    '--norestore',
    '--convert-to',
    to,
    '--outdir',
    outDir,
    input,
  ]);
}

/** A 20-page contract-like document: a heading and a few paragraphs per page. */
async function makeDocx() {
  const paragraph =
    'The parties agree to the terms set out in this agreement, including payment, delivery, ' +
    'confidentiality and termination. Each party shall perform its obligations in good faith and ' +
    'within the time limits stated in the schedules attached to this agreement.';
  const pages = Array.from(
    { length: PAGES },
    (_, i) =>
      `{\\b\\fs32 Section ${i + 1}\\par}` +
      Array.from({ length: 4 }, (_, j) => `{\\fs22 ${j + 1}. ${paragraph}\\par}`).join(''),
  );
  const rtf = `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Liberation Serif;}}\\f0 ${pages.join('\\page ')}}`;
  const rtfFile = path.join(work, 'contract.rtf');
  writeFileSync(rtfFile, rtf);
  await soffice('docx', work, rtfFile);
  return path.join(work, 'contract.docx');
}

function startServer() {
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      OUTBOX_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const base = `http://127.0.0.1:${PORT}`;

async function waitUp() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not come up');
}

async function call(method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
  return json.data;
}

/** A signed-in company owner, through sign-up, the code from the Outbox, verification, sign-in. */
async function signIn() {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-pass-1';
  await call('POST', '/api/companySignup', {
    first_name: 'Bench',
    last_name: 'Mark',
    email,
    password,
    company_name: 'Bench Co',
  });
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const mails = await call('GET', `/api/outbox?search=${encodeURIComponent(email)}`, undefined, {
      'x-outbox-key': OUTBOX_KEY,
    });
    code = /(\d{6})/.exec(mails.data[0]?.subject ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no verification code in the Outbox');
  await call('POST', '/api/email/verify', { email, code });
  const session = await call('POST', '/api/signin', { email, password });
  return session.access_token;
}

async function timeService(token, docx) {
  const form = new FormData();
  form.append('files', new Blob([docx], { type: 'application/octet-stream' }), 'contract.docx');
  const started = performance.now();
  const res = await fetch(`${base}/rest/esignature/convertFiles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`convertFiles: ${res.status} ${json.message}`);
  const pages = json.data.fileInfos[0].page_count;
  if (pages !== PAGES) throw new Error(`the service made ${pages} pages, expected ${PAGES}`);
  return ms;
}

async function timePlain(docxFile, round) {
  const outDir = path.join(work, `plain-${round}`);
  mkdirSync(outDir);
  const started = performance.now();
  await soffice('pdf', outDir, docxFile);
  const ms = performance.now() - started;
  if (statSync(path.join(outDir, 'contract.pdf')).size === 0)
    throw new Error('plain soffice wrote an empty PDF');
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server;
try {
  const docxFile = await makeDocx();
  const docx = readFileSync(docxFile);
  server = startServer();
  await waitUp();
  const token = await signIn();
  // Warm-up: each side creates its LibreOffice profile once (the service keeps one per slot).
  await timeService(token, docx);
  await timePlain(docxFile, 'warm');
  const service = [];
  const plain = [];
  for (let i = 0; i < ROUNDS; i++) {
    service.push(await timeService(token, docx));
    plain.push(await timePlain(docxFile, i));
  }
  const ratio = median(service) / median(plain);
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`document                 : ${PAGES}-page DOCX, ${(docx.length / 1024).toFixed(0)} KB`);
  console.log(`rounds (ms)              : service ${fmt(service)}; plain ${fmt(plain)}`);
  console.log(`plain soffice            : ${median(plain).toFixed(0)} ms (median of ${ROUNDS})`);
  console.log(`document service (HTTP)  : ${median(service).toFixed(0)} ms (median of ${ROUNDS})`);
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target <= ${TARGET}) ${ratio <= TARGET ? 'MET' : 'NOT MET'}`,
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
