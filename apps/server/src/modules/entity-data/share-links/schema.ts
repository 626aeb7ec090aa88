import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { companies } from '../../company/schema';
import { entities } from '../../entities/schema';
import { entityData } from '../schema';

/**
 * Public record links (`POST /entities-data/public-link`, read by `GET /oa_entitydata/{id}`): one row
 * per link so that a link can be listed and revoked before it expires. The link's token is
 * `<id>.<secret>`; only the SHA-256 of the 256-bit random secret is kept (a database leak gives no
 * working link). Rows go with their workspace and record; `template_id` names one of the entity's
 * templates (kept in the entity's JSON, so no foreign key). Its own folder because drizzle.config.ts
 * picks up files named `schema.ts`.
 */
export const recordShareLinks = pgTable(
  'record_share_links',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    entityDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    templateId: uuid().notNull(),
    /** Null once the user is deleted: the link then stops working (its sharer is gone). */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 (base64url) of the link's secret, never the secret. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last successful read (the public screen), at most once a minute. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('record_share_links_record_idx').on(t.entityDataId, t.createdAt.desc(), t.id.desc())],
);
