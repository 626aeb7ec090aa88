import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/** A staff check-in of a day (`entities-data/createSigninTime`), shown on the dashboard. */
export const checkIns = pgTable(
  'check_ins',
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
    /** The user's local calendar day (from the `usertimezone` header). */
    day: date().notNull(),
    checkInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    checkOutAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('check_ins_user_day_idx').on(t.companyId, t.userId, t.day)],
);
