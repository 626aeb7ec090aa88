import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TIframeLinkKind } from '@esigns/contracts/iframe-links';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * Iframe links (README): one screen of the company embedded in another site. The token is
 * `ifl_{id}.{mac}`, the mac an HMAC (instance secret) of the id and the row's own random `secret`,
 * so the token is never stored and cannot be forged or guessed from the id. Revoking keeps the row
 * (the list shows it revoked; opens stay for the audit).
 */
export const iframeLinks = pgTable(
  'iframe_links',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().$type<TIframeLinkKind>().notNull(),
    /** FORM: a form id; ENTITY_VIEW: an entity view id; DOCUMENT_LIST: a documents list filter. */
    targetId: text().notNull(),
    /** The target's name when the link was made or re-pointed (the list shows it without a lookup). */
    targetName: text().notNull(),
    /** 32 random bytes (base64url), part of the token's mac. */
    secret: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    opens: integer().notNull().default(0),
    lastOpenedAt: timestamp({ withTimezone: true }),
    /** Whose rights the link reads with (entity view rows, documents). */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('iframe_links_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id)],
);

export type IframeLinkRow = typeof iframeLinks.$inferSelect;
