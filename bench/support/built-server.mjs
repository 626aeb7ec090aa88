// The built server (`apps/server/dist/main.js`, as `npm start` runs it: embedded PGlite, local
// storage, jobs in the API process, mails kept in the Outbox) on its own port and data folder,
// for benchmarks that measure the whole product from outside.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTBOX_KEY = 'bench-outbox-key-0123456789abcdef';

/** Args Debian's Chromium needs on these machines (no sandbox as root, no calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Starts the server and waits for its health answer. `env` adds to (or overrides) the settings,
 * `nodeArgs` go before the script, `main` replaces `apps/server/dist/main.js` (A/B runs of two
 * builds). Answers helpers bound to it and `stop()`.
 */
export async function startBuiltServer({ port, name, env = {}, nodeArgs = [], main }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `esigns-bench-${name}-`));
  const script = main ?? path.join(root, 'apps/server/dist/main.js');
  const server = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      OUTBOX_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
      // Benches measure speed, not plan limits: companies start unlimited.
      DEFAULT_PLAN: 'ENTERPRISE',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  /** The `data` of an API answer; throws on an error answer. A FormData or bytes body is sent as is. */
  async function api(method, url, { token, body, headers = {} } = {}) {
    const raw = body instanceof FormData || body instanceof Uint8Array;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: raw ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text).data;
  }

  /** The operator's Outbox (full mails: no SMTP here). */
  const outbox = (url) => api('GET', url, { headers: { 'x-outbox-key': OUTBOX_KEY } });

  async function stop() {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  // A first start copies the build's migrated database template (a build without one makes the
  // database: initdb and every migration in WebAssembly, 15-20 s when quiet, over 100 s on a
  // loaded machine).
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not come up');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, api, outbox, stop };
}

/** Polls `fn` every 100 ms until it answers something truthy (or throws after `timeoutMs`). */
export async function poll(what, fn, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A verified company owner (sign-up, the code from the Outbox, verification, sign-in): the access
 * token. With SMTP configured there is no Outbox: `smtp` (bench/support/smtp-sink.mjs) gives the
 * verification mail's subject instead.
 */
export async function signUpOwner(server, password = 'Quartz-Lantern-Orbit-47', { smtp } = {}) {
  const email = `owner-${Date.now()}@bench.example`;
  const subjects = smtp?.watch(email);
  await server.api('POST', '/api/companySignup', {
    body: { first_name: 'Asha', last_name: 'Rao', email, password, company_name: `Bench ${Date.now()}` },
  });
  const mail = await poll('the verification mail', async () =>
    subjects
      ? subjects[0] && { subject: subjects[0] }
      : (await server.outbox(`/api/outbox?search=${encodeURIComponent(email)}`)).data[0],
  );
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error('no verification code in the Outbox');
  await server.api('POST', '/api/email/verify', { body: { email, code } });
  return (await server.api('POST', '/api/signin', { body: { email, password } })).access_token;
}
