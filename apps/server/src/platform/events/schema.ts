import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The integration events' outbox: one row per event somebody listened to, written in the same
 * transaction as the change it reports (`EventBus.publish`). Subscribers (webhooks, pipelines)
 * receive the id through their own job and read the row. No foreign key to the company: the
 * platform layer names no module's table; rows of a deleted company are removed with the rest of
 * the outbox by age.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid().notNull(),
    type: text().notNull(),
    /** The id of what changed: a document, a record, a submission, a workflow instance. */
    subjectId: text().notNull(),
    data: jsonb().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_events_company_idx').on(t.companyId, t.occurredAt)],
);

/**
 * Who listens to what: a subscriber (`webhooks`, `pipelines`) keeps one row per event type for
 * each of its listening things (`ownerKey`: a webhook endpoint's or a pipeline's id), in the same
 * transaction as it changes them. `publish` reads it to write nothing when nobody listens.
 */
export const eventInterests = pgTable(
  'event_interests',
  {
    subscriber: text().notNull(),
    ownerKey: text().notNull(),
    type: text().notNull(),
    companyId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriber, t.ownerKey, t.type] }),
    index('event_interests_company_type_idx').on(t.companyId, t.type),
  ],
);
