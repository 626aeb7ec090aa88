import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TransferStatus } from '@esigns/contracts/transfer-account';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Requests to hand a workspace's ownership to another member. The mailed 6-digit code is stored
 * as a keyed hash only. At most one PENDING request per company: starting a new one marks the
 * previous REPLACED. Wrong codes count in `attempts`; a resend gives a fresh code, a new expiry
 * and zero attempts.
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fromUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<TransferStatus>().notNull().default('PENDING'),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** When it stopped being PENDING without being accepted (cancelled or replaced). */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_transfers_pending_idx')
      .on(t.companyId)
      .where(sql`status = 'PENDING'`),
    index('account_transfers_company_created_idx').on(t.companyId, t.createdAt),
    index('account_transfers_to_user_idx').on(t.toUserId),
  ],
);
