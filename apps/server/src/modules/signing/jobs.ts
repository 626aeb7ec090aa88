import type { Platform } from '../../platform/platform';
import { runSealJob } from './seal-service';
import {
  SEAL_EXPIRE_SECONDS,
  SEAL_JOB,
  SEAL_RETRY_DELAY_SECONDS,
  SEAL_RETRY_LIMIT,
  ZSealJob,
} from './seal-queue';

/** The signing module's durable jobs (`src/module-jobs.ts`): `documents.seal`. */
export function defineSigningJobs(platform: Platform): void {
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
      await runSealJob(platform, parsed.data, job);
    },
  });
}
