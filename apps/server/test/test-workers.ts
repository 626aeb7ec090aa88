import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { bundleServer } from '../../../scripts/server-bundle.mjs';

/*
 * Helpers of the crash tests (`*.postgres.test.ts`): real worker processes on a PostgreSQL test
 * database, a slow SMTP server that records what reaches it, and polling with a deadline (the
 * machine may be loaded: never a fixed sleep).
 */

/**
 * The server bundled once per test process (`scripts/server-bundle.mjs`, as the build does), in
 * `apps/server/.test-dist-<pid>` (inside the repository: npm packages and the migrations resolve
 * from there), removed when the process exits. Starting a bundle takes a second or two; starting
 * `src/*.ts` through tsx compiled the whole server each time (15-60 s on a loaded 2-core machine).
 */
let bundled: Promise<string> | undefined;

function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const root = path.resolve('.');
    const parent = path.join(root, 'apps/server');
    removeOrphanBundles(parent);
    const dir = path.join(parent, `.test-dist-${process.pid}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await bundleServer(root, dir);
    return dir;
  })();
  return bundled;
}

/** Bundles of test processes that ended without removing theirs (a worker killed by its pool). */
function removeOrphanBundles(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(/^\.test-dist-(\d+)$/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The node arguments that start a server entry point (`main`, `worker`) from the test bundle. */
export async function serverProcessArgs(entry: 'main' | 'worker'): Promise<string[]> {
  return ['--enable-source-maps', path.join(await serverBundle(), `${entry}.js`)];
}

/**
 * A worker process (the bundled `src/worker.ts`) with these settings; its stderr is the test's.
 * Its companies are on the unlimited plan, as the test apps' are (`test-app.ts`): a bulk send of
 * 300 rows is past the Free plan's 25 documents a month, and its job would stop at the limit.
 */
export async function startWorker(env: Record<string, string>, index = 0): Promise<ChildProcess> {
  return spawn(process.execPath, await serverProcessArgs('worker'), {
    env: { PATH: process.env.PATH, DEFAULT_PLAN: 'ENTERPRISE', ...env, WORKER_INDEX: String(index) },
    stdio: ['ignore', process.env.CRASH_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
}

/** Sends `signal` and answers how the process ended (within `ms`, else throws). */
export async function stopWorker(
  worker: ChildProcess,
  signal: 'SIGKILL' | 'SIGTERM',
  ms = 60_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (worker.exitCode !== null || worker.signalCode !== null) {
    return { code: worker.exitCode, signal: worker.signalCode };
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    worker.once('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  worker.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`worker still running ${ms} ms after ${signal}`)), ms);
  });
  try {
    return await Promise.race([exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills (SIGKILL) every worker of the list still running. */
export function killAll(workers: ChildProcess[]): void {
  for (const worker of workers) {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  }
}

/** Polls `check` every 100 ms until it answers something truthy; throws after `ms`. */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An SMTP server that takes `delayMs` per mail and records each mail's Message-ID and recipients
 * (a mail counts once its data is in, even if the client dies before the answer: a crash there
 * is what makes a copy).
 */
export async function slowSmtpSink(delayMs = 20) {
  const mails: { messageId: string; to: string[] }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID: (.+)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim();
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        setTimeout(() => {
          mails.push({ messageId: id ?? '?', to });
          callback();
        }, delayMs);
      });
    },
  });
  // A killed worker drops its connections mid-mail: that is the point of the tests, not an error.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many times each Message-ID reached the server. */
    copies(): Map<string, number> {
      const byId = new Map<string, number>();
      for (const mail of mails) byId.set(mail.messageId, (byId.get(mail.messageId) ?? 0) + 1);
      return byId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The crash tests' lease period (JOB_LEASE_STALE_SECONDS): a dead worker's jobs come back within
 * ~5 s instead of ~25 s, so the tests wait less; the default period's reclaim time is measured by
 * bench/crash-recovery.
 */
export const CRASH_LEASE_STALE_SECONDS = '4';
