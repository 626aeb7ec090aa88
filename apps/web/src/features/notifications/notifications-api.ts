import type {
  TAppNotification,
  TAppNotificationPage,
  TAppNotificationType,
  TMarkAllRead,
  TNotificationReadFilter,
  TUnreadNotificationCounts,
  TUserStatus,
} from '@esigns/contracts/notifications';
import { api } from '../../shared/api/api-client';

/**
 * The notification centre's calls: spec 3 `app-notifications` and spec 2 `user-status`. The
 * user's choices of what notifies them are the settings area's `GET/POST /notifications`.
 */

export type NotificationQuery = {
  page: number;
  limit: number;
  type?: TAppNotificationType | undefined;
  status: TNotificationReadFilter;
};

/** Query keys, per workspace so that a switch never shows another workspace's notifications. */
export const NOTIFICATION_KEYS = {
  all: (workspaceId: string) => ['notifications', workspaceId] as const,
  status: (workspaceId: string) => ['notifications', workspaceId, 'user-status'] as const,
  lists: (workspaceId: string) => ['notifications', workspaceId, 'list'] as const,
  list: (workspaceId: string, query: Omit<NotificationQuery, 'page'>) =>
    ['notifications', workspaceId, 'list', query] as const,
  unread: (workspaceId: string) => ['notifications', workspaceId, 'unread'] as const,
};

export async function fetchUserStatus(signal?: AbortSignal): Promise<TUserStatus> {
  return (await api.get<TUserStatus>('/user-status', undefined, { signal })).data;
}

/** Sets the notification centre's last-open marker to now: its unopened count becomes 0. */
export async function markNotificationsOpened(): Promise<TUserStatus> {
  return (await api.post<TUserStatus>('/user-status', { notification_last_open_date: 1 })).data;
}

export async function fetchNotifications(
  query: NotificationQuery,
  signal?: AbortSignal,
): Promise<TAppNotificationPage> {
  const params = { page: query.page, limit: query.limit, type: query.type, status: query.status };
  return (
    await api.get<TAppNotificationPage>('/app-notifications/fetchAllAppNotifications', params, { signal })
  ).data;
}

export async function fetchUnreadCounts(signal?: AbortSignal): Promise<TUnreadNotificationCounts> {
  return (
    await api.get<TUnreadNotificationCounts>('/app-notifications/fetchUnreadNotificationsCount', undefined, {
      signal,
    })
  ).data;
}

/** Marks every unread notification read, of one type when given (a GET in the spec). */
export async function markAllNotificationsRead(type?: TAppNotificationType): Promise<TMarkAllRead> {
  return (await api.get<TMarkAllRead>('/app-notifications/markAllNotificationsAsRead', { type })).data;
}

export async function setNotificationRead(id: string, isRead: boolean): Promise<TAppNotification> {
  return (
    await api.post<TAppNotification>(`/app-notifications/update_data/${encodeURIComponent(id)}`, {
      is_read: isRead,
    })
  ).data;
}
