import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { PaymentPurposeKind, TMoney, TPaymentLine, TxnStatus } from '@esigns/contracts/payments';
import { companies } from '../company/schema';

/**
 * A company's payment account (README): STRIPE (its own keys, sealed with the platform's secret
 * box bound to the company id) or MANUAL (wire instructions). Secrets are never answered.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text().$type<'STRIPE' | 'MANUAL'>().notNull(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    testMode: boolean().notNull().default(true),
    secretKeySealed: text(),
    keyLast4: text(),
    webhookSecretSealed: text(),
    publishableKey: text(),
    instructions: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_accounts_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One payment: INSTANCE scope (the platform bills `payerCompanyId`) or COMPANY scope (`companyId`
 * collects, through `accountId` or MANUAL without an account). `idempotencyScope` + key: the same
 * start twice is the same transaction. Status is one-way from a final state (README).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    scope: text().$type<'INSTANCE' | 'COMPANY'>().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    accountId: uuid().references(() => paymentAccounts.id, { onDelete: 'set null' }),
    payerCompanyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    provider: text().$type<'STRIPE' | 'MANUAL'>().notNull(),
    status: text().$type<TxnStatus>().notNull().default('CREATED'),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    lines: jsonb().$type<TPaymentLine[]>().notNull(),
    discount: jsonb().$type<{ description: string; amount: TMoney } | null>(),
    recurringInterval: text().$type<'month' | 'year'>(),
    purposeKind: text().$type<PaymentPurposeKind>().notNull(),
    purposeRef: text().notNull(),
    payerEmail: text().notNull(),
    payerName: text(),
    idempotencyScope: text().notNull(),
    idempotencyKey: text().notNull(),
    successPath: text().notNull(),
    cancelPath: text().notNull(),
    redirectUrl: text(),
    providerSessionId: text(),
    providerPaymentId: text(),
    providerSubscriptionId: text(),
    providerCustomerId: text(),
    failureReason: text(),
    paidAt: timestamp({ withTimezone: true }),
    recurringEndedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_transactions_idempotency_uq').on(t.idempotencyScope, t.idempotencyKey),
    index('payment_transactions_company_idx').on(t.companyId, t.createdAt),
    index('payment_transactions_payer_idx').on(t.payerCompanyId, t.createdAt),
    index('payment_transactions_session_idx').on(t.providerSessionId),
    index('payment_transactions_subscription_idx').on(t.providerSubscriptionId),
  ],
);

/**
 * A provider event handled: written in the transaction that handles it, so a replayed event
 * (the same id on the same endpoint) conflicts and does nothing.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    /** `instance` or the account id whose endpoint received it. */
    endpointKey: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.endpointKey, t.eventId] })],
);

/** Per series (`C:<companyId>` or `INSTANCE`) and year: the last number given (locked FOR UPDATE). */
export const paymentInvoiceCounters = pgTable(
  'payment_invoice_counters',
  {
    seriesKey: text().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seriesKey, t.year] })],
);

/**
 * One invoice per paid period of a transaction (`period` 0: the payment; 1, 2...: renewals).
 * Its number `INV-<year>-<6 digits>` runs without gaps per series and year.
 */
export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    transactionId: uuid()
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    period: integer().notNull().default(0),
    providerInvoiceId: text(),
    seriesKey: text().notNull(),
    year: integer().notNull(),
    seq: integer().notNull(),
    number: text().notNull(),
    issuerCompanyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    issuerName: text().notNull(),
    payerCompanyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    payerEmail: text().notNull(),
    payerName: text(),
    lines: jsonb().$type<TPaymentLine[]>().notNull(),
    discount: jsonb().$type<{ description: string; amount: TMoney } | null>(),
    totalMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    provider: text().$type<'STRIPE' | 'MANUAL'>().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_invoices_txn_period_uq').on(t.transactionId, t.period),
    uniqueIndex('payment_invoices_number_uq').on(t.seriesKey, t.year, t.seq),
    index('payment_invoices_issuer_idx').on(t.issuerCompanyId),
    index('payment_invoices_payer_idx').on(t.payerCompanyId),
  ],
);
