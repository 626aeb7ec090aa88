import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingInterval, SubscriptionStatus } from '@esigns/contracts/subscriptions';
import { companies } from '../company/schema';

/** What the instance sells (seeded: `ESIGNS`). */
export const subscriptionProducts = pgTable('subscription_products', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Named flags shown on plan cards (`GET /features`). */
export const subscriptionFeatures = pgTable('subscription_features', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
});

/**
 * A plan of a product: prices per month and per year in minor units of `currency`, its limits
 * (null: unlimited) and its feature codes. The plan coded FREE is where every company falls back.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    productId: uuid()
      .notNull()
      .references(() => subscriptionProducts.id, { onDelete: 'restrict' }),
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    priceMonthMinor: integer().notNull(),
    priceYearMinor: integer().notNull(),
    currency: text().notNull().default('INR'),
    usersLimit: integer(),
    documentsPerMonthLimit: integer(),
    entitiesLimit: integer(),
    recordsLimit: integer(),
    storageBytesLimit: bigint({ mode: 'number' }),
    featureCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer().notNull().default(100),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_plans_product_idx').on(t.productId, t.sortOrder)],
);

/**
 * A company's subscription: at most one row per company; no row means the instance's default
 * plan (DEFAULT_PLAN, FREE unless set). `transactionId` is the gateway transaction that paid the
 * current period (a recurring one renews through it). EXPIRED and CANCELED fall back to FREE.
 */
export const companySubscriptions = pgTable('company_subscriptions', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  planId: uuid()
    .notNull()
    .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
  status: text().$type<SubscriptionStatus>().notNull(),
  interval: text().$type<BillingInterval>(),
  currentPeriodStart: timestamp({ withTimezone: true }),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  transactionId: text(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plan change waiting for its payment (the gateway purpose SUBSCRIPTION's `ref`): PENDING until
 * the gateway calls onPaid (PAID: the plan becomes the company's) or onFailed (FAILED).
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    interval: text().$type<BillingInterval>().notNull(),
    kind: text().$type<'PLAN' | 'CHARGE'>().notNull().default('PLAN'),
    status: text().$type<'PENDING' | 'PAID' | 'FAILED'>().notNull().default('PENDING'),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    redemptionId: uuid(),
    transactionId: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_company_idx').on(t.companyId, t.createdAt)],
);

/** The company's billing details (`POST /createCustomer`), printed on its invoices. */
export const billingCustomers = pgTable('billing_customers', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  email: text().notNull(),
  address: text().notNull().default(''),
  taxId: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A promo code: percent or amount off, validity window, a redemption cap (counted atomically:
 * `redemptionCount` is reserved by PENDING redemptions and APPLIED ones, released by CANCELLED),
 * restricted to `planIds` when not empty.
 */
export const promoCodes = pgTable('promo_codes', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  code: text().notNull().unique(),
  description: text().notNull().default(''),
  percentOff: integer(),
  amountOffMinor: integer(),
  currency: text().notNull().default('INR'),
  validFrom: timestamp({ withTimezone: true }),
  validTo: timestamp({ withTimezone: true }),
  maxRedemptions: integer(),
  redemptionCount: integer().notNull().default(0),
  planIds: uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A company's use of a promo code for one plan and interval: PENDING -> APPLIED | CANCELLED. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    promoCodeId: uuid()
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    interval: text().$type<BillingInterval>().notNull(),
    status: text().$type<'PENDING' | 'APPLIED' | 'CANCELLED'>().notNull().default('PENDING'),
    priceMinor: integer().notNull(),
    discountMinor: integer().notNull(),
    finalMinor: integer().notNull(),
    currency: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promo_redemptions_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('promo_redemptions_pending_idx')
      .on(t.promoCodeId, t.companyId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
