import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CREATED_EVENT,
  type TAppNotification,
  type TAppNotificationType,
  type TNotificationCreatedEvent,
  type TNotificationReadFilter,
  type TUserStatus,
} from '@esigns/contracts/notifications';
import { useRealtimeEvent } from '../../shared/realtime/socket';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import {
  fetchNotifications,
  fetchUnreadCounts,
  fetchUserStatus,
  markAllNotificationsRead,
  markNotificationsOpened,
  NOTIFICATION_KEYS,
  setNotificationRead,
} from './notifications-api';

/** Notifications per page of the panel. */
export const NOTIFICATION_PAGE_SIZE = 20;

export function useWorkspaceId(): string {
  return useSession(workspaceIdOf) ?? '';
}

/** `GET /user-status`: the unopened count of the bell. */
export function useUserStatus() {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: NOTIFICATION_KEYS.status(workspaceId),
    queryFn: ({ signal }) => fetchUserStatus(signal),
    enabled: workspaceId !== '',
    staleTime: 30_000,
    retry: false,
  });
}

/** `GET /app-notifications/fetchUnreadNotificationsCount` (per type, for the filter). */
export function useUnreadCounts(enabled: boolean) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: NOTIFICATION_KEYS.unread(workspaceId),
    queryFn: ({ signal }) => fetchUnreadCounts(signal),
    enabled: enabled && workspaceId !== '',
  });
}

/** The panel's list, a page at a time ("Show more"). */
export function useNotificationList(filter: {
  type?: TAppNotificationType | undefined;
  status: TNotificationReadFilter;
}) {
  const workspaceId = useWorkspaceId();
  const query = { limit: NOTIFICATION_PAGE_SIZE, type: filter.type, status: filter.status };
  return useInfiniteQuery({
    queryKey: NOTIFICATION_KEYS.list(workspaceId, query),
    queryFn: ({ pageParam, signal }) => fetchNotifications({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    enabled: workspaceId !== '',
  });
}

/**
 * Opening the panel: the last-open marker becomes now, so the bell's count is 0 at once (the
 * server's answer confirms it).
 */
export function useMarkOpened() {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsOpened,
    onMutate: () => {
      queryClient.setQueryData<TUserStatus>(NOTIFICATION_KEYS.status(workspaceId), (old) =>
        old ? { ...old, notificationCountUnOpened: 0 } : old,
      );
    },
    onSuccess: (status) => queryClient.setQueryData(NOTIFICATION_KEYS.status(workspaceId), status),
  });
}

/** Refreshes the lists and unread counts after a change. */
function useRefreshLists() {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.lists(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.unread(workspaceId) }),
    ]);
}

export function useSetRead() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ notification, isRead }: { notification: TAppNotification; isRead: boolean }) =>
      setNotificationRead(notification._id, isRead),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (type: TAppNotificationType | undefined) => markAllNotificationsRead(type),
    onSettled: refresh,
  });
}

/**
 * Live updates: `notification.created` of the current workspace sets the bell's count and
 * refreshes the open lists. Events of the user's other workspaces are left for when they switch.
 */
export function useNotificationsLive(onCreated?: (event: TNotificationCreatedEvent) => void): void {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  useRealtimeEvent<TNotificationCreatedEvent>(NOTIFICATION_CREATED_EVENT, (event) => {
    if (!event || event.company_id !== workspaceId) return;
    queryClient.setQueryData<TUserStatus>(NOTIFICATION_KEYS.status(workspaceId), (old) =>
      old
        ? { ...old, notificationCountUnOpened: event.unopened_count }
        : {
            notificationCountUnOpened: event.unopened_count,
            chatCountUnOpened: 0,
            notification_last_open_date: null,
            chat_last_open_date: null,
          },
    );
    void refresh();
    onCreated?.(event);
  });
}
