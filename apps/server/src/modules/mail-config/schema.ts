import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SMTP_SECURITY } from '@esigns/contracts/email';
import { users } from '../auth/schema';
import { companies } from '../company/schema';

/**
 * A company's own SMTP server (`/config/smtp`): one row per company. The password is encrypted
 * with a key derived from the instance's STORAGE_SECRET (AES-256-GCM, bound to the company id,
 * `password-box.ts`); `key_version` names the derivation, so a later one can be rolled out row by
 * row. `version` grows with every save: the mail job rebuilds its pooled transport when it moves.
 */
export const companySmtpConfigs = pgTable('company_smtp_configs', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(true),
  host: text().notNull(),
  port: integer().notNull(),
  security: text().$type<(typeof SMTP_SECURITY)[number]>().notNull(),
  username: text().notNull().default(''),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), null: no password. Never returned by the API. */
  passwordEncrypted: text(),
  keyVersion: integer().notNull().default(1),
  fromName: text().notNull(),
  fromEmail: text().notNull(),
  version: integer().notNull().default(1),
  /** When the settings last passed the connection, login and test-mail check; null: saved disabled, untried. */
  verifiedAt: timestamp({ withTimezone: true }),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
