import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TRecordHistoryAction, TStoredHistoryChanges } from '@esigns/contracts/record-history';
import { users } from '../../auth/schema';
import { companies } from '../../company/schema';
import { entities } from '../../entities/schema';
import { entityData } from '../schema';

/**
 * What happened to a record after it was made (the record page's Activity tab,
 * `GET /entity-data/{id}/history`): one row per change, written in the change's transaction, with
 * the fields whose values changed (old and new value as stored; read as text by the history call).
 * Creation is not a row: the record's own created_by/created_at tell it (bulk creation stays one
 * insert per 500 records). Rows go with their record; a deleted user leaves the row without a name.
 * Its own folder because drizzle.config.ts picks up files named `schema.ts`.
 */
export const entityDataHistory = pgTable(
  'entity_data_history',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    entityDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().$type<TRecordHistoryAction>().notNull(),
    changes: jsonb().$type<TStoredHistoryChanges>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entity_data_history_record_idx').on(t.entityDataId, t.createdAt.desc(), t.id.desc())],
);
