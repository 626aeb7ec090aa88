import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { roles } from '../roles/schema';

/** Days an invitation link stays valid; a resend starts a new period. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Invitations to join a company by email. The link carries a random token; only its keyed hash
 * is stored. An invitation is pending until accepted (`acceptedAt`) or revoked (`revokedAt`);
 * there is at most one pending invitation per company and email, and a resend gives it a new
 * token and expiry (the old link stops working).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text().notNull(),
    /** Optional, from the inviter: they prefill the sign-up form and name the row in the user list. */
    firstName: text(),
    lastName: text(),
    userType: text().$type<UserType>().notNull(),
    roleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('company_invitations_pending_idx')
      .on(t.companyId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('company_invitations_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
