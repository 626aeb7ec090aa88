import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { entityCounters } from './schema';

/*
 * AUTO_INCREMENT counters (`entity_counters`): one per entity, template and field. Records
 * (entity-data) take their numbers here.
 */

/** Reserves `count` consecutive numbers of a counter, creating it at `start`; returns the first. */
export async function takeNumbers(
  db: Db,
  entityId: string,
  templateId: string,
  fieldKey: string,
  start: number,
  count: number,
): Promise<number> {
  const [row] = await db
    .insert(entityCounters)
    .values({ entityId, templateId, fieldKey, nextValue: start + count })
    .onConflictDoUpdate({
      target: [entityCounters.entityId, entityCounters.templateId, entityCounters.fieldKey],
      set: { nextValue: sql`${entityCounters.nextValue} + ${count}` },
    })
    .returning({ next: entityCounters.nextValue });
  return Number(row!.next) - count;
}

/** The next number a counter would give, without taking it; null when it has given none yet. */
export async function nextNumber(
  db: Pick<Db, 'select'>,
  entityId: string,
  templateId: string,
  fieldKey: string,
): Promise<number | null> {
  const [row] = await db
    .select({ next: entityCounters.nextValue })
    .from(entityCounters)
    .where(
      and(
        eq(entityCounters.entityId, entityId),
        eq(entityCounters.templateId, templateId),
        eq(entityCounters.fieldKey, fieldKey),
      ),
    );
  return row ? Number(row.next) : null;
}
