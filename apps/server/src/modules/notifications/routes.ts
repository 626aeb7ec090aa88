import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  APP_NOTIFICATION_TYPES,
  NOTIFICATION_READ_FILTERS,
  ZAppNotification,
  ZAppNotificationPage,
  ZMarkAllRead,
  ZUnreadNotificationCounts,
  ZUpdateNotification,
  ZUserStatus,
  ZUserStatusUpdate,
} from '@esigns/contracts/notifications';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { listNotifications, markAllRead, setNotificationRead, unreadCounts } from './service';
import { getUserStatus, openMarkers } from './user-status-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const ZType = z.enum(APP_NOTIFICATION_TYPES).optional();
const ZListQuery = ZPageQuery.extend({
  type: ZType,
  status: z.enum(NOTIFICATION_READ_FILTERS).default('all'),
});

const OWN =
  "Any member of the workspace, for their own notifications in it (another user's or another workspace's " +
  'are never listed, counted or changed).';

/**
 * The notification centre (spec 3 `app-notifications`) and the last-open counters (spec 2
 * `user-status`). The user's choices of what notifies them are `GET/POST /notifications`
 * (settings module).
 */
export function registerNotificationRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const member = requirePermission(platform);
  const inboxOf = (request: Parameters<typeof accessOf>[0]) => {
    const access = accessOf(request);
    return { userId: access.userId, companyId: access.companyId };
  };

  r.get(
    '/app-notifications/fetchAllAppNotifications',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first, paged, with the unread count",
        description:
          '`type` (DOCUMENT, ENTITY, WORKFLOW, FORM_BUILDER, SYSTEM) and `status` (`all`, `read`, `unread`) ' +
          'filter the list; `unread_count` counts the unread ones (of `type` when given). Non-numeric ' +
          '`page`/`limit` fall back to 1 and 5. ' +
          OWN,
        querystring: ZListQuery,
        response: { 200: ZSuccess(ZAppNotificationPage), ...ERRORS },
      },
    },
    async (request) => ok(await listNotifications(db, inboxOf(request), request.query)),
  );

  r.get(
    '/app-notifications/fetchUnreadNotificationsCount',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'How many notifications are unread, in all and per type',
        description: OWN,
        response: { 200: ZSuccess(ZUnreadNotificationCounts), ...ERRORS },
      },
    },
    async (request) => ok(await unreadCounts(db, inboxOf(request))),
  );

  r.get(
    '/app-notifications/markAllNotificationsAsRead',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Mark every unread notification read (of one type when `type` is given)',
        description:
          'A GET in the spec; it changes state and is safe to repeat (the second call updates 0). Answers ' +
          'how many were marked and the unread count left. ' +
          OWN,
        querystring: z.object({ type: ZType }),
        response: { 200: ZSuccess(ZMarkAllRead), ...ERRORS },
      },
    },
    async (request) => {
      const result = await markAllRead(db, inboxOf(request), request.query.type);
      return ok(
        result,
        result.updated === 1
          ? '1 notification marked as read'
          : `${result.updated} notifications marked as read`,
      );
    },
  );

  r.post(
    '/app-notifications/update_data/:id',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read (`is_read: true`, the default) or unread',
        description: "An id that is not one of the caller's notifications in this workspace is 404. " + OWN,
        params: z.object({ id: z.string().max(64) }),
        body: ZUpdateNotification.optional(),
        response: { 200: ZSuccess(ZAppNotification), ...ERRORS },
      },
    },
    async (request) =>
      ok(await setNotificationRead(db, inboxOf(request), request.params.id, request.body?.is_read ?? true)),
  );

  r.get(
    '/user-status',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Unopened counts since the notification centre (and chat) were last opened',
        description:
          '`notificationCountUnOpened`: notifications created after `notification_last_open_date` (all of them ' +
          'before the first opening). The product has no chat yet: `chatCountUnOpened` is always 0.',
        response: { 200: ZSuccess(ZUserStatus), ...ERRORS },
      },
    },
    async (request) => ok(await getUserStatus(db, inboxOf(request))),
  );

  r.post(
    '/user-status',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Set the last-open markers: a marker sent as 1 becomes now and its count resets to 0',
        description:
          'Body `{ notification_last_open_date: 1 }` and/or `{ chat_last_open_date: 1 }` (spec 2 §4, §9); at least ' +
          'one of them, nothing else. Answers the counters after the change.',
        body: ZUserStatusUpdate,
        response: { 200: ZSuccess(ZUserStatus), ...ERRORS },
      },
    },
    async (request) => ok(await openMarkers(db, inboxOf(request), request.body)),
  );
}
