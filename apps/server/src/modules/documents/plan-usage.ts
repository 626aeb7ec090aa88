import { and, count, eq, gte } from 'drizzle-orm';
import type { TZone } from '@esigns/contracts/dates';
import type { Db } from '../../platform/db/database';
import { companyDateStyle } from '../settings';
import { registerUsageCounter } from '../subscriptions';
import { employeeDocuments } from './schema';

/** The instant the current calendar month began in `zone` (an IANA name or an offset east of UTC). */
export function monthStartIn(zone: TZone, now = new Date()): Date {
  let offsetMinutes: number;
  if (typeof zone === 'string') {
    try {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        timeZoneName: 'longOffset',
      }).formatToParts(now);
      const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
      const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
      offsetMinutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
    } catch {
      offsetMinutes = 0;
    }
  } else {
    offsetMinutes = zone.offsetMinutes;
  }
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMinutes * 60_000);
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
