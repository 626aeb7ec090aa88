import { z } from 'zod';
import { DOCUMENT_STATUSES, type TDocumentListFilter } from './documents';
import type { TDashboardCard } from './settings';

/*
 * The staff dashboard (spec 2 "Dashboards"): document counts, the sent/completed series, recent
 * activity, the calendar and the day's check-in. Shared by the API (response schemas) and the web app.
 */

/** Largest `days` of `GET /all-document-stats` (the series of documents sent and completed). */
export const MAX_STATS_DAYS = 365;
export const DEFAULT_STATS_DAYS = 30;

/** One day of the series, in the caller's time zone (`usertimezone`). */
export const ZStatsPoint = z.object({
  date: z.string().describe('The local day, YYYY-MM-DD'),
  sent: z.number().int(),
  completed: z.number().int(),
});
export type TStatsPoint = z.infer<typeof ZStatsPoint>;

export const ZDocumentStats = z.object({
  waiting_for_me: z.number().int().describe('Out for signature, and the caller is asked to act now'),
  waiting_for_others: z.number().int().describe('Out for signature, waiting for someone else'),
  completed: z.number().int(),
  drafts: z.number().int().describe("The caller's own drafts"),
  expiring_soon: z
    .number()
    .int()
    .describe('Out for signature and expiring within `expiring_window_days` from now'),
  declined: z.number().int(),
  rejected: z.number().int(),
  voided: z.number().int(),
  expired: z.number().int(),
  archived: z.number().int(),
  /** Every document counted above except the archived ones. */
  total: z.number().int(),
  expiring_window_days: z.number().int(),
  series: z.object({
    days: z.number().int(),
    from: z.string(),
    to: z.string(),
    total_sent: z.number().int(),
    total_completed: z.number().int(),
    points: z.array(ZStatsPoint),
  }),
});
export type TDocumentStats = z.infer<typeof ZDocumentStats>;

/** The count each dashboard card shows. */
export const DASHBOARD_CARD_STAT: Record<
  TDashboardCard,
  keyof Omit<TDocumentStats, 'series' | 'expiring_window_days' | 'total'>
> = {
  'waiting-for-me': 'waiting_for_me',
  'waiting-for-others': 'waiting_for_others',
  completed: 'completed',
  drafts: 'drafts',
  'expiring-soon': 'expiring_soon',
  declined: 'declined',
  rejected: 'rejected',
  voided: 'voided',
  expired: 'expired',
};

/** The documents list tab each card opens (expiring documents are among those waiting for others). */
export const DASHBOARD_CARD_FILTER: Record<TDashboardCard, TDocumentListFilter> = {
  'waiting-for-me': 'waiting-for-me',
  'waiting-for-others': 'waiting-for-others',
  completed: 'completed',
  drafts: 'draft',
  'expiring-soon': 'waiting-for-others',
  declined: 'declined',
  rejected: 'rejected',
  voided: 'voided',
  expired: 'expired',
};

// ---------------------------------------------------------------------------------------------
// Recent activities

export const ACTIVITY_KINDS = [
  'sent',
  'viewed',
  'signed',
  'approved',
  'declined',
  'rejected',
  'completed',
  'voided',
  'corrected',
  'archived',
  'restored',
  'updated',
  'failed',
  'other',
] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export const MAX_ACTIVITIES_LIMIT = 50;
/** Unread activities are counted up to this many (the badge shows "99+"). */
export const UNREAD_ACTIVITIES_CAP = 100;

