import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_STATS_DAYS,
  MAX_ACTIVITIES_LIMIT,
  MAX_CALENDAR_DAYS,
  MAX_STATS_DAYS,
  UNREAD_ACTIVITIES_CAP,
  ZCalendarReply,
  ZCalendarRequest,
  ZCheckInRequest,
  ZCheckInResult,
  ZCheckInStatus,
  ZDocumentStats,
  ZRecentActivities,
} from '@esigns/contracts/dashboard';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { clientIp } from '../../platform/http/client-ip';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { markActivitiesSeen, readRecentActivities } from './activities-service';
import { calendarRange, readCalendar } from './calendar-service';
import { readCheckIns, recordCheckIn } from './check-in-service';
import { offsetOf } from './local-time';
import { readDocumentStats } from './stats-service';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};
const security = [{ bearer: [] }];
const TIMEZONE =
  "Days are the caller's local days from the `usertimezone` header (minutes, as `Date.getTimezoneOffset()` " +
  'gives them; absent: UTC; not a whole number of minutes within 14 hours: 422).';
const VISIBILITY =
  'Documents counted are those the caller sees: sent documents they sent, were shared or take part in as a ' +
  'recipient (all sent documents for an OWNER or with `documents:view-all` / `documents:manage-all` in a ' +
  'BUSINESS workspace), and their own drafts.';

const ZDays = z.coerce
  .number({ error: `Use a whole number of days from 1 to ${MAX_STATS_DAYS}` })
  .int(`Use a whole number of days from 1 to ${MAX_STATS_DAYS}`)
  .min(1, 'At least 1 day')
  .max(MAX_STATS_DAYS, `At most ${MAX_STATS_DAYS} days`)
  .default(DEFAULT_STATS_DAYS);

const ZActivityLimit = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = typeof v === 'string' ? Number(v) : NaN;
    return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_ACTIVITIES_LIMIT) : 10;
  });

