import type { Platform } from '../../platform/platform';
import { runReminderSweep } from './sweep';

/** The scheduled sweep of reminders and expiry. */
export const REMINDER_SWEEP_JOB = 'documents.reminders';
/** Every 5 minutes (UTC cron): expiry lands within 5 minutes of `expires_at`. */
export const REMINDER_SWEEP_CRON = '*/5 * * * *';

/**
 * Defines the sweep job (`src/module-jobs.ts`). pg-boss queues one job per cron tick whatever the
 * number of workers; the sweep is safe to run twice at once anyway (it claims what it does). Not
 * scheduled under NODE_ENV=test: API tests run the sweep themselves with their own clock.
 */
export function defineReminderJobs(platform: Platform): void {
  platform.jobs.define({
    name: REMINDER_SWEEP_JOB,
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
    ...(platform.config.env === 'test' ? {} : { cron: { expression: REMINDER_SWEEP_CRON } }),
    handler: async () => {
      const result = await runReminderSweep(platform);
      if (result.expired + result.warned + result.reminded > 0) {
        platform.log.info({ job: REMINDER_SWEEP_JOB, ...result }, 'reminders and expiry sweep');
      }
    },
  });
}
