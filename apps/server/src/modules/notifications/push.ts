import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_CREATED_EVENT, type TNotificationCreatedEvent } from '@esigns/contracts/notifications';
import type { Platform } from '../../platform/platform';
import { appNotifications } from './schema';
import { countCreatedSince, countUnread, presentNotification } from './service';
import { readMarkers } from './user-status-service';

/**
 * The realtime push of new notifications, queued by `notifyUsers` in the transaction that
 * created them: it runs only after that commit, so a client never hears of a row it cannot read.
 */
export const NOTIFICATION_PUSH_JOB = 'notifications.push';

const ZPushJob = z.object({ notification_ids: z.array(z.string().uuid()).min(1).max(1000) });

/** Defines the push job (`src/module-jobs.ts`). A lost push is not worth retrying for long. */
export function defineNotificationJobs(platform: Platform): void {
  platform.jobs.define({
    name: NOTIFICATION_PUSH_JOB,
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 60,
    concurrency: 2,
    handler: async (data) => {
      const parsed = ZPushJob.safeParse(data);
      if (!parsed.success) {
        platform.log.error({ data }, 'notifications.push job with an invalid payload dropped');
        return;
      }
      await pushNotifications(platform, parsed.data.notification_ids);
    },
  });
}

/**
 * Emits `notification.created` to each notified user's room with the notification and their
 * counts in its workspace (the client ignores events of a workspace it is not in). Rows read or
 * deleted since are still pushed with the current counts: the client refreshes its list anyway.
 */
export async function pushNotifications(platform: Platform, ids: string[]): Promise<void> {
  const db = platform.database.db;
  const rows = await db.select().from(appNotifications).where(inArray(appNotifications.id, ids));
  for (const row of rows) {
    const inbox = { userId: row.userId, companyId: row.companyId };
    const markers = await readMarkers(db, inbox);
    const payload: TNotificationCreatedEvent = {
      company_id: row.companyId,
      notification: presentNotification(row),
      unread_count: await countUnread(db, inbox),
      unopened_count: await countCreatedSince(db, inbox, markers.notificationLastOpenAt),
    };
    platform.realtime.emitToUser(row.userId, NOTIFICATION_CREATED_EVENT, payload);
  }
}
