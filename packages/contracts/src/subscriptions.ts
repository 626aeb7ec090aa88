import { z } from 'zod';
import { ZId, ZInt4 } from './ids';
import { ZTransaction } from './payments';

/*
 * Subscriptions (DOMAIN-PLATFORM "Subscriptions and payments", spec 2 §7, spec 3 §7): products,
 * plans with a price per month/year in minor units and limits, features shown on plan cards, the
 * company's subscription, promo codes. Calls (under /api):
 *   GET  /getPlans/{productId}?planType=month|year   plans of a product (active, cheapest first)
 *   GET  /getPlanInfo                                 the company's plan, status, usage and limits
 *   GET  /features, /features/{planId}               all features / a plan's
 *   GET  /plans/{planId}                              one plan
 *   GET  /getAllProductsAndPlans
 *   POST /createProduct, /createPlan                  instance operators (OPERATOR_EMAILS)
 *   POST /createCustomer                              the company's billing details (owner)
 *   POST /subscribe, /subscription                    change plan (owner): Free at once, paid through the gateway
 *   POST /subscription/cancel                         stop renewing (owner; the plan runs to its period end)
 *   POST /charge, GET /charge/{id}                    a one-off charge to the company
 *   GET  /userTrasactions                             the company's transactions with invoice ids
 *   PUT  /promoCodeRedeem/validate/{code}             reserve a promo code for a plan change
 *   PUT  /promoCodeRedeem/validateStatus/{id}         APPLIED / CANCELLED
 *   GET|POST /promo-codes, PATCH|DELETE /promo-codes/{id}   operators
 *   POST /subscriptions/operator/activate/{companyId} operators: mark a MANUAL plan change paid
 */

/** The limits a plan sets; null: unlimited. */
export const PLAN_LIMITS = ['users', 'documentsPerMonth', 'entities', 'records', 'storageBytes'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

export const PLAN_LIMIT_LABELS: Record<PlanLimit, string> = {
  users: 'Company users',
  documentsPerMonth: 'Documents sent this month',
  entities: 'Entities',
  records: 'Records',
  storageBytes: 'Storage',
};

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const SUBSCRIPTION_STATUSES = [
  'ACTIVE',
  'PENDING_PAYMENT',
  'PAST_DUE',
  'CANCELED',
  'EXPIRED',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The code of the plan every company falls back to (a new company, an expired subscription). */
export const FREE_PLAN_CODE = 'FREE';

const ZCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'Use a 3-letter ISO currency code (INR)' })
  .default('INR');
const ZMinor = z
  .number({ error: 'Use a whole number of minor units (paise)' })
  .int({ error: 'Use a whole number of minor units (paise)' })
  .min(0, { error: 'Use 0 or more' })
  .max(2_000_000_000, { error: 'Too large' });
const ZLimitValue = z
  .number({ error: 'Use a whole number, or null for unlimited' })
  .int({ error: 'Use a whole number, or null for unlimited' })
  .min(0, { error: 'Use 0 or more' })
  .nullable();

export const ZPlanLimits = z.object({
  users: ZLimitValue,
  documentsPerMonth: ZLimitValue,
  entities: ZLimitValue,
  records: ZLimitValue,
  storageBytes: z
    .number({ error: 'Use a whole number of bytes, or null' })
    .int({ error: 'Use a whole number of bytes, or null' })
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .nullable(),
});
export type TPlanLimits = z.infer<typeof ZPlanLimits>;

export const ZFeature = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TFeature = z.infer<typeof ZFeature>;

