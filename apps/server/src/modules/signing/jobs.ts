import type { Platform } from '../../platform/platform';
import {
  ARCHIVE_RENEW_JOB,
  ARCHIVE_RENEW_RETRY_DELAY_SECONDS,
  ARCHIVE_RENEW_RETRY_LIMIT,
  ARCHIVE_SWEEP_CRON,
  ARCHIVE_SWEEP_JOB,
  runArchiveRenewal,
  runArchiveSweep,
  ZArchiveRenewJob,
} from './archive-renewal';
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
/** Set (to `1`, with NODE_ENV=test) in a worker process: renewals stop for good after storing the new file. */
export const ARCHIVE_HANG_AFTER_STORE_ENV = 'ESIGNS_TEST_ARCHIVE_HANG_AFTER_STORE';

/**
 * Test hook of `seal-kill.postgres.test.ts`: a worker process whose sealing stops right after the
 * file is stored, so that the test can SIGKILL it there. Never active outside NODE_ENV=test.
 */
function sealTestHooks(platform: Platform): SealHooks {
  if (platform.config.env !== 'test' || process.env[SEAL_HANG_AFTER_STORE_ENV] !== '1') return {};
  platform.log.warn(`${SEAL_HANG_AFTER_STORE_ENV}: sealing runs of this process stop after storing the file`);
  return { afterStore: () => new Promise<void>(() => {}) };
}

/**
 * The signing module's durable jobs (`src/module-jobs.ts`): `documents.seal`, and the archival
 * re-timestamping (`signing.archive-sweep` daily when LTA_RENEWAL is on, `signing.archive-renew`).
 */
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
  defineArchiveRenewalJobs(platform);
}

/**
 * The daily sweep is scheduled only with LTA_RENEWAL (and not under NODE_ENV=test: API tests run
 * it themselves with their own clock); the renewal job is always defined, so jobs queued before
 * the flag was turned off still run.
 */
function defineArchiveRenewalJobs(platform: Platform): void {
  // Test hook of `archive-kill.postgres.test.ts`, never active outside NODE_ENV=test.
  const hang = platform.config.env === 'test' && process.env[ARCHIVE_HANG_AFTER_STORE_ENV] === '1';
  if (hang) platform.log.warn(`${ARCHIVE_HANG_AFTER_STORE_ENV}: renewals of this process stop after storing`);
  const scheduled = platform.config.archiveRenewal.enabled && platform.config.env !== 'test';
  platform.jobs.define<object>({
    name: ARCHIVE_SWEEP_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 30 * 60,
    ...(scheduled ? { cron: { expression: ARCHIVE_SWEEP_CRON } } : {}),
    handler: async (_data, job) => {
      if (!platform.config.archiveRenewal.enabled) return;
      const queued = await runArchiveSweep(platform, { signal: job.signal });
      platform.log.info({ job: ARCHIVE_SWEEP_JOB, queued }, 'archive renewal sweep');
    },
  });
  platform.jobs.define({
    name: ARCHIVE_RENEW_JOB,
    retryLimit: ARCHIVE_RENEW_RETRY_LIMIT,
    retryDelaySeconds: ARCHIVE_RENEW_RETRY_DELAY_SECONDS,
    expireInSeconds: 10 * 60,
    handler: async (data) => {
      const parsed = ZArchiveRenewJob.safeParse(data);
      if (!parsed.success) {
        platform.log.error({ data }, `${ARCHIVE_RENEW_JOB} job with an invalid payload dropped`);
        return;
      }
      await runArchiveRenewal(
        platform,
        parsed.data,
        hang ? { afterStore: () => new Promise<void>(() => {}) } : {},
      );
    },
  });
}
