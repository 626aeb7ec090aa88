import type { Platform } from '../../platform/platform';
import { BACKFILL_JOB, runBackfillChunk, type BackfillJob } from './backfill';
import { SUBSCRIBER } from './connection';
import { COPY_JOB, onEvent, runCopy, type CopyJob } from './copies';

/**
 * The module's jobs (module-jobs.ts): the event subscriber (a copy row per completed document or
 * finished workflow), the copy tries (I/O bound) and the backfill's chunks.
 */
export function defineSharePointJobs(platform: Platform): void {
  platform.events.subscribe(SUBSCRIBER, (event) => onEvent(platform, event), { concurrency: 8 });
  platform.jobs.define<CopyJob>({
    name: COPY_JOB,
    // Retries of the job itself are for database or storage faults only: Graph's refusals are
    // recorded tries with the next try's job after its delay.
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    concurrency: 4,
    handler: (data, job) => runCopy(platform, data, job.signal),
  });
  platform.jobs.define<BackfillJob>({
    name: BACKFILL_JOB,
    retryLimit: 5,
    retryDelaySeconds: 5,
    concurrency: 1,
    handler: (data) => runBackfillChunk(platform, data),
  });
}