export function registerDashboardRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboards'];

  r.get(
    '/all-document-stats',
    {
      onRequest: requirePermission(platform, 'dashboards:view'),
      schema: {
        tags,
        security,
        summary: 'Document counts of the dashboard and the documents sent and completed per day',
        description:
          `${VISIBILITY} Counts leave archived documents out (except \`archived\`). \`waiting_for_me\`: out for ` +
          'signature with the caller a recipient asked to act now; `waiting_for_others`: the other documents out ' +
          "for signature. `expiring_soon`: out for signature and expiring within the caller's warning window " +
          '(`expirations-reminders` `warn_before_expiry_days`, at least 1 day; answered as `expiring_window_days`). ' +
          `\`series\`: documents sent and completed per day over the last \`days\` days (default ${DEFAULT_STATS_DAYS}, ` +
          `1 to ${MAX_STATS_DAYS}, today included; days without any are 0). ${TIMEZONE} Which cards show is ` +
          '`GET /dashboard-stats-settings`. Needs `dashboards:view`.',
        querystring: z.object({ days: ZDays }),
        response: { 200: ZSuccess(ZDocumentStats), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await readDocumentStats(platform, accessOf(request), {
          days: request.query.days,
          offsetMinutes: offsetOf(request),
        }),
      ),
  );

  r.get(
    '/all-documents/recent-activities',
    {
      onRequest: requirePermission(platform, 'dashboards:view'),
      schema: {
        tags,
        security,
        summary: 'Recent activity on the documents the caller sees, with the unread count',
        description:
          'The newest document events (sent, viewed, signed, approved, declined, rejected, completed, voided, ' +
          'corrected...; steps of a signing session such as codes and autosaves are left out), newest first, each ' +
          'as a sentence (`message`) with its actor, document and app link. `limit` 1 to ' +
          `${MAX_ACTIVITIES_LIMIT} (default 10; non-numeric: 10); \`before\` (an activity \`_id\`) pages to older events ` +
          '(`has_more`). `unread_count`: events by others since the caller last marked the list seen ' +
          `(\`POST /all-documents/recent-activities/seen\`), counted up to ${UNREAD_ACTIVITIES_CAP}; each event ` +
          `carries \`is_unread\`. Reading never marks anything seen. ${VISIBILITY} Needs \`dashboards:view\`.`,
        querystring: z.object({
          limit: ZActivityLimit,
          before: z
            .string()
            .max(100)
            .optional()
            .describe('The `_id` of the last activity of the previous page (404 when unknown)'),
        }),
        response: { 200: ZSuccess(ZRecentActivities), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await readRecentActivities(platform, accessOf(request), {
          limit: request.query.limit,
          before: request.query.before,
        }),
      ),
  );

  r.post(
    '/all-documents/recent-activities/seen',
    {
      onRequest: requirePermission(platform, 'dashboards:view'),
      schema: {
        tags,
        security,
        summary: 'Mark recent activity seen (the unread count goes to 0)',
        description:
          "Not named by the spec (it names `unread_count`): sets the caller's `activities_last_open_at` marker " +
          'of `user_status` to now. The dashboard calls it when the user opens the activity list. Needs ' +
          '`dashboards:view`.',
        body: z.object({}).passthrough().nullish(),
        response: {
          200: ZSuccess(z.object({ unread_count: z.number().int(), last_open_at: z.string() })),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await markActivitiesSeen(platform, accessOf(request)), 'Marked as seen'),
  );

  r.post(
    '/getCalender/calender',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags: ['calendar'],
        security,
        summary: 'Dated events of documents and document requests between two dates',
        description:
          '`from` and `to` are days (YYYY-MM-DD: whole local days, `to` included) or ISO date-times; the range ' +
          `is at most ${MAX_CALENDAR_DAYS} days and must not end before it starts (422, key \`to\`). Events: ` +
          '`DOCUMENT_SENT`, `DOCUMENT_COMPLETED`, `DOCUMENT_EXPIRES` (out for signature or expired), ' +
          '`REMINDER_DUE` (the next automatic reminder of a document out for signature: its reminder interval ' +
          'after the oldest last reminder, or sending, of a recipient still to act; only before expiry) of the ' +
          'documents the caller sees (not archived), and `REQUEST_DUE` (due dates of document requests the ' +
          'caller made, or all of the workspace with `request-documents:view`). Each with `type`, `date`, ' +
          `\`title\`, \`description\` and the app \`link\`; oldest first. ${TIMEZONE} ${VISIBILITY} ` +
          'Needs `entity-data:view` (records, their documents, charts and calendar).',
        body: ZCalendarRequest,
        response: { 200: ZSuccess(ZCalendarReply), ...ERRORS },
      },
    },
    async (request) =>
      ok(await readCalendar(platform, accessOf(request), calendarRange(request.body, offsetOf(request)))),
  );

  r.post(
    '/entities-data/createSigninTime',
    {
      // A member's own attendance: every member of the workspace, for themselves.
      onRequest: requirePermission(platform),
      schema: {
        tags: ['check-in'],
        security,
        summary: 'Check in, or check out when checked in today',
        description:
          "Records the caller's check-in of their local day (`usertimezone`), with IP and browser. Without a body " +
          'the call toggles: the first call of the day checks in, the next one checks out; a later call opens a ' +
          'new session of the same day. `action` (`check_in` / `check_out`) makes it safe to retry: a check-in ' +
          'while checked in, or a repeated check-out, answers `result: UNCHANGED`; `check_out` before any ' +
          `check-in of the day is 409. Answers the day's state as \`fetchCheckin\` does. ${TIMEZONE} Open to ` +
          'every member of the workspace.',
        body: ZCheckInRequest,
        response: { 200: ZSuccess(ZCheckInResult), ...ERRORS },
      },
    },
    async (request) => {
      const result = await recordCheckIn(platform, accessOf(request), {
        action: request.body?.action,
        offsetMinutes: offsetOf(request),
        client: { ip: clientIp(request), userAgent: request.headers['user-agent'] ?? null },
      });
      const message =
        result.result === 'CHECKED_IN'
          ? 'Checked in'
          : result.result === 'CHECKED_OUT'
            ? 'Checked out'
            : 'Nothing changed';
      return ok(result, message);
    },
  );

  r.get(
    '/entities-data/fetchCheckin',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['check-in'],
        security,
        summary: "The caller's check-in today and over the last 7 days",
        description:
          "`state`: NOT_CHECKED_IN, CHECKED_IN or CHECKED_OUT for the local day; today's sessions; per day of " +
          `the last 7 (today first) the first check-in, last check-out and minutes worked. ${TIMEZONE} Open to ` +
          'every member of the workspace.',
        response: { 200: ZSuccess(ZCheckInStatus), ...ERRORS },
      },
    },
    async (request) => ok(await readCheckIns(platform.database.db, accessOf(request), offsetOf(request))),
  );
}
