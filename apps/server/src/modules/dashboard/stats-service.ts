import { sql } from 'drizzle-orm';
import type { TDocumentStats, TStatsPoint } from '@esigns/contracts/dashboard';
import { DEFAULT_EXPIRATIONS_REMINDERS } from '@esigns/contracts/settings';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { readSettings } from '../settings';
import { daysEndingWith, localDayOf, startOfLocalDay } from './local-time';
import { isWaitingForViewer, loadViewer, rowsOf, seesDocument } from './visibility';

type CountsRow = Record<
  | 'waiting_for_me'
  | 'waiting_for_others'
  | 'completed'
  | 'drafts'
  | 'expiring_soon'
  | 'declined'
  | 'rejected'
  | 'voided'
  | 'expired'
  | 'archived'
  | 'total',
  number | string
>;

/**
 * `GET /all-document-stats`: the counts of the documents the caller sees (not archived, except
 * `archived`) and the documents sent and completed per local day over the last `days` days
 * (today included, empty days 0). Two queries, both on the company's documents.
 *
 * "Expiring soon": out for signature and expiring within the caller's warning window
 * (`expirations-reminders` `warn_before_expiry_days`; at least one day, so that a user who wants
 * no warning mail still sees what expires tomorrow).
 */
export async function readDocumentStats(
  platform: Platform,
  access: AccessContext,
  options: { days: number; offsetMinutes: number; now?: Date },
): Promise<TDocumentStats> {
  const db = platform.database.db;
  const now = options.now ?? new Date();
  const viewer = await loadViewer(db, access);
  const settings = await readSettings(
    platform,
    access,
    'expirations_reminders',
    DEFAULT_EXPIRATIONS_REMINDERS,
  );
  const windowDays = Math.max(1, settings.warn_before_expiry_days);
  const windowEnd = new Date(now.getTime() + windowDays * 86_400_000);
  const sees = seesDocument(viewer);
  const forMe = isWaitingForViewer(viewer);
  const live = sql`ed.archived_at is null`;
  const status = (value: string) => sql`count(*) filter (where ${live} and ed.status = ${value})::int`;

  const [counts] = await rowsOf<CountsRow>(
    db,
    sql`select
        count(*) filter (where ${live} and ${forMe})::int as waiting_for_me,
        count(*) filter (where ${live} and ed.status = 'WAITING' and not ${forMe})::int as waiting_for_others,
        ${status('COMPLETED')} as completed,
        ${status('DRAFT')} as drafts,
        count(*) filter (where ${live} and ed.status = 'WAITING'
          and ed.expires_at > ${now.toISOString()}::timestamptz
          and ed.expires_at <= ${windowEnd.toISOString()}::timestamptz)::int as expiring_soon,
        ${status('DECLINED')} as declined,
        ${status('REJECTED')} as rejected,
        ${status('VOIDED')} as voided,
        ${status('EXPIRED')} as expired,
        count(*) filter (where ed.archived_at is not null)::int as archived,
        count(*) filter (where ${live})::int as total
      from employee_documents ed
      where ed.company_id = ${access.companyId} and ${sees}`,
  );

  const today = localDayOf(now, options.offsetMinutes);
  const days = daysEndingWith(today, options.days);
  const from = startOfLocalDay(days[0]!, options.offsetMinutes).toISOString();
  const offset = options.offsetMinutes;
  // Local day of an instant: UTC wall time minus the offset (`getTimezoneOffset` convention).
  const dayOf = (column: string) =>
    sql`to_char((${sql.raw(column)} at time zone 'UTC') - make_interval(mins => ${offset}::int), 'YYYY-MM-DD')`;
  const perDay = await rowsOf<{ day: string; sent: number | string; completed: number | string }>(
    db,
    sql`select day, sum(sent)::int as sent, sum(completed)::int as completed from (
        select ${dayOf('ed.sent_at')} as day, 1 as sent, 0 as completed
          from employee_documents ed
          where ed.company_id = ${access.companyId} and ed.sent_at >= ${from}::timestamptz and ${sees}
        union all
        select ${dayOf('ed.completed_at')} as day, 0 as sent, 1 as completed
          from employee_documents ed
          where ed.company_id = ${access.companyId} and ed.completed_at >= ${from}::timestamptz
            and ed.status = 'COMPLETED' and ${sees}
      ) events group by day`,
  );
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const points: TStatsPoint[] = days.map((date) => {
    const row = byDay.get(date);
    return { date, sent: Number(row?.sent ?? 0), completed: Number(row?.completed ?? 0) };
  });

  const n = (key: keyof CountsRow) => Number(counts?.[key] ?? 0);
  return {
    waiting_for_me: n('waiting_for_me'),
    waiting_for_others: n('waiting_for_others'),
    completed: n('completed'),
    drafts: n('drafts'),
    expiring_soon: n('expiring_soon'),
    declined: n('declined'),
    rejected: n('rejected'),
    voided: n('voided'),
    expired: n('expired'),
    archived: n('archived'),
    total: n('total'),
    expiring_window_days: windowDays,
    series: {
      days: options.days,
      from: days[0]!,
      to: today,
      total_sent: points.reduce((sum, p) => sum + p.sent, 0),
      total_completed: points.reduce((sum, p) => sum + p.completed, 0),
      points,
    },
  };
}
