import { and, eq } from 'drizzle-orm';
import type { TUserStatus, TUserStatusUpdate } from '@esigns/contracts/notifications';
import type { Db } from '../../platform/db/database';
import { countCreatedSince, type Inbox } from './service';
import { userStatus } from './schema';

type Reader = Pick<Db, 'select'>;

/** The last-open markers of the inbox (null before the first opening). */
export async function readMarkers(
  db: Reader,
  inbox: Inbox,
): Promise<{ notificationLastOpenAt: Date | null; chatLastOpenAt: Date | null }> {
  const [row] = await db
    .select({
      notificationLastOpenAt: userStatus.notificationLastOpenAt,
      chatLastOpenAt: userStatus.chatLastOpenAt,
    })
    .from(userStatus)
    .where(and(eq(userStatus.userId, inbox.userId), eq(userStatus.companyId, inbox.companyId)))
    .limit(1);
  return row ?? { notificationLastOpenAt: null, chatLastOpenAt: null };
}

/** When the user last opened recent activity (dashboard) in the workspace (null: never). */
export async function activitiesLastOpenAt(db: Reader, inbox: Inbox): Promise<Date | null> {
  const [row] = await db
    .select({ at: userStatus.activitiesLastOpenAt })
    .from(userStatus)
    .where(and(eq(userStatus.userId, inbox.userId), eq(userStatus.companyId, inbox.companyId)))
    .limit(1);
  return row?.at ?? null;
}

/** Sets the user's recent-activity marker to `at` (only that column: the others are the inbox's). */
export async function setActivitiesLastOpenAt(db: Pick<Db, 'insert'>, inbox: Inbox, at: Date): Promise<void> {
  await db
    .insert(userStatus)
    .values({ companyId: inbox.companyId, userId: inbox.userId, activitiesLastOpenAt: at })
    .onConflictDoUpdate({
      target: [userStatus.userId, userStatus.companyId],
      set: { activitiesLastOpenAt: at, updatedAt: at },
    });
}

/**
 * `GET /user-status`: notifications created since the centre was last opened. The product has
 * no chat: nothing can be unopened there, so `chatCountUnOpened` is 0; its marker is still kept.
 */
export async function getUserStatus(db: Reader, inbox: Inbox): Promise<TUserStatus> {
  const markers = await readMarkers(db, inbox);
  return {
    notificationCountUnOpened: await countCreatedSince(db, inbox, markers.notificationLastOpenAt),
    chatCountUnOpened: 0,
    notification_last_open_date: markers.notificationLastOpenAt?.toISOString() ?? null,
    chat_last_open_date: markers.chatLastOpenAt?.toISOString() ?? null,
  };
}

/** `POST /user-status`: each marker sent as 1 becomes now, so its count is 0 from here on. */
export async function openMarkers(db: Db, inbox: Inbox, update: TUserStatusUpdate): Promise<TUserStatus> {
  const now = new Date();
  const set = {
    ...(update.notification_last_open_date === 1 ? { notificationLastOpenAt: now } : {}),
    ...(update.chat_last_open_date === 1 ? { chatLastOpenAt: now } : {}),
    updatedAt: now,
  };
  await db
    .insert(userStatus)
    .values({ userId: inbox.userId, companyId: inbox.companyId, ...set })
    .onConflictDoUpdate({ target: [userStatus.userId, userStatus.companyId], set });
  return getUserStatus(db, inbox);
}
