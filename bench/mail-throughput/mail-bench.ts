import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/server/src/platform/config/config';
import { createPlatform } from '../../apps/server/src/platform/platform';

const MAILS = Number(process.env.BENCH_MAILS ?? 3000);
const TARGET_PER_SECOND = 50;

/** A local SMTP server that accepts everything and counts it. */
async function smtpSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const body = (i: number) => `<p>Hello buyer ${i},</p><p>Please sign the sale agreement for flat ${i}.</p>`;

/** The ceiling: nodemailer's pool straight to the sink, 10 mails at once. */
async function baseline(url: string): Promise<number> {
  const transport = createTransport({ url, pool: true, maxConnections: 1 }, { from: 'bench@esigns.test' });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < MAILS) {
        const i = next++;
        await transport.sendMail({ to: `buyer${i}@example.com`, subject: `Agreement ${i}`, html: body(i) });
      }
    }),
  );
  transport.close();
  return MAILS / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const sink = await smtpSink();
  const adminUrl = process.env.BENCH_PG_ADMIN_URL;
  const dbName = `esigns_bench_mail_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-bench-mail-'));
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
    SMTP_URL: sink.url,
    MAIL_FROM: 'e-Signs <no-reply@esigns.test>',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await createPlatform({ ...config, workers: 0 }, pino({ level: 'warn' }), 'api');
  try {
    const ceiling = await baseline(sink.url);
    const before = sink.received();

    const started = performance.now();
    let next = 0;
    // Callers queue their mails as the product does: each in its own transaction, 20 at once.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < MAILS) {
          const i = next++;
          await platform.mail.queue({
            to: `buyer${i}@example.com`,
            subject: `Agreement ${i}`,
            bodyHtml: body(i),
          });
        }
      }),
    );
    const queuedMs = performance.now() - started;
    for (;;) {
      const { rows } = await platform.database.raw(
        `SELECT count(*) FILTER (WHERE status = 'SENT')::int AS sent, count(*)::int AS total FROM email_logs`,
      );
      const { sent, total } = rows[0] as { sent: number; total: number };
      if (sent >= total) break;
      if (performance.now() - started > 20 * 60_000)
        throw new Error(`only ${sent} of ${total} mails sent in 20 min`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const perSecond = MAILS / seconds;
    const delivered = sink.received() - before;
    console.log(
      `${MAILS} mails queued in ${(queuedMs / 1000).toFixed(1)} s, all SENT after ${seconds.toFixed(1)} s: ` +
        `${perSecond.toFixed(0)} mails/s (target >= ${TARGET_PER_SECOND}); ${delivered} reached the SMTP server`,
    );
    console.log(
      `baseline (nodemailer pool alone, no queue): ${ceiling.toFixed(0)} mails/s; queue at ` +
        `${((perSecond / ceiling) * 100).toFixed(0)}% of it; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    if (delivered !== MAILS) console.log(`WARNING: ${delivered} mails reached SMTP for ${MAILS} queued`);
  } finally {
    await platform.close();
    await sink.close();
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
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
