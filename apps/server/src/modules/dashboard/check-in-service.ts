import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type {
  TCheckInDay,
  TCheckInResult,
  TCheckInSession,
  TCheckInStatus,
} from '@esigns/contracts/dashboard';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { lockMembership } from '../company';
import type { AccessContext } from '../permissions';
import { checkIns } from './schema';
import { daysEndingWith, localDayOf } from './local-time';

type CheckInRow = typeof checkIns.$inferSelect;
type Client = { ip: string | null; userAgent: string | null };

const minutesBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

function toSession(row: CheckInRow): TCheckInSession {
  return {
    _id: row.id,
    check_in_at: row.checkInAt.toISOString(),
    check_out_at: row.checkOutAt ? row.checkOutAt.toISOString() : null,
    minutes: row.checkOutAt ? minutesBetween(row.checkInAt, row.checkOutAt) : null,
  };
}

/**
 * `GET /entities-data/fetchCheckin`: the caller's check-in state of their local day today (from
 * `usertimezone`), today's sessions, and a summary of today and the 6 days before.
 */
export async function readCheckIns(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  offsetMinutes: number,
  now: Date = new Date(),
): Promise<TCheckInStatus> {
  const today = localDayOf(now, offsetMinutes);
  const days = daysEndingWith(today, 7);
  const rows = await db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.companyId, access.companyId),
        eq(checkIns.userId, access.userId),
        gte(checkIns.day, days[0]!),
      ),
    )
    .orderBy(asc(checkIns.checkInAt));
  const todays = rows.filter((row) => row.day === today);
  const state =
    todays.length === 0 ? 'NOT_CHECKED_IN' : todays.some((r) => !r.checkOutAt) ? 'CHECKED_IN' : 'CHECKED_OUT';
  const summary = (day: string): TCheckInDay => {
    const ofDay = rows.filter((row) => row.day === day);
    const outs = ofDay.flatMap((row) => (row.checkOutAt ? [row.checkOutAt] : []));
    const lastOut = outs.reduce<Date | null>((last, at) => (!last || at > last ? at : last), null);
    return {
      day,
      first_check_in_at: ofDay[0]?.checkInAt.toISOString() ?? null,
      last_check_out_at: lastOut ? lastOut.toISOString() : null,
      worked_minutes: ofDay.reduce(
        (sum, row) => sum + (row.checkOutAt ? minutesBetween(row.checkInAt, row.checkOutAt) : 0),
        0,
      ),
      sessions: ofDay.length,
      is_open: ofDay.some((row) => !row.checkOutAt),
    };
  };
  const last7 = [...days].reverse().map(summary);
  return {
    today,
    state,
    sessions: todays.map(toSession),
    worked_minutes_today: last7[0]!.worked_minutes,
    last_7_days: last7,
  };
}

/**
 * `POST /entities-data/createSigninTime`: checks the caller in for their local day, or out when a
 * session of today is open. `action` makes the call idempotent (a replayed `check_in` while
 * checked in, or a replayed `check_out`, changes nothing; `check_out` before any check-in of
 * the day is 409); without it the call toggles. After checking out, checking in
 * again opens a new session of the same day. Calls of one user are serialised on their
 * membership row, so a double click cannot open two sessions.
 */
export async function recordCheckIn(
  platform: Platform,
  access: AccessContext,
  input: { action?: 'check_in' | 'check_out' | undefined; offsetMinutes: number; client: Client },
): Promise<TCheckInResult> {
  const db = platform.database.db;
  const now = new Date();
  const today = localDayOf(now, input.offsetMinutes);
  const result = await db.transaction(async (tx) => {
    await lockMembership(tx, access.companyId, access.userId);
    const [open] = await tx
      .select()
      .from(checkIns)
      .where(
        and(
          eq(checkIns.companyId, access.companyId),
          eq(checkIns.userId, access.userId),
          eq(checkIns.day, today),
          isNull(checkIns.checkOutAt),
        ),
      )
      .orderBy(desc(checkIns.checkInAt))
      .limit(1);
    const action = input.action ?? (open ? 'check_out' : 'check_in');
    if (action === 'check_out') {
      if (!open) {
        const [any] = await tx
          .select({ id: checkIns.id })
          .from(checkIns)
          .where(
            and(
              eq(checkIns.companyId, access.companyId),
              eq(checkIns.userId, access.userId),
              eq(checkIns.day, today),
            ),
          )
          .limit(1);
        // A replayed check-out answers the same; checking out without checking in is a mistake.
        if (any) return 'UNCHANGED' as const;
        throw new AppError('CONFLICT', { message: 'You have not checked in today' });
      }
      await tx.update(checkIns).set({ checkOutAt: now }).where(eq(checkIns.id, open.id));
      return 'CHECKED_OUT' as const;
    }
    if (open) return 'UNCHANGED' as const;
    await tx.insert(checkIns).values({
      companyId: access.companyId,
      userId: access.userId,
      day: today,
      checkInAt: now,
      ip: input.client.ip,
      userAgent: input.client.userAgent ? input.client.userAgent.slice(0, 500) : null,
    });
    return 'CHECKED_IN' as const;
  });
  return { result, ...(await readCheckIns(db, access, input.offsetMinutes, now)) };
}