export const ZPlan = z.object({
  _id: z.string(),
  product_id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price_month_minor: z.number().int(),
  price_year_minor: z.number().int(),
  currency: z.string(),
  limits: ZPlanLimits,
  features: z.array(ZFeature),
  is_free: z.boolean(),
  sort_order: z.number().int(),
  active: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZProduct = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductWithPlans = ZProduct.extend({ plans: z.array(ZPlan) });
export type TProductWithPlans = z.infer<typeof ZProductWithPlans>;

const ZCode = z
  .string()
  .trim()
  .min(2, { error: 'Use 2 to 40 letters, digits, - or _' })
  .max(40, { error: 'Use 2 to 40 letters, digits, - or _' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use 2 to 40 letters, digits, - or _' })
  .transform((v) => v.toUpperCase());
const ZName = z
  .string()
  .trim()
  .min(1, { error: 'Give a name' })
  .max(120, { error: 'At most 120 characters' });
const ZDescription = z.string().trim().max(2000, { error: 'At most 2000 characters' }).default('');

export const ZCreateProduct = z.object({ code: ZCode, name: ZName, description: ZDescription });
export type TCreateProduct = z.input<typeof ZCreateProduct>;

export const ZCreatePlan = z.object({
  product_id: ZId('Give a product id'),
  code: ZCode,
  name: ZName,
  description: ZDescription,
  price_month_minor: ZMinor,
  price_year_minor: ZMinor,
  currency: ZCurrency,
  limits: ZPlanLimits,
  feature_codes: z.array(ZCode).max(50).default([]),
  sort_order: ZInt4().default(100),
});
export type TCreatePlan = z.input<typeof ZCreatePlan>;

export const ZPlanQuery = z.object({
  planType: z.enum(BILLING_INTERVALS).optional(),
  product: z.string().max(200).optional(),
});

export const ZUsage = z.object({
  limit: z.enum(PLAN_LIMITS),
  label: z.string(),
  usage: z.number(),
  allowed: z.number().nullable(),
});
export type TUsage = z.infer<typeof ZUsage>;

export const ZPlanInfo = z.object({
  plan: ZPlan,
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The plan change waiting for its payment, if any. */
  pending: z
    .object({
      change_id: z.string(),
      plan: ZPlan,
      interval: z.enum(BILLING_INTERVALS),
      transaction_id: z.string().nullable(),
    })
    .nullable(),
  usage: z.array(ZUsage),
  is_owner: z.boolean(),
  is_operator: z.boolean(),
});
export type TPlanInfo = z.infer<typeof ZPlanInfo>;

export const ZSubscribe = z.object({
  plan_id: ZId('Give a plan id'),
  interval: z.enum(BILLING_INTERVALS).default('month'),
  /** A redemption from `PUT /promoCodeRedeem/validate/{code}` for this plan and interval. */
  redemption_id: ZId('Invalid redemption id').optional(),
});
export type TSubscribe = z.input<typeof ZSubscribe>;

export const ZSubscribeResult = z.object({
  status: z.enum(['ACTIVE', 'PENDING_PAYMENT']),
  change_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  /** Stripe Checkout (or null: MANUAL/wire, or activated at once). */
  redirect_url: z.string().nullable(),
  provider: z.string().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** MANUAL: how to pay by wire. */
  instructions: z.string().nullable(),
});
export type TSubscribeResult = z.infer<typeof ZSubscribeResult>;

export const ZBillingDetails = z.object({
  name: ZName,
  email: z.email({ error: 'Give a valid email' }).max(254),
  address: z.string().trim().max(500, { error: 'At most 500 characters' }).default(''),
  tax_id: z.string().trim().max(40, { error: 'At most 40 characters' }).default(''),
});
export type TBillingDetails = z.input<typeof ZBillingDetails>;
export const ZCustomer = ZBillingDetails.extend({ customer_id: z.string(), company_id: z.string() });
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCharge = z.object({
  description: z.string().trim().min(1, { error: 'Give a description' }).max(200),
  amount_minor: ZMinor.min(1, { error: 'Use 1 or more' }),
  currency: ZCurrency,
});
export type TCharge = z.input<typeof ZCharge>;

export const ZTransactionRow = z.object({
  _id: z.string(),
  status: z.string(),
  provider: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  description: z.string(),
  purpose: z.string(),
  invoice_id: z.string().nullable(),
  created_at: z.string(),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;

export const ZPromoValidate = z.object({
  plan_id: ZId('Give a plan id'),
  interval: z.enum(BILLING_INTERVALS).default('month'),
});
export const ZRedemption = z.object({
  _id: z.string(),
  code: z.string(),
  status: z.enum(['PENDING', 'APPLIED', 'CANCELLED']),
  plan_id: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  price_minor: z.number().int(),
  discount_minor: z.number().int(),
  final_minor: z.number().int(),
  currency: z.string(),
  expires_at: z.string(),
});
export type TRedemption = z.infer<typeof ZRedemption>;
export const ZRedemptionStatus = z.object({ status: z.enum(['APPLIED', 'CANCELLED']) });

export const ZPromoCodeInput = z
  .object({
    code: ZCode,
    description: ZDescription,
    percent_off: z.number().int().min(1).max(100).nullable().default(null),
    amount_off_minor: ZMinor.min(1).nullable().default(null),
    currency: ZCurrency,
    valid_from: z.iso.datetime({ offset: true, error: 'Use an ISO date-time' }).nullable().default(null),
    valid_to: z.iso.datetime({ offset: true, error: 'Use an ISO date-time' }).nullable().default(null),
    max_redemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
    plan_ids: z.array(ZId('Invalid plan id')).max(50).default([]),
    active: z.boolean().default(true),
  })
  .check((ctx) => {
    const v = ctx.value;
    if ((v.percent_off === null) === (v.amount_off_minor === null)) {
      ctx.issues.push({
        code: 'custom',
        input: v.percent_off,
        path: ['percent_off'],
        message: 'Give either percent_off or amount_off_minor',
      });
    }
    if (v.valid_from && v.valid_to && Date.parse(v.valid_from) >= Date.parse(v.valid_to)) {
      ctx.issues.push({
        code: 'custom',
        input: v.valid_to,
        path: ['valid_to'],
        message: 'Must be after valid_from',
      });
    }
  });
export type TPromoCodeInput = z.input<typeof ZPromoCodeInput>;
export const ZPromoCodePatch = z.object({
  active: z.boolean().optional(),
  valid_to: z.iso.datetime({ offset: true }).nullable().optional(),
  max_redemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
  description: z.string().trim().max(2000).optional(),
});
export const ZPromoCode = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  percent_off: z.number().nullable(),
  amount_off_minor: z.number().nullable(),
  currency: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  max_redemptions: z.number().nullable(),
  redemptions: z.number(),
  plan_ids: z.array(z.string()),
  active: z.boolean(),
});
export type TPromoCode = z.infer<typeof ZPromoCode>;

/** A company's wire plan payment in the operators' console (`GET /subscriptions/operator/transactions`). */
export const ZOperatorTransaction = ZTransaction.extend({ payerCompanyName: z.string().nullable() });
export type TOperatorTransaction = z.infer<typeof ZOperatorTransaction>;
export const ZOperatorTransactionQuery = z.object({
  status: z.enum(['PENDING', 'PAID', 'FAILED']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** `data` of a 402 PAYMENT_REQUIRED answer (`error_code` PLAN_LIMIT_REACHED). */
export const ZPlanLimitDetails = z.object({
  limit: z.enum(PLAN_LIMITS),
  usage: z.number(),
  allowed: z.number(),
  plan: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  upgradePlan: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
});
export type TPlanLimitDetails = z.infer<typeof ZPlanLimitDetails>;

/** The price of a plan for an interval, after a discount (never below 0). */
export function discountedMinor(
  priceMinor: number,
  promo: { percentOff: number | null; amountOffMinor: number | null },
): { discountMinor: number; finalMinor: number } {
  const discount =
    promo.percentOff !== null
      ? Math.round((priceMinor * promo.percentOff) / 100)
      : Math.min(priceMinor, promo.amountOffMinor ?? 0);
  const discountMinor = Math.min(priceMinor, Math.max(0, discount));
  return { discountMinor, finalMinor: priceMinor - discountMinor };
}

/** Money for a reader: `Intl.NumberFormat` of minor units (INR has 2 decimals). */
export function formatMinor(amountMinor: number, currency = 'INR', locale = 'en-IN'): string {
  const digits =
    new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountMinor / 10 ** digits);
}
