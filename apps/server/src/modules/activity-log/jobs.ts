import type { Platform } from '../../platform/platform';
import { activityOfEvent, LOGGED_EVENTS, pruneActivity, recordActivity, SUBSCRIBER } from './service';

/** The signers' events into the log, and the daily clean-up past the retention. */
export function defineActivityLogJobs(platform: Platform): void {
  platform.events.subscribe(SUBSCRIBER, async (event) => {
    if (!(LOGGED_EVENTS as readonly string[]).includes(event.type)) return;
    const entry = activityOfEvent(event);
    if (entry) await recordActivity(platform, [entry]);
  });
  platform.jobs.define<object>({
    name: 'activity-log.prune',
    cron: { expression: '41 3 * * *' },
    handler: () => pruneActivity(platform.database.db),
  });
}
