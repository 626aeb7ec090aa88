import type { Platform } from '../../platform/platform';
import { runSealJob, type SealHooks } from './seal-service';
import {
  SEAL_EXPIRE_SECONDS,
  SEAL_JOB,
  SEAL_RETRY_DELAY_SECONDS,
  SEAL_RETRY_LIMIT,
  ZSealJob,
} from './seal-queue';

/** Set (to `1`, with NODE_ENV=test) in a worker process: sealing runs stop for good after storing the file. */
export const SEAL_HANG_AFTER_STORE_ENV = 'ESIGNS_TEST_SEAL_HANG_AFTER_STORE';

/**
 * Test hook of `seal-kill.postgres.test.ts`: a worker process whose sealing stops right after the
 * file is stored, so that the test can SIGKILL it there. Never active outside NODE_ENV=test.
 */
function sealTestHooks(platform: Platform): SealHooks {
  if (platform.config.env !== 'test' || process.env[SEAL_HANG_AFTER_STORE_ENV] !== '1') return {};
  platform.log.warn(`${SEAL_HANG_AFTER_STORE_ENV}: sealing runs of this process stop after storing the file`);
  return { afterStore: () => new Promise<void>(() => {}) };
}

/** The signing module's durable jobs (`src/module-jobs.ts`): `documents.seal`. */
export function defineSigningJobs(platform: Platform): void {
  const hooks = sealTestHooks(platform);
  platform.jobs.define({
    name: SEAL_JOB,
    retryLimit: SEAL_RETRY_LIMIT,
    retryDelaySeconds: SEAL_RETRY_DELAY_SECONDS,
    expireInSeconds: SEAL_EXPIRE_SECONDS,
    handler: async (data, job) => {
      const parsed = ZSealJob.safeParse(data);
      if (!parsed.success) {
        // Retrying a malformed payload can never succeed.
        platform.log.error({ data }, 'documents.seal job with an invalid payload dropped');
        return;
      }
      await runSealJob(platform, parsed.data, job, hooks);
    },
  });
}
