import './v8-flags';
import { loadConfig } from './platform/config/config';
import { defineModuleJobs } from './module-jobs';
import { createLogger, flushLogger } from './platform/logger';
import { createPlatform, type Platform } from './platform/platform';

/** A job worker process (`WORKERS=n`): runs queued jobs, serves no HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel).child({ worker: process.env.WORKER_INDEX ?? '0' });
  const state: { platform?: Platform; stopping: boolean } = { stopping: false };
  const close = (running: Platform): void => {
    running.close().then(
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
  const stop = (): void => {
    if (state.stopping) return;
    state.stopping = true;
    if (state.platform) close(state.platform);
  };
  // Listening before the platform starts: the queue may already run jobs while start-up finishes,
  // and a SIGTERM then must hand them back, not kill the process mid-job.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const platform = await createPlatform(config, log, 'worker', { defineJobs: defineModuleJobs });
  state.platform = platform;
  log.info('worker ready');
  if (state.stopping) close(platform);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
