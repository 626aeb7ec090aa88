import type { TAppNotificationType } from '@esigns/contracts/notifications';
import type { TNotificationEvent } from '@esigns/contracts/settings';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { activeMembershipsOf } from '../company';
import { wantsNotification } from '../settings';
import { NOTIFICATION_PUSH_JOB } from './push';
import { appNotifications } from './schema';

/** A transaction of the product's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type NotifyUsersInput = {
  /** The workspace the notification belongs to (the document's company). */
  companyId: string;
  userIds: readonly (string | null | undefined)[];
  type: TAppNotificationType;
  /** What happened, e.g. `document.completed`. */
  event: string;
  title: string;
  body?: string;
  /** The app path it opens. */
  link?: string | null;
  data?: Record<string, unknown>;
  /** The user's choice that governs the in-app channel (`GET/POST /notifications`); null: always. */
  choice: TNotificationEvent | null;
  /**
   * Users who are not active members of `companyId`: `skip` them (staff events), or notify them in
   * their own oldest workspace (`home`: a recipient who is a user of another workspace).
   */
  outsiders?: 'skip' | 'home';
};

/**
 * Creates one in-app notification per user (duplicates and nulls dropped), honouring each user's
 * in-app choice in the workspace it lands in, in the caller's transaction. The realtime push
 * (`notification.created` with the unread count, to each user's room) is a job queued in the same
 * transaction: it exists, and runs, only once the transaction commits. Returns the new rows' ids.
 */
export async function notifyUsers(platform: Platform, tx: Tx, input: NotifyUsersInput): Promise<string[]> {
  const wanted = [...new Set(input.userIds.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return [];
  const places = await workspacesFor(tx, input.companyId, wanted, input.outsiders ?? 'skip');
  const values: (typeof appNotifications.$inferInsert)[] = [];
  for (const [userId, companyId] of places) {
    const { choice } = input;
    if (choice && !(await wantsNotification(platform, { userId, companyId }, choice, 'in_app', tx))) {
      continue;
    }
    values.push({
      companyId,
      userId,
      type: input.type,
      event: input.event,
      title: input.title.slice(0, 300),
      body: (input.body ?? '').slice(0, 2000),
      link: input.link ?? null,
      data: input.data ?? {},
    });
  }
  if (values.length === 0) return [];
  const rows = await tx.insert(appNotifications).values(values).returning({ id: appNotifications.id });
  const ids = rows.map((r) => r.id);
  await platform.jobs.send(NOTIFICATION_PUSH_JOB, { notification_ids: ids }, { tx });
  return ids;
}

/** Where each user's notification goes: `companyId` for its active members, else per `outsiders`. */
async function workspacesFor(
  tx: Tx,
  companyId: string,
  userIds: string[],
  outsiders: 'skip' | 'home',
): Promise<Map<string, string>> {
  const memberships = await activeMembershipsOf(tx, userIds);
  const places = new Map<string, string>();
  for (const m of memberships) if (m.companyId === companyId) places.set(m.userId, companyId);
  if (outsiders === 'home') {
    for (const m of memberships) if (!places.has(m.userId)) places.set(m.userId, m.companyId);
  }
  return places;
}
