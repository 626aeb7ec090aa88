import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { defineModuleJobs } from '../../apps/server/src/module-jobs';
import { users } from '../../apps/server/src/modules/auth/schema';
import { createWorkspace } from '../../apps/server/src/modules/company';
import { postSafely } from '../../apps/server/src/modules/webhooks';
import { webhookEndpoints } from '../../apps/server/src/modules/webhooks/schema';
import { sealSecret } from '../../apps/server/src/modules/webhooks/secret-box';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import type { Db } from '../../apps/server/src/platform/db/database';
import { createPlatform, type Platform } from '../../apps/server/src/platform/platform';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 250);
const TARGET_P95_MS = 1000;
/** After the last event arrived: how long more the receiver listens for doubles. */
const SETTLE_MS = 3000;

type Report = { firstArrival: [string, number][]; received: number };
type Receiver = {
  url: string;
  report: () => Promise<{ firstArrival: Map<string, number>; received: number }>;
  clear: () => Promise<void>;
  close: () => Promise<void>;
};

/** The receiver (`receiver.mjs`) in a process of its own: an external system, not starved by the server. */
async function startReceiver(): Promise<Receiver> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'receiver.mjs'), [], {
    stdio: 'inherit',
  });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
  const { port } = await next<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}/hook`,
    report: async () => {
      const answer = next<Report>();
      child.send('report');
      const { firstArrival, received } = await answer;
      return { firstArrival: new Map(firstArrival), received };
    },
    clear: async () => {
      const answer = next<unknown>();
      child.send('clear');
      await answer;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

/** Epoch milliseconds with sub-millisecond precision (comparable with the receiver's clock). */
const now = () => performance.timeOrigin + performance.now();

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const summary = (latencies: number[]): string => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`;
};

const bodyOf = (recordId: string) =>
  JSON.stringify({
    type: 'record.created',
    timestamp: new Date().toISOString(),
    data: { entity_id: 'bench', record_id: recordId, values: { status: 'Hot' } },
  });

/** The baseline: the same bodies straight to the receiver, same concurrency, no queue or database. */
async function baseline(receiver: Receiver): Promise<{ latencies: number[]; perSecond: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < EVENTS) {
        next++;
        const at = performance.now();
        const result = await postSafely(
          receiver.url,
          bodyOf(`baseline-${randomUUID()}`),
          {},
          { allowPrivate: true },
        );
        if (result.status !== 200) throw new Error(`baseline post failed: ${result.error}`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { latencies, perSecond: EVENTS / ((performance.now() - started) / 1000) };
}

async function seedEndpoint(platform: Platform, url: string): Promise<string> {
  const { db } = platform.database;
  const [owner] = await db
    .insert(users)
    .values({
      email: `bench-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Bench',
      lastName: 'Owner',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { companyId } = await db.transaction((tx) =>
    createWorkspace(tx, { name: 'Bench Realty', planType: 'BUSINESS', ownerId: owner!.id }),
  );
  await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId,
        url,
        eventTypes: ['record.created'],
        secretEncrypted: sealSecret(
          `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
          platform.config.secrets.storageSecret,
          companyId,
        ),
      })
      .returning({ id: webhookEndpoints.id });
    await platform.events.setInterest(tx as unknown as Db, 'webhooks', companyId, endpoint!.id, [
      'record.created',
    ]);
  });
  return companyId;
}

/** Publishes every event (one transaction each), paced at RATE a second; answers each commit time by record key. */
async function publishAll(platform: Platform, companyId: string): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const due = RATE > 0 ? started + (i / RATE) * 1000 : 0;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const recordId = randomUUID();
        await platform.database.db.transaction((tx) =>
          platform.events.publish(tx as unknown as Db, {
            companyId,
            type: 'record.created',
            subjectId: recordId,
            data: { entity_id: 'bench', record_id: recordId, values: { status: 'Hot', n: i } },
          }),
        );
        committed.set(recordId, now());
      }
    }),
  );
  return committed;
}

async function main(): Promise<void> {
  const receiver = await startReceiver();
  const adminUrl = process.env.BENCH_PG_ADMIN_URL;
  const dbName = `esigns_bench_webhooks_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-webhooks-'));
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    WEBHOOKS_ALLOW_PRIVATE: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await createPlatform({ ...config, workers: 0 }, pino({ level: 'warn' }), 'api', {
    defineJobs: defineModuleJobs,
  });
  try {
    const base = await baseline(receiver);
    await receiver.clear();
    const receivedBefore = (await receiver.report()).received;
    const companyId = await seedEndpoint(platform, receiver.url);

    const started = performance.now();
    const committed = await publishAll(platform, companyId);
    const publishedS = (performance.now() - started) / 1000;
    const deadline = performance.now() + 20 * 60_000;
    while ((await receiver.report()).firstArrival.size < EVENTS && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const deliveredS = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, SETTLE_MS));

    const { firstArrival, received } = await receiver.report();
    const latencies: number[] = [];
    for (const [key, at] of committed) {
      const arrived = firstArrival.get(key);
      if (arrived !== undefined) latencies.push(arrived - at);
    }
    const lost = EVENTS - latencies.length;
    const doubled = received - receivedBefore - firstArrival.size;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `${EVENTS} events published in ${publishedS.toFixed(1)} s (${(EVENTS / publishedS).toFixed(0)}/s, ` +
        `${PUBLISHERS} publishers${RATE > 0 ? `, paced at ${RATE}/s` : ''}), all delivered after ${deliveredS.toFixed(1)} s ` +
        `(${(latencies.length / deliveredS).toFixed(0)}/s)`,
    );
    console.log(
      `commit -> delivery: ${summary(latencies)} (target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}); ` +
        `lost ${lost} (target 0), doubled ${doubled} (target 0)`,
    );
    console.log(
      `baseline (the same bodies posted straight to the receiver, ${PUBLISHERS} at once): ${summary(base.latencies)}, ` +
        `${base.perSecond.toFixed(0)}/s; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const { rows } = await platform.database.raw(
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE attempts > 1)::int AS retried,
        (SELECT min(error) FROM webhook_attempts WHERE NOT succeeded) AS error`,
    );
    const { retried, error } = rows[0] as { retried: number; error: string | null };
    if (retried > 0) console.log(`${retried} deliveries needed more than one try (e.g. ${error})`);
    if (lost > 0 || doubled > 0) process.exitCode = 1;
  } finally {
    await platform.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
