import { loadConfig } from './platform/config/config';
import { defineModuleJobs } from './module-jobs';
import { createLogger, flushLogger } from './platform/logger';
import { createPlatform } from './platform/platform';

/** A job worker process (`WORKERS=n`): runs queued jobs, serves no HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel).child({ worker: process.env.WORKER_INDEX ?? '0' });
  const platform = await createPlatform(config, log, 'worker', { defineJobs: defineModuleJobs });
  log.info('worker ready');
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    platform.close().then(
      () => {
        flushLogger(log);
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'worker shutdown failed');
        flushLogger(log);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
