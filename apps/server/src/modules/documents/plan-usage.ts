import { and, count, eq, gte } from 'drizzle-orm';
import { offsetMinutesAt, type TZone } from '@esigns/contracts/dates';
import type { Db } from '../../platform/db/database';
import { companyDateStyle } from '../settings';
import { registerUsageCounter } from '../subscriptions';
import { employeeDocuments } from './schema';

/** The instant the current calendar month began in `zone` (an IANA name or an offset east of UTC). */
export function monthStartIn(zone: TZone, now = new Date()): Date {
  const local = new Date(now.getTime() + offsetMinutesAt(now, zone) * 60_000);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The zone's offset at the month's start (daylight saving time may differ from now's).
  return new Date(start - offsetMinutesAt(new Date(start), zone) * 60_000);
}

/**
 * Documents the company sent this calendar month, in its zone (the owner's date settings): the
 * plan's `documentsPerMonth`. A document counts once, when sent (voided or deleted ones too:
 * they were sent).
 */
export async function documentsSentThisMonth(db: Pick<Db, 'select'>, companyId: string): Promise<number> {
  const since = monthStartIn((await companyDateStyle(db, companyId)).zone);
  const [row] = await db
    .select({ n: count() })
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.companyId, companyId), gte(employeeDocuments.sentAt, since)));
  return Number(row?.n ?? 0);
}

/** Plugs the documents module's usage into subscriptions (src/module-hooks.ts). */
export function registerDocumentUsage(): void {
  registerUsageCounter('documentsPerMonth', documentsSentThisMonth);
}
