/**
 * The public face of the pipelines module: the composition root imports only this file (checked
 * by .dependency-cruiser.cjs). Its tables stay private to it.
 */
import type { Platform } from '../../platform/platform';
import { definePipelinePruneJob } from './prune';
import { definePipelineRunJob } from './run-job';
import { handlePipelineEvent } from './runs';
import { definePipelineScheduleJob } from './schedule-tick';
import { SUBSCRIBER } from './service';

export { registerPipelineRoutes } from './routes';

/** The run job, the daily prune of old runs, the schedule tick and the event subscription (every process that queues or runs jobs). */
export function definePipelineJobs(platform: Platform): void {
  definePipelineRunJob(platform);
  definePipelinePruneJob(platform);
  definePipelineScheduleJob(platform);
  platform.events.subscribe(SUBSCRIBER, (event) => handlePipelineEvent(platform, event), {
    concurrency: 2,
    retryLimit: 5,
  });
}
