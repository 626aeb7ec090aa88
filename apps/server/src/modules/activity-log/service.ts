import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_RETENTION_DAYS,
  type TActivityAction,
  type TActivityEntry,
  type TActivityLogPage,
  type TActivityTargetType,
} from '@esigns/contracts/activity-log';
import type { IntegrationEvent, IntegrationEventType } from '@esigns/contracts/integration-events';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { activityLog } from './schema';

export type NewActivity = {
  companyId: string;
  action: TActivityAction;
  actorId?: string | null;
  actorEmail?: string | null;
  targetType?: TActivityTargetType | null;
  targetId?: string | null;
  targetName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  eventId?: string | null;
};

export const SUBSCRIBER = 'activity-log';
/** The signers' actions, which reach the log as integration events (they have no staff request). */
export const LOGGED_EVENTS = [
  'document.signed',
  'document.declined',
  'document.completed',
] as const satisfies readonly IntegrationEventType[];

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Makes the event bus hand a company's signer events to the log, in the transaction that creates
 * the company (the company module's workspace-created hook, registered by `registerActivityLogHooks`);
 * companies made before it got theirs from migration 0059. Kept in `event_interests`, whatever
 * process runs: no staff action is needed first.
 */
export function logSignerEventsOf(
  platform: Platform,
  tx: Pick<Db, 'delete' | 'insert'>,
  companyId: string,
): Promise<void> {
  return platform.events.setInterest(tx, SUBSCRIBER, companyId, `${SUBSCRIBER}:${companyId}`, LOGGED_EVENTS);
}

/** Appends entries (never updates one); an entry from an event already logged is skipped. */
export async function recordActivity(platform: Platform, entries: readonly NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  await platform.database.db
    .insert(activityLog)
    .values(
      entries.map((e) => ({
        companyId: e.companyId,
        action: e.action,
        actorId: e.actorId ?? null,
        actorEmail: clip(e.actorEmail, 320),
        targetType: e.targetType ?? null,
        targetId: clip(e.targetId, 100),
        targetName: clip(e.targetName, 300),
        ip: clip(e.ip, 64),
        userAgent: clip(e.userAgent, 500),
        eventId: e.eventId ?? null,
      })),
    )
    .onConflictDoNothing();
}

/** An entry for a signer's event (document signed, declined, completed). */
export function activityOfEvent(event: IntegrationEvent): NewActivity | null {
  const base = {
    companyId: event.company_id,
    eventId: event.id,
    targetType: 'document' as const,
    targetId: event.subject_id,
  };
  switch (event.type) {
    case 'document.signed':
    case 'document.declined': {
      const data = event.data as { name: string; recipient: { email: string | null } };
      return {
        ...base,
        action: event.type,
        targetName: data.name,
        actorEmail: data.recipient.email,
      };
    }
    case 'document.completed':
      return { ...base, action: 'document.completed', targetName: (event.data as { name: string }).name };
    default:
      return null;
  }
}

export type ActivityFilter = {
  actor?: string;
  action?: TActivityAction;
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/** A page of the company's entries, newest first. */
export async function listActivity(
  db: Db,
  companyId: string,
  filter: ActivityFilter,
): Promise<TActivityLogPage> {
  const where: SQL[] = [eq(activityLog.companyId, companyId)];
  if (filter.actor) where.push(eq(activityLog.actorId, filter.actor));
  if (filter.action) where.push(eq(activityLog.action, filter.action));
  if (filter.from) where.push(gte(activityLog.occurredAt, new Date(filter.from)));
  if (filter.to) where.push(lte(activityLog.occurredAt, new Date(filter.to)));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(condition)
      .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(activityLog).where(condition),
  ]);
  const people = await findPeople(
    db,
    rows.map((r) => r.actorId),
  );
  const n = total?.n ?? 0;
  return {
    data: rows.map((r): TActivityEntry => {
      const person = r.actorId ? people.get(r.actorId) : undefined;
      const name = person ? `${person.firstName} ${person.lastName}`.trim() : null;
      return {
        _id: r.id,
        action: r.action as TActivityAction,
        actor:
          r.actorId || r.actorEmail ? { _id: r.actorId, name, email: person?.email ?? r.actorEmail } : null,
        target_type: r.targetType as TActivityTargetType | null,
        target_id: r.targetId,
        target_name: r.targetName,
        ip: r.ip,
        user_agent: r.userAgent,
        occurred_at: r.occurredAt.toISOString(),
      };
    }),
    total: n,
    page: filter.page,
    total_pages: Math.ceil(n / filter.limit),
  };
}

/** Deletes entries older than the retention (the daily job). */
export async function pruneActivity(db: Db): Promise<void> {
  await db
    .delete(activityLog)
    .where(lt(activityLog.occurredAt, sql`now() - make_interval(days => ${ACTIVITY_RETENTION_DAYS})`));
}
