import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../company/schema';

/**
 * The company's activity log: one row per action, never changed (append-only; rows older than
 * ACTIVITY_RETENTION_DAYS are deleted by the daily clean-up). The actor is kept as id and email
 * (no foreign key: an entry outlives the user); names are read at list time.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    actorId: uuid(),
    actorEmail: text(),
    targetType: text(),
    targetId: text(),
    targetName: text(),
    ip: text(),
    userAgent: text(),
    /** The integration event an entry came from (signers' actions): one entry per event. */
    eventId: uuid(),
    details: jsonb().$type<Record<string, unknown>>(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_company_time_idx').on(t.companyId, t.occurredAt),
    index('activity_log_company_actor_idx').on(t.companyId, t.actorId, t.occurredAt),
    uniqueIndex('activity_log_event_idx').on(t.eventId),
  ],
);
