import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TPayButtonRule, TPayButtonStatus, TPayTargetKind } from '@esigns/contracts/pay-buttons';
import { companies } from '../company/schema';

/**
 * Which payment-gateway account a template's pay buttons collect into, and the rules of its pay
 * button fields (README). One per (company, template) and optionally narrowed to one entity: an
 * entity's own row wins over the template's.
 */
export const payButtonIntegrations = pgTable(
  'pay_button_integrations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: uuid().notNull(),
    entityId: uuid(),
    /** A payment-gateway account of the company (null: its default account, else MANUAL). */
    accountId: uuid(),
    active: boolean().notNull().default(true),
    rules: jsonb().$type<TPayButtonRule[]>().notNull().default([]),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_button_integrations_template_uq')
      .on(t.companyId, t.templateId)
      .where(sql`${t.entityId} is null`),
    uniqueIndex('pay_button_integrations_entity_uq')
      .on(t.companyId, t.templateId, t.entityId)
      .where(sql`${t.entityId} is not null`),
  ],
);

/**
 * One attempt to pay one pay button of one record (`RECORD`: slot = the template) or submission
 * (`SUBMISSION`: slot = the form step): the amount computed when it started, the gateway
 * transaction, and its status as the gateway reports it (or staff set it by hand). A button is paid
 * when any of its attempts is PAID; the status is written here only (one writer), in the gateway's
 * transaction that marks the payment PAID.
 */
export const payButtonPayments = pgTable(
  'pay_button_payments',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    targetKind: text().$type<TPayTargetKind>().notNull(),
    targetId: uuid().notNull(),
    entityId: uuid(),
    formBuilderId: uuid(),
    templateId: uuid().notNull(),
    stepId: uuid(),
    fieldKey: text().notNull(),
    description: text().notNull().default(''),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    status: text().$type<TPayButtonStatus>().notNull().default('CREATED'),
    provider: text(),
    accountId: uuid(),
    transactionId: text(),
    instructions: text(),
    payerKind: text().$type<'USER' | 'CONTACT' | 'GUEST' | 'STAFF_MANUAL'>().notNull(),
    payerId: text(),
    payerEmail: text(),
    payerName: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_button_payments_target_idx').on(t.targetId, t.fieldKey),
    index('pay_button_payments_company_idx').on(t.companyId, t.createdAt),
    index('pay_button_payments_txn_idx').on(t.transactionId),
  ],
);

/** The history of a payment: started, the gateway's answers, hand-made changes with their reason. */
export const payButtonPaymentEvents = pgTable(
  'pay_button_payment_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    paymentId: uuid()
      .notNull()
      .references(() => payButtonPayments.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    source: text().$type<'START' | 'GATEWAY' | 'MANUAL'>().notNull(),
    reason: text(),
    actor: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_button_payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);
