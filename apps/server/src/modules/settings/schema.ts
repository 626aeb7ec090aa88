import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A user's preferences in one workspace, one row per group (`application`, `expirations_reminders`,
 * `dashboard_stats`). Missing rows mean the defaults.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text().notNull(),
    value: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_settings_company_user_group_idx').on(t.companyId, t.userId, t.group)],
);

/**
 * API credentials of a workspace (`Get-keys`, `generate-keys`, `regenerate-keys`): the secret is
 * shown once and only its keyed hash is kept.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    secretHash: text().notNull(),
    secretLast4: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_client_idx').on(t.clientId), index('api_keys_company_idx').on(t.companyId)],
);