export const ZActivity = z.object({
  _id: z.string(),
  action: z.string().describe('The document log action, e.g. `recipient.signed`'),
  kind: z.enum(ACTIVITY_KINDS),
  message: z.string().describe('Who did what to which document, e.g. `Priya Shah signed "Lease"`'),
  actor: z.object({ name: z.string(), email: z.string() }).nullable().describe('null: the system'),
  is_me: z.boolean().describe('The caller did it'),
  document: z.object({ _id: z.string(), name: z.string(), status: z.enum(DOCUMENT_STATUSES) }),
  link: z.string().describe('The app path of the document'),
  created_at: z.string(),
  is_unread: z.boolean(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZRecentActivities = z.object({
  data: z.array(ZActivity),
  unread_count: z
    .number()
    .int()
    .describe(
      `Events by others since the caller last opened the list (counted up to ${UNREAD_ACTIVITIES_CAP})`,
    ),
  has_more: z.boolean(),
  last_open_at: z.string().nullable(),
});
export type TRecentActivities = z.infer<typeof ZRecentActivities>;

// ---------------------------------------------------------------------------------------------
// Calendar

/** Longest span of one `POST /getCalender/calender` call, in days. */
export const MAX_CALENDAR_DAYS = 92;

export const CALENDAR_EVENT_TYPES = [
  'DOCUMENT_SENT',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_EXPIRES',
  'REMINDER_DUE',
  'REQUEST_DUE',
] as const;
export type TCalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

export const CALENDAR_EVENT_LABELS: Record<TCalendarEventType, string> = {
  DOCUMENT_SENT: 'Sent',
  DOCUMENT_COMPLETED: 'Completed',
  DOCUMENT_EXPIRES: 'Expires',
  REMINDER_DUE: 'Reminder due',
  REQUEST_DUE: 'Request due',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (`YYYY-MM-DD`, in the caller's time zone) or an ISO date-time. */
export const ZCalendarDate = z
  .string({ error: 'Required' })
  .trim()
  .refine((v) => (DAY.test(v) ? isRealDay(v) : z.iso.datetime({ offset: true }).safeParse(v).success), {
    message: 'Use a date (YYYY-MM-DD) or an ISO date-time',
  });

export const ZCalendarRequest = z.object({ from: ZCalendarDate, to: ZCalendarDate });
export type TCalendarRequest = z.infer<typeof ZCalendarRequest>;

export const ZCalendarEvent = z.object({
  _id: z.string().describe('Stable key: `<type>:<id>`'),
  type: z.enum(CALENDAR_EVENT_TYPES),
  date: z.string().describe('ISO date-time (UTC)'),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  document_id: z.string().nullable(),
  request_id: z.string().nullable(),
  status: z.string(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarReply = z.object({
  from: z.string(),
  to: z.string(),
  events: z.array(ZCalendarEvent),
});
export type TCalendarReply = z.infer<typeof ZCalendarReply>;

// ---------------------------------------------------------------------------------------------
// Check-in

export const CHECK_IN_STATES = ['NOT_CHECKED_IN', 'CHECKED_IN', 'CHECKED_OUT'] as const;
export type TCheckInState = (typeof CHECK_IN_STATES)[number];

export const ZCheckInRequest = z
  .object({
    action: z
      .enum(['check_in', 'check_out'], { error: 'Use check_in or check_out' })
      .optional()
      .describe('Without it the call toggles: checks in, or checks out when checked in today'),
  })
  .nullish();

export const ZCheckInSession = z.object({
  _id: z.string(),
  check_in_at: z.string(),
  check_out_at: z.string().nullable(),
  minutes: z.number().int().nullable().describe('null while checked in'),
});
export type TCheckInSession = z.infer<typeof ZCheckInSession>;

export const ZCheckInDay = z.object({
  day: z.string(),
  first_check_in_at: z.string().nullable(),
  last_check_out_at: z.string().nullable(),
  worked_minutes: z.number().int().describe('Closed sessions only'),
  sessions: z.number().int(),
  is_open: z.boolean().describe('A session of that day was never checked out'),
});
export type TCheckInDay = z.infer<typeof ZCheckInDay>;

export const ZCheckInStatus = z.object({
  today: z.string().describe("The caller's local day (YYYY-MM-DD, from `usertimezone`)"),
  state: z.enum(CHECK_IN_STATES),
  sessions: z.array(ZCheckInSession).describe("Today's sessions, oldest first"),
  worked_minutes_today: z.number().int(),
  last_7_days: z.array(ZCheckInDay).describe('Today and the 6 days before, newest first'),
});
export type TCheckInStatus = z.infer<typeof ZCheckInStatus>;

export const ZCheckInResult = ZCheckInStatus.extend({
  result: z.enum(['CHECKED_IN', 'CHECKED_OUT', 'UNCHANGED']),
});
export type TCheckInResult = z.infer<typeof ZCheckInResult>;

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
