import { and, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { toPaged, type TPageQuery } from '@esigns/contracts/envelope';
import type {
  TAppNotification,
  TAppNotificationPage,
  TMarkAllRead,
  TNotificationReadFilter,
  TUnreadNotificationCounts,
} from '@esigns/contracts/notifications';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { appNotifications } from './schema';

/** Whose notification centre: a user in one workspace. */
export type Inbox = { userId: string; companyId: string };

type Row = typeof appNotifications.$inferSelect;
type Reader = Pick<Db, 'select'>;

export function presentNotification(row: Row): TAppNotification {
  return {
    _id: row.id,
    type: row.type,
    event: row.event,
    title: row.title,
    body: row.body,
    link: row.link,
    data: row.data,
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const mine = (inbox: Inbox): SQL =>
  and(eq(appNotifications.userId, inbox.userId), eq(appNotifications.companyId, inbox.companyId))!;

/** Unread notifications of the inbox (of one type when given). */
export async function countUnread(db: Reader, inbox: Inbox, type?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appNotifications)
    .where(
      and(mine(inbox), isNull(appNotifications.readAt), type ? eq(appNotifications.type, type) : undefined),
    );
  return row?.n ?? 0;
}

/** Notifications created after `since` (all of them when null): `notificationCountUnOpened`. */
export async function countCreatedSince(db: Reader, inbox: Inbox, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appNotifications)
    .where(and(mine(inbox), since ? gt(appNotifications.createdAt, since) : undefined));
  return row?.n ?? 0;
}

/**
 * `GET /app-notifications/fetchAllAppNotifications`: newest first, of one `type` and/or read state
 * when asked, with the unread count (of that type when one is given).
 */
export async function listNotifications(
  db: Reader,
  inbox: Inbox,
  query: TPageQuery & { type?: string | undefined; status: TNotificationReadFilter },
): Promise<TAppNotificationPage> {
  const where = and(
    mine(inbox),
    query.type ? eq(appNotifications.type, query.type) : undefined,
    query.status === 'read' ? isNotNull(appNotifications.readAt) : undefined,
    query.status === 'unread' ? isNull(appNotifications.readAt) : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(appNotifications)
      .where(where)
      .orderBy(desc(appNotifications.createdAt), desc(appNotifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(appNotifications).where(where),
    countUnread(db, inbox, query.type),
  ]);
  return { ...toPaged(rows.map(presentNotification), total?.n ?? 0, query), unread_count: unread };
}

/** `GET /app-notifications/fetchUnreadNotificationsCount`: in all, and per type. */
export async function unreadCounts(db: Reader, inbox: Inbox): Promise<TUnreadNotificationCounts> {
  const rows = await db
    .select({ type: appNotifications.type, n: count() })
    .from(appNotifications)
    .where(and(mine(inbox), isNull(appNotifications.readAt)))
    .groupBy(appNotifications.type);
  const byType = Object.fromEntries(rows.map((r) => [r.type, r.n]));
  return { unread_count: rows.reduce((sum, r) => sum + r.n, 0), by_type: byType };
}

/** `GET /app-notifications/markAllNotificationsAsRead?type=`: every unread one (of that type). */
export async function markAllRead(db: Db, inbox: Inbox, type?: string): Promise<TMarkAllRead> {
  const updated = await db
    .update(appNotifications)
    .set({ readAt: new Date() })
    .where(
      and(mine(inbox), isNull(appNotifications.readAt), type ? eq(appNotifications.type, type) : undefined),
    )
    .returning({ id: appNotifications.id });
  return { updated: updated.length, unread_count: await countUnread(db, inbox) };
}

/**
 * `POST /app-notifications/update_data/{id}`: marks one of the caller's notifications read or
 * unread. Anyone else's (another user's, another workspace's, unknown) is 404. Marking read
 * keeps the first read time.
 */
export async function setNotificationRead(
  db: Db,
  inbox: Inbox,
  id: string,
  isRead: boolean,
): Promise<TAppNotification> {
  if (!isUuid(id)) throw notFound('Notification');
  const [row] = await db
    .update(appNotifications)
    .set({ readAt: isRead ? sql`coalesce(${appNotifications.readAt}, now())` : null })
    .where(and(eq(appNotifications.id, id), mine(inbox)))
    .returning();
  if (!row) throw notFound('Notification');
  return presentNotification(row);
}
