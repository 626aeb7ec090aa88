import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/** One in-app notification of one user in one workspace (the notification centre). */
export const appNotifications = pgTable(
  'app_notifications',
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
    /** The group it is listed and marked read by, e.g. `DOCUMENT`, `ENTITY`, `WORKFLOW`. */
    type: text().notNull(),
    /** What happened, e.g. `document.completed`. */
    event: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** The app path it opens, e.g. `/emp-documents/custom/{id}`. */
    link: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_notifications_user_created_idx').on(t.userId, t.companyId, t.createdAt),
    index('app_notifications_unread_idx')
      .on(t.userId, t.companyId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * The last-open markers of a user in a workspace (`user-status`): what was created after them
 * counts as unopened (`notificationCountUnOpened`, `chatCountUnOpened`, recent activities).
 */
export const userStatus = pgTable(
  'user_status',
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
    notificationLastOpenAt: timestamp({ withTimezone: true }),
    chatLastOpenAt: timestamp({ withTimezone: true }),
    activitiesLastOpenAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_status_user_company_idx').on(t.userId, t.companyId)],
);
