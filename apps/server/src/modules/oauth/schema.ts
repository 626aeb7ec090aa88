import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A workspace's OAuth client apps (`fetch-clients`, `create-client`): the app id is the OAuth
 * `client_id`; the secret is shown once and only its SHA-256 is kept (it is 32 random bytes, so a
 * plain digest is enough: nothing to guess by brute force).
 */
export const oauthClientApps = pgTable(
  'oauth_client_apps',
  {
    appId: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    redirectUris: jsonb().$type<string[]>().notNull(),
    scopes: jsonb().$type<string[]>().notNull(),
    secretHash: text().notNull(),
    secretLast4: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_client_apps_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * oidc-provider's stored models (the adapter, `provider-adapter.ts`): interactions, sessions,
 * grants, authorization codes, access and refresh tokens, one row per (kind, id), payload as the
 * provider wrote it. `grant_id` lets the provider revoke a whole grant (code reuse, refresh
 * reuse), `client_id` lets deleting an app drop everything issued to it.
 */
export const oauthProviderModels = pgTable(
  'oauth_provider_models',
  {
    kind: text().notNull(),
    id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    uid: text(),
    userCode: text(),
    clientId: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oauth_provider_models_grant_idx')
      .on(t.grantId)
      .where(sql`grant_id is not null`),
    index('oauth_provider_models_uid_idx')
      .on(t.uid)
      .where(sql`uid is not null`),
    index('oauth_provider_models_client_idx')
      .on(t.clientId)
      .where(sql`client_id is not null`),
    index('oauth_provider_models_expires_idx').on(t.expiresAt),
  ],
);
