import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TWhatsappMessageStatus, TWhatsappPurpose } from '@esigns/contracts/whatsapp';
import { companies } from '../company/schema';
import { contacts } from '../contacts/schema';

/**
 * A company's WhatsApp Business phone number on the Cloud API. The access token and the Meta
 * app's secret are sealed (platform secret box, bound to the company); the verify token is ours,
 * shown to the operator to paste into Meta's webhook settings.
 */
export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phoneNumberId: text().notNull(),
    wabaId: text().notNull(),
    accessTokenSealed: text().notNull(),
    appSecretSealed: text().notNull(),
    verifyToken: text().notNull(),
    displayPhoneNumber: text().notNull().default(''),
    verifiedName: text().notNull().default(''),
    verifiedAt: timestamp({ withTimezone: true }),
    templatesSyncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_accounts_phone_uq').on(t.companyId, t.phoneNumberId),
    index('whatsapp_accounts_company_idx').on(t.companyId),
  ],
);

/** A message template as the Cloud API last listed it (`GET /{waba-id}/message_templates`). */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    metaId: text().notNull().default(''),
    name: text().notNull(),
    language: text().notNull(),
    status: text().notNull(),
    category: text().notNull().default(''),
    body: text().notNull().default(''),
    parameters: integer().notNull().default(0),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_templates_uq').on(t.accountId, t.name, t.language)],
);

/** Which template carries a purpose, and which of the purpose's values fill its parameters. */
export const whatsappPurposes = pgTable(
  'whatsapp_purposes',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    purpose: text().$type<TWhatsappPurpose>().notNull(),
    enabled: boolean().notNull().default(false),
    templateId: uuid().references(() => whatsappTemplates.id, { onDelete: 'set null' }),
    parameters: jsonb().$type<string[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.purpose] })],
);

/** A contact's WhatsApp consent: given or withdrawn, when, where it came from and who recorded it. */
export const whatsappOptIns = pgTable('whatsapp_opt_ins', {
  contactId: uuid()
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  optedIn: boolean().notNull(),
  source: text().notNull(),
  recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  recordedBy: uuid(),
});

/**
 * One template message: written with its send job in the transaction of the mail it goes with;
 * `idempotency_key` (purpose, target, recipient) makes a second write of the same message nothing.
 * The parameters hold a signing or form link, so they are sealed like the token.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    purpose: text().$type<TWhatsappPurpose>().notNull(),
    targetId: text().notNull(),
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    contactName: text().notNull().default(''),
    toPhone: text().notNull(),
    templateName: text().notNull(),
    language: text().notNull(),
    parametersSealed: text().notNull(),
    idempotencyKey: text().notNull(),
    status: text().$type<TWhatsappMessageStatus>().notNull().default('QUEUED'),
    error: text(),
    waMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    statusAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_idempotency_uq').on(t.companyId, t.idempotencyKey),
    uniqueIndex('whatsapp_messages_wamid_uq').on(t.waMessageId),
    index('whatsapp_messages_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Status callbacks already applied: a replay of the same (message, status) is recorded once. */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    waMessageId: text().notNull(),
    status: text().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.waMessageId, t.status] })],
);
