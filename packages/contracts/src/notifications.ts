import { z } from 'zod';
import { ZPaged } from './envelope';
import type { TNotificationEvent } from './settings';

/*
 * The in-app notification centre (spec 3 `app-notifications`, spec 2 `user-status`). The user's
 * *choices* of what reaches them are `GET/POST /notifications` (settings.ts); this is the centre.
 */

/**
 * The group a notification is listed, counted and marked read by. Documents are the only area
 * that notifies today; the others are the spec 3 areas that will (entities, workflows, forms).
 */
export const APP_NOTIFICATION_TYPES = ['DOCUMENT', 'ENTITY', 'WORKFLOW', 'FORM_BUILDER', 'SYSTEM'] as const;
export type TAppNotificationType = (typeof APP_NOTIFICATION_TYPES)[number];

/** What happened, for document notifications (`event` of a row). */
export const DOCUMENT_NOTIFICATION_EVENTS = [
  'document.received',
  'document.viewed',
  'document.signed',
  'document.approved',
  'document.declined',
  'document.rejected',
  'document.completed',
  'document.seal_failed',
  'document.expiring',
  'document.expired',
  'document.reminders_sent',
  'document.voided',
  'document.corrected',
  'document.recipient_removed',
] as const;
export type TDocumentNotificationEvent = (typeof DOCUMENT_NOTIFICATION_EVENTS)[number];

/**
 * Which of the user's notification choices (`GET/POST /notifications`) governs each event; null:
 * always delivered (a document to act on, a failure that needs the sender).
 */
export const NOTIFICATION_CHOICE_OF: Readonly<Record<TDocumentNotificationEvent, TNotificationEvent | null>> =
  {
    'document.received': null,
    'document.viewed': 'document_viewed',
    'document.signed': 'document_signed',
    'document.approved': 'document_signed',
    'document.declined': 'document_declined',
    'document.rejected': 'document_declined',
    'document.completed': 'document_completed',
    'document.seal_failed': null,
    'document.expiring': 'document_expiring',
    'document.expired': 'document_expiring',
    'document.reminders_sent': 'reminders_sent',
    // What someone has (no longer) to do, or a colleague's change to the owner's document: like
    // the void mail, always delivered.
    'document.voided': null,
    'document.corrected': null,
    'document.recipient_removed': null,
  };

export const ZAppNotification = z.object({
  _id: z.string().uuid(),
  type: z.string(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path it opens (e.g. `/emp-documents/custom/{id}`), or null. */
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TAppNotification = z.infer<typeof ZAppNotification>;

/** `type`: one of APP_NOTIFICATION_TYPES; `status`: `all` (default), `read` or `unread`. */
export const NOTIFICATION_READ_FILTERS = ['all', 'read', 'unread'] as const;
export type TNotificationReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number];

/** `GET /app-notifications/fetchAllAppNotifications`: a page, newest first, with the unread count. */
export const ZAppNotificationPage = ZPaged(ZAppNotification).extend({ unread_count: z.number().int() });
export type TAppNotificationPage = z.infer<typeof ZAppNotificationPage>;

/** `GET /app-notifications/fetchUnreadNotificationsCount`. */
export const ZUnreadNotificationCounts = z.object({
  unread_count: z.number().int(),
  by_type: z.record(z.string(), z.number().int()),
});
export type TUnreadNotificationCounts = z.infer<typeof ZUnreadNotificationCounts>;

/** `GET /app-notifications/markAllNotificationsAsRead?type=`. */
export const ZMarkAllRead = z.object({ updated: z.number().int(), unread_count: z.number().int() });
export type TMarkAllRead = z.infer<typeof ZMarkAllRead>;

/** `POST /app-notifications/update_data/{id}`: `is_read` true (default) marks read, false unread. */
export const ZUpdateNotification = z.object({ is_read: z.boolean().default(true) }).strict();
export type TUpdateNotification = z.input<typeof ZUpdateNotification>;

/**
 * `GET /user-status` (spec 2 §3): what is new since the user last opened the notification
 * centre (and the chat, which this product does not have yet: always 0, no marker).
 */
export const ZUserStatus = z.object({
  notificationCountUnOpened: z.number().int(),
  chatCountUnOpened: z.number().int(),
  notification_last_open_date: z.string().nullable(),
  chat_last_open_date: z.string().nullable(),
});
export type TUserStatus = z.infer<typeof ZUserStatus>;

/** `POST /user-status`: a marker equal to 1 is set to now, so its count resets to 0 (spec 2 §4). */
export const ZUserStatusUpdate = z
  .object({
    notification_last_open_date: z.literal(1).optional(),
    chat_last_open_date: z.literal(1).optional(),
  })
  .strict()
  .refine((v) => v.notification_last_open_date === 1 || v.chat_last_open_date === 1, {
    message: 'Send notification_last_open_date: 1 and/or chat_last_open_date: 1',
    path: ['notification_last_open_date'],
  });
export type TUserStatusUpdate = z.infer<typeof ZUserStatusUpdate>;

/** The realtime event to the user's room when a notification is created for them. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';
export type TNotificationCreatedEvent = {
  company_id: string;
  notification: TAppNotification;
  unread_count: number;
  /** `notificationCountUnOpened` after this notification. */
  unopened_count: number;
};
