import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * The host origins a company lets frame its screens in the embedded mode (`/if/{ssoAuth}/...`):
 * `frame-ancestors` of its embedded pages and the only targets of the frame's postMessage events.
 * Stored normalized (`https://host[:port]`), one row per origin, at most MAX_ALLOWED_ORIGINS.
 */
export const embedAllowedOrigins = pgTable(
  'embed_allowed_origins',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('embed_allowed_origins_company_origin_idx').on(t.companyId, t.origin)],
);

/**
 * The host session tokens already exchanged for an embedded session (single use): the token's
 * MAC, kept until the token expires (then deleted by the next exchange). A second exchange of the
 * same token is refused, so a token read from a log or a browser history opens nothing.
 */
export const embedTokenExchanges = pgTable(
  'embed_token_exchanges',
  {
    tokenId: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('embed_token_exchanges_expires_at_idx').on(t.expiresAt)],
);
