import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const MF2A_METHODS = ['TOTP', 'EMAIL'] as const;
export type Mf2aMethod = (typeof MF2A_METHODS)[number];

/** A person who can sign in. Emails are stored lower-cased and are unique. */
export const users = pgTable(
  'users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    title: text(),
    phone: text(),
    address: text(),
    avatarKey: text(),
    signatureKey: text(),
    initialKey: text(),
    /** The second factor in force, or null. */
    mf2aMethod: text().$type<Mf2aMethod>(),
    totpSecret: text(),
    /** Set during TOTP enrolment until the first code confirms it. */
    totpPendingSecret: text(),
    recoveryCodeHashes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The workspace a sign-in lands in. */
    lastCompanyId: uuid(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/** The `client` of a sign-in throttle row that counts an email's failures from every address. */
export const ANY_CLIENT = '*';

/**
 * Failed sign-ins (wrong passwords, wrong second-factor codes) per email and client address, and
 * per email from any address (`client = '*'`). Keyed by the email as typed (lower-cased), not by
 * the account, so that unknown emails are throttled exactly like known ones. Rows are forgotten a
 * day after their last failure (`signin-throttle.ts`).
 */
export const signinThrottles = pgTable(
  'signin_throttles',
  {
    email: text().notNull(),
    client: text().notNull(),
    failures: integer().notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.client] }),
    index('signin_throttles_last_failure_idx').on(t.lastFailureAt),
  ],
);

export const AUTH_CODE_PURPOSES = [
  'EMAIL_VERIFY',
  'PASSWORD_RESET',
  'MF2A',
  /** A contact's invitation to a company's contact area (scope: the portal access). */
  'CONTACT_INVITE',
  /** A contact's password reset from a company's contact sign-in page (scope: the portal access). */
  'CONTACT_RESET',
] as const;
export type AuthCodePurpose = (typeof AUTH_CODE_PURPOSES)[number];
/**
 * The stored purpose: the purpose alone, or `PURPOSE:scope` for codes tied to something (a
 * contact's invitation to one company; a second-factor challenge that opens a contact session).
 */
export type StoredCodePurpose = AuthCodePurpose | `${AuthCodePurpose}:${string}`;

/**
 * One-time codes (6 digits, mailed) and link tokens, stored as keyed hashes. Single use
 * (`consumedAt`), short-lived (`expiresAt`), and locked after 5 wrong tries (`attempts`).
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<StoredCodePurpose>().notNull(),
    codeHash: text(),
    tokenHash: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    uniqueIndex('auth_codes_token_idx').on(t.tokenHash),
  ],
);

/**
 * Refresh tokens, hashed. Each rotation marks the presented token `rotatedAt` and issues a new one
 * in the same family; presenting a rotated token again revokes the whole family (token theft).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    familyId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid().notNull(),
    /** A contact-area session (`/ap`): its access tokens carry the contact flag, never staff rights. */
    isContact: boolean().notNull().default(false),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
