import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserType } from '@esigns/contracts/auth';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A company's OpenID Connect identity provider (`/sso/config`): one per company. The client secret
 * is sealed (AES-256-GCM, a key derived from STORAGE_SECRET, bound to the company id); `version`
 * grows with every save, so cached discovery documents of older settings are not used.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(true),
    issuer: text().notNull(),
    clientId: text().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>`; null: a public client (PKCE only). Never returned by the API. */
    clientSecretSealed: text(),
    /** Lower-cased email domains whose users may sign in this way; empty: any the provider vouches for. */
    allowedDomains: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    autoCreateUsers: boolean().notNull().default(false),
    newUserType: text().$type<Exclude<UserType, 'OWNER'>>().notNull().default('MEMBER'),
    version: integer().notNull().default(1),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_domains_idx').using('gin', t.allowedDomains)],
);

/**
 * A sign-in sent to the provider and not back yet (10 minutes): the state (stored as a keyed hash),
 * the nonce the ID token must carry and the PKCE verifier. Deleted when the code comes back.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stateHash: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_logins_state_idx').on(t.stateHash),
    index('sso_logins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A person the provider vouched for who has no membership of the company yet (NEW_USER): their
 * claims, for `/sso-signup` (30 minutes, the token stored as a keyed hash). Deleted when used.
 */
export const ssoSignups = pgTable(
  'sso_signups',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    subject: text().notNull(),
    idpSid: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_signups_token_idx').on(t.tokenHash),
    index('sso_signups_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A session opened by single sign-on: `session_id` is the session's refresh-token family (the
 * access tokens' `sid`). The provider's subject and session id let its back-channel logout find
 * it; `ended_at` set: the provider ended it (the next call answers SSO_USER_LOGOUT).
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    idpSid: text(),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_sessions_subject_idx').on(t.companyId, t.subject),
    index('sso_sessions_sid_idx').on(t.companyId, t.idpSid),
  ],
);
