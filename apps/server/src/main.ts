import './v8-flags';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { defineModuleJobs } from './module-jobs';
import { ConfigError, loadConfig } from './platform/config/config';
import { createLogger, flushLogger } from './platform/logger';
import { createPlatform } from './platform/platform';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, process.stdout.isTTY && config.env !== 'production');
  const workers = startWorkerProcesses(config.workers);
  const platform = await createPlatform(config, log, 'api', { defineJobs: defineModuleJobs });
  const app = await buildApp(platform);
  await app.listen({ port: config.port, host: config.host });

  log.info(
    {
      url: config.publicUrl,
      database: platform.database.kind,
      storage: platform.storage.kind,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      workers: config.workers === 0 ? 'in-process' : config.workers,
      realtime: config.redisUrl ? 'redis' : 'in-memory',
    },
    'e-Signs is ready',
  );
  if (!config.smtpUrl) {
    // Without SMTP, mails (verification codes, links) stay in the Outbox: show its operator link.
    log.info(
      `No SMTP_URL: mails are kept in the Outbox at ${config.publicUrl}/outbox?key=${config.secrets.outboxKey}`,
    );
  }
  flushLogger(log);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took over 20 s, exiting');
      flushLogger(log);
      process.exit(1);
    }, 20_000);
    force.unref();
    for (const child of workers) child.kill('SIGTERM');
    app.close().then(
      () => {
        flushLogger(log);
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        flushLogger(log);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** `WORKERS=n`: n separate processes run the jobs; the API process then only queues them. */
function startWorkerProcesses(count: number): ChildProcess[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = path.join(
    here,
    path.extname(fileURLToPath(import.meta.url)) === '.ts' ? 'worker.ts' : 'worker.js',
  );
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const child = fork(entry, [], { env: { ...process.env, WORKER_INDEX: String(i) } });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGTERM' && code !== 0) console.error(`worker ${i} exited (${code ?? signal})`);
    });
    children.push(child);
  }
  return children;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
