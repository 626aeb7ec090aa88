import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { defineModuleJobs } from '../../apps/server/src/module-jobs';
import { users } from '../../apps/server/src/modules/auth/schema';
import { openSession } from '../../apps/server/src/modules/auth/session-service';
import { createWorkspace } from '../../apps/server/src/modules/company/service';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import { createPlatform } from '../../apps/server/src/platform/platform';

/*
 * Mailing records: see run.mjs. The API and its job workers in this process (WORKERS=0, the
 * embedded default), no SMTP (mails end in the Outbox, as on a laptop install).
 */

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const TARGET_PER_SECOND = 50;
const FIELDS = [
  { key: 'first_name', label: 'First name', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'email', label: 'Email', type: 'EMAIL' },
  { key: 'rent', label: 'Rent', type: 'CURRENCY' },
  { key: 'move_in', label: 'Move-in', type: 'DATE' },
  { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Active' }, { value: 'Ended' }] },
];

async function database(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL;
  if (!adminUrl) return { drop: async () => undefined };
  const name = `esigns_bench_rm_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-rm-'));
  const db0 = await database();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '10000000',
    SMTP_URL: '',
    ...(db0.url ? { DATABASE_URL: db0.url } : {}),
  });
  const platform = await createPlatform(
    { ...config, workers: 0, smtpUrl: undefined },
    pino({ level: 'warn' }),
    'api',
    {
      defineJobs: defineModuleJobs,
    },
  );
  const app = await buildApp(platform);
  try {
    const db = platform.database.db;
    const [owner] = await db
      .insert(users)
      .values({
        email: `owner-${randomUUID()}@bench.test`,
        firstName: 'Olive',
        lastName: 'Owner',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    const { companyId } = await db.transaction((tx) =>
      createWorkspace(tx, { name: 'Bench Lettings', planType: 'BUSINESS', ownerId: owner!.id }),
    );
    const session = await db.transaction((tx) =>
      openSession(platform, tx, {
        userId: owner!.id,
        companyId,
        client: { ip: '127.0.0.1', userAgent: 'bench' },
      }),
    );
    const headers = { authorization: `Bearer ${session.access_token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 400)}`);
      return (res.json() as { data: Record<string, unknown> }).data;
    };

    const entity = await call('POST', '/entities/create', { name: 'Tenant', fields: FIELDS });
    const tid = entity.primary_template_id as string;
    for (let from = 0; from < RECORDS; from += 1000) {
      const records = Array.from({ length: Math.min(1000, RECORDS - from) }, (_, i) => ({
        [tid]: {
          first_name: `Tenant ${from + i}`,
          email: `tenant${from + i}@example.com`,
          rent: 15_000 + ((from + i) % 40) * 500,
          move_in: '2026-04-01',
          status: 'Active',
        },
      }));
      await call('POST', '/entities-datas', { entity_id: entity._id, records });
    }
    const fields = (await call(
      'GET',
      `/entity-email-template/merge-fields/${entity._id as string}`,
    )) as unknown as {
      name: string;
    }[];
    const code = fields.find((f) => f.name.endsWith('.first_name'))!.name.split('.')[0]!;
    const template = await call('POST', '/entity-email-template/create', {
      type: 'ENTITY',
      name: 'Rent reminder',
      entity_id: entity._id,
      subject: `Rent due, {{${code}.first_name}}`,
      body_html:
        `<p>Dear {{${code}.first_name}},</p><p>Your rent of <strong>{{${code}.rent}}</strong> is due. ` +
        `Status: {{${code}.status}}, since {{${code}.move_in}}.</p><p><a href="{{record.url}}">Your lease</a></p>`,
    });

    const started = performance.now();
    const batch = await call('POST', '/entities/emails', {
      entity_id: entity._id,
      template_id: template._id,
      all: true,
    });
    const answerMs = performance.now() - started;
    let slowest = 0;
    for (;;) {
      const probe = performance.now();
      const state = await call('GET', `/entities/emails/${batch.batch_id as string}`);
      slowest = Math.max(slowest, performance.now() - probe);
      if (state.status === 'DONE') {
        if (state.queued !== RECORDS)
          throw new Error(`DONE with ${String(state.queued)} queued of ${RECORDS}`);
        break;
      }
      if (performance.now() - started > 30 * 60_000) throw new Error('not DONE in 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = RECORDS / seconds;

    // Baseline: the mail service alone, rendered mails, 50 per transaction.
    const html = '<p>Dear Tenant,</p><p>Your rent of <strong>₹20,000.00</strong> is due.</p>';
    const baseStart = performance.now();
    for (let from = 0; from < RECORDS; from += 50) {
      await db.transaction(async (tx) => {
        for (let i = from; i < Math.min(from + 50, RECORDS); i++) {
          await platform.mail.queue(
            { to: `base${i}@example.com`, subject: `Rent due ${i}`, html },
            { tx, companyId },
          );
        }
      });
    }
    const baseRate = RECORDS / ((performance.now() - baseStart) / 1000);

    console.log(
      `${RECORDS.toLocaleString('en')} records: answered in ${answerMs.toFixed(0)} ms, DONE after ${seconds.toFixed(1)} s = ` +
        `${rate.toFixed(0)} records/s (target >= ${TARGET_PER_SECOND}: ${rate >= TARGET_PER_SECOND ? 'met' : 'NOT met'}); ` +
        `slowest progress call meanwhile ${slowest.toFixed(0)} ms`,
    );
    console.log(
      `baseline (mail service alone, rendered mails, 50 a transaction): ${baseRate.toFixed(0)} mails/s; mailing at ` +
        `${((rate / baseRate) * 100).toFixed(0)}% of it; database ${platform.database.kind}; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await app.close();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
    await db0.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
