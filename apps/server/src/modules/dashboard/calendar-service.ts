import { sql } from 'drizzle-orm';
import {
  MAX_CALENDAR_DAYS,
  type TCalendarEvent,
  type TCalendarEventType,
  type TCalendarReply,
  type TCalendarRequest,
} from '@esigns/contracts/dashboard';
import { hasPermission } from '@esigns/contracts/permissions';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { addDays, startOfLocalDay } from './local-time';
import { isoOf, loadViewer, rowsOf, seesDocument } from './visibility';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants a `{from, to}` body covers: days (YYYY-MM-DD) are whole local days of the caller
 * (`to` included); date-times are taken as they are. 422 (`to`) when `to` is before `from` or the
 * range is longer than `MAX_CALENDAR_DAYS` days.
 */
export function calendarRange(body: TCalendarRequest, offsetMinutes: number): { start: Date; end: Date } {
  const start = DAY.test(body.from) ? startOfLocalDay(body.from, offsetMinutes) : new Date(body.from);
  const end = DAY.test(body.to) ? startOfLocalDay(addDays(body.to, 1), offsetMinutes) : new Date(body.to);
  if (end.getTime() <= start.getTime()) {
    throw validationError(
      [{ key: 'to', message: 'Must be after from', path: ['to'] }],
      'The range ends before it starts',
    );
  }
  if (end.getTime() - start.getTime() > MAX_CALENDAR_DAYS * DAY_MS) {
    throw validationError(
      [{ key: 'to', message: `At most ${MAX_CALENDAR_DAYS} days after from`, path: ['to'] }],
      `Ask for at most ${MAX_CALENDAR_DAYS} days at a time`,
    );
  }
  return { start, end };
}

type DocumentEventRow = {
  type: TCalendarEventType;
  id: string;
  name: string;
  status: string;
  at: Date | string;
  pending: number | string | null;
};

type RequestRow = {
  id: string;
  card_type: string;
  status: string;
  due_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
};

/**
 * `POST /getCalender/calender`: the dated events in `[start, end)` of documents the caller sees
 * (sent, completed, expiry, next reminder) and of document requests (due dates) they made or, with
 * `request-documents:view`, of the whole workspace. Oldest first.
 */
export async function readCalendar(
  platform: Platform,
  access: AccessContext,
  range: { start: Date; end: Date },
): Promise<TCalendarReply> {
  const db = platform.database.db;
  const viewer = await loadViewer(db, access);
  const sees = seesDocument(viewer);
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const within = (column: string) => sql`${sql.raw(column)} >= ${start} and ${sql.raw(column)} < ${end}`;
  const scope = sql`ed.company_id = ${access.companyId} and ed.archived_at is null and ${sees}`;

  const documentEvents = await rowsOf<DocumentEventRow>(
    db,
    sql`select 'DOCUMENT_SENT' as type, ed.id, ed.name, ed.status, ed.sent_at as at, null::int as pending
        from employee_documents ed where ${scope} and ${within('ed.sent_at')}
      union all
      select 'DOCUMENT_COMPLETED', ed.id, ed.name, ed.status, ed.completed_at, null
        from employee_documents ed where ${scope} and ed.status = 'COMPLETED' and ${within('ed.completed_at')}
      union all
      select 'DOCUMENT_EXPIRES', ed.id, ed.name, ed.status, ed.expires_at, null
        from employee_documents ed
        where ${scope} and ed.status in ('WAITING', 'EXPIRED') and ${within('ed.expires_at')}
      union all
      select 'REMINDER_DUE', r.id, r.name, r.status, r.at, r.pending from (
        select ed.id, ed.name, ed.status, ed.expires_at,
          min(coalesce(du.last_reminded_at, du.sent_at, ed.sent_at))
            + make_interval(days => (ed.settings->>'reminder_every_days')::int) as at,
          count(*)::int as pending
        from employee_documents ed
        join document_users du on du.employee_document_id = ed.id
          and du.status in ('SENT', 'VIEWED') and du.user_type <> 'CC'
        where ${scope} and ed.status = 'WAITING'
          and jsonb_typeof(ed.settings->'reminder_every_days') = 'number'
        group by ed.id
      ) r where ${within('r.at')} and (r.expires_at is null or r.at < r.expires_at)`,
  );

  const requestScope = hasPermission(access, 'request-documents:view')
    ? sql``
    : sql` and dr.requested_by = ${access.userId}`;
  const requests = await rowsOf<RequestRow>(
    db,
    sql`select dr.id, dr.card_type, dr.status, dr.due_at, c.first_name, c.last_name, c.email
      from document_requests dr join contacts c on c.id = dr.contact_id
      where dr.company_id = ${access.companyId}${requestScope} and ${within('dr.due_at')}`,
  );

  const events: TCalendarEvent[] = [
    ...documentEvents.map((row) => toDocumentEvent(row)),
    ...requests.map((row): TCalendarEvent => {
      const who = `${row.first_name} ${row.last_name}`.trim() || row.email;
      return {
        _id: `REQUEST_DUE:${row.id}`,
        type: 'REQUEST_DUE',
        date: isoOf(row.due_at)!,
        title: `${row.card_type} from ${who}`,
        description:
          row.status === 'REQUESTED'
            ? 'Requested document due'
            : `Requested document due (${row.status.toLowerCase()})`,
        link: `/request-documents/${row.id}/edit`,
        document_id: null,
        request_id: row.id,
        status: row.status,
      };
    }),
  ].sort((a, b) => a.date.localeCompare(b.date) || a._id.localeCompare(b._id));
  return { from: range.start.toISOString(), to: range.end.toISOString(), events };
}

function toDocumentEvent(row: DocumentEventRow): TCalendarEvent {
  const pending = Number(row.pending ?? 0);
  const description: Record<Exclude<TCalendarEventType, 'REQUEST_DUE'>, string> = {
    DOCUMENT_SENT: 'Sent for signature',
    DOCUMENT_COMPLETED: 'Completed by everyone',
    DOCUMENT_EXPIRES: row.status === 'EXPIRED' ? 'Expired' : 'Expires unless everyone finishes',
    REMINDER_DUE: `Next reminder to ${pending} recipient${pending === 1 ? '' : 's'}`,
  };
  return {
    _id: `${row.type}:${row.id}`,
    type: row.type,
    date: isoOf(row.at)!,
    title: row.name,
    description: description[row.type as Exclude<TCalendarEventType, 'REQUEST_DUE'>],
    link: `/emp-documents/custom/${row.id}`,
    document_id: row.id,
    request_id: null,
    status: row.status,
  };
}
