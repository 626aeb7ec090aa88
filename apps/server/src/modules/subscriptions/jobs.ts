import type { Platform } from '../../platform/platform';
import { expireEndedPeriods } from './subscription-service';

/** The daily expiry of paid periods that ended unpaid. */
export const SUBSCRIPTION_EXPIRY_JOB = 'subscriptions.expire';
/** Every day at 00:15 UTC (and again at 12:15: a period never runs more than half a day over). */
export const SUBSCRIPTION_EXPIRY_CRON = '15 0,12 * * *';

/**
 * Defines the expiry job (`src/module-jobs.ts`). Safe to run twice (each row moves once). Not
 * scheduled under NODE_ENV=test: tests call `expireEndedPeriods` with their own clock.
 */
export function defineSubscriptionJobs(platform: Platform): void {
  platform.jobs.define({
    name: SUBSCRIPTION_EXPIRY_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: SUBSCRIPTION_EXPIRY_CRON } }),
    handler: async () => {
      const expired = await expireEndedPeriods(platform.database.db);
      if (expired > 0) platform.log.info({ job: SUBSCRIPTION_EXPIRY_JOB, expired }, 'subscriptions expired');
    },
  });
}
