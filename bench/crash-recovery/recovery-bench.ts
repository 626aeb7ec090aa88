import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import { createPlatform, type Platform } from '../../apps/server/src/platform/platform';
import { killAll, slowSmtpSink, stopWorker, until } from '../../apps/server/test/test-workers';

/* See run.mjs for what this measures. */
const workerJs = path.resolve('apps/server/dist/worker.js');
/** A worker process of the built server, as production runs it. */
const startWorker = (env: Record<string, string>) =>
  spawn(process.execPath, [workerJs], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const MAILS = Number(process.env.BENCH_MAILS ?? 300);
const TARGET_SECONDS = 30;
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function sentOf(platform: Platform, prefix: string): Promise<number> {
  const { rows } = await platform.database.raw(
    `SELECT count(*)::int AS n FROM email_logs WHERE status = 'SENT' AND subject LIKE $1`,
    [`${prefix}%`],
  );
  return (rows[0] as { n: number }).n;
}

/** The mails whose jobs a worker holds (active) right now. */
async function inFlight(platform: Platform): Promise<string[]> {
  const { rows } = await platform.database.raw(
    `SELECT data->>'id' AS id FROM pgboss.job WHERE name = 'mail.send' AND state = 'active'`,
  );
  return (rows as { id: string }[]).map((r) => r.id);
}

async function allSent(platform: Platform, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const { rows } = await platform.database.raw(
    `SELECT count(*)::int AS n FROM email_logs WHERE status = 'SENT' AND id = ANY($1::uuid[])`,
    [ids],
  );
  return (rows[0] as { n: number }).n === ids.length;
}

/**
 * Queues the mails and lets a worker send 60; then stops it with `signal` and starts a new one
 * (or, without a signal, lets it go on): seconds from that moment until every mail is SENT.
 */
async function round(platform: Platform, env: Record<string, string>, signal: 'SIGKILL' | 'SIGTERM' | null) {
  const prefix = `${signal ?? 'none'} ${Date.now()}`;
  for (let i = 0; i < MAILS; i++) {
    await platform.mail.queue({
      to: `buyer${i}@example.com`,
      subject: `${prefix} #${i}`,
      text: 'Please sign.',
    });
  }
  const workers = [startWorker(env)];
  try {
    await until(async () => (await sentOf(platform, prefix)) >= 60, 'the first mails', 300_000);
    if (signal) await stopWorker(workers[0]!, signal);
    const stoppedAt = performance.now();
    const atStop = await sentOf(platform, prefix);
    const held = await inFlight(platform);
    if (signal) workers.push(startWorker(env));
    await until(() => allSent(platform, held), 'the mails in flight SENT', 300_000);
    const heldSeconds = (performance.now() - stoppedAt) / 1000;
    await until(async () => (await sentOf(platform, prefix)) >= MAILS, 'every mail SENT', 300_000);
    return { seconds: (performance.now() - stoppedAt) / 1000, atStop, held: held.length, heldSeconds };
  } finally {
    killAll(workers);
  }
}

async function main(): Promise<void> {
  if (!existsSync(workerJs)) throw new Error('Build first: node scripts/build.mjs (npm run bench does).');
  const name = `esigns_bench_recovery_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sink = await slowSmtpSink(20);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-recovery-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    WORKERS: '1',
    LOG_LEVEL: process.env.WORKER_LOG ?? 'silent',
    SMTP_URL: sink.url,
    MAIL_FROM: 'e-Signs <no-reply@esigns.test>',
  };
  let platform: Platform | undefined;
  try {
    platform = await createPlatform(loadConfig(env), pino({ level: 'silent' }), 'api');
    const baseline = await round(platform, env, null);
    const killed = await round(platform, env, 'SIGKILL');
    const stopped = await round(platform, env, 'SIGTERM');
    const ratio = TARGET_SECONDS / killed.heldSeconds;
    const line = (r: Awaited<ReturnType<typeof round>>) =>
      `${r.heldSeconds.toFixed(1)} s for its ${r.held} mails in flight, ${r.seconds.toFixed(1)} s for all (${r.atStop}/${MAILS} sent at that moment)`;
    console.log(
      `load: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`crash-recovery: after kill -9 and a new worker: ${line(killed)}`);
    console.log(`baseline (no crash, the same worker goes on): ${line(baseline)}`);
    console.log(`after SIGTERM and a new worker (jobs handed back): ${line(stopped)}`);
    console.log(
      `target: a killed worker's mails SENT within ${TARGET_SECONDS} s: ratio ${ratio.toFixed(2)} (${ratio >= 1 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await platform?.close();
    await sink.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
