import { lt, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/platform';
import { ATTEMPT_JOB, fanOutEvent, runAttempt, type AttemptJob } from './deliveries';
import { webhookDeliveries } from './schema';
import { SUBSCRIBER } from './service';

/** Days a delivery (with its tries) stays in the log. */
export const DELIVERY_LOG_DAYS = 30;

/**
 * The module's jobs (module-jobs.ts): the event subscriber (one delivery per listening endpoint),
 * the tries (`webhooks.attempt`, I/O bound: many at once per process) and the log's daily prune.
 */
export function defineWebhookJobs(platform: Platform): void {
  // I/O bound (each event's first tries are made by its handler): many at once per process.
  platform.events.subscribe(SUBSCRIBER, (event, ctx) => fanOutEvent(platform, event, ctx), {
    concurrency: 32,
  });
  platform.jobs.define<AttemptJob>({
    name: ATTEMPT_JOB,
    // Retries of the job itself are for database faults only: a receiver's fault is a recorded
    // try and a new job after the chain's delay.
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 120,
    concurrency: 32,
    handler: (data, job) => runAttempt(platform, data, job.signal),
  });
  platform.jobs.define<object>({
    name: 'webhooks.prune',
    cron: { expression: '41 3 * * *' },
    handler: async () => {
      await platform.database.db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${DELIVERY_LOG_DAYS})`));
    },
  });
}
