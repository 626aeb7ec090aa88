import { z } from 'zod';

/*
 * Payments: money, the payment gateway's accounts, transactions and invoices (payments-design,
 * apps/server/src/modules/payment-gateway/README.md). Money is integer minor units with an ISO
 * currency, never a float; display it with Intl.NumberFormat (`formatMoney`).
 *
 * Gateway calls (under /api):
 *   GET  /activeSystems                      providers (configured or not) and the company's accounts
 *   POST /payment-systems                    add an account (STRIPE or MANUAL)
 *   PUT  /updateSystem/{accountId}           edit an account (name, keys, instructions, active)
 *   GET  /getAccInfo/{pgAccountId}           one account, secrets never (key's last 4)
 *   POST /init                               start a DIRECT payment on one of the company's accounts
 *   PUT  /update/{accountId}/{txnId}         MANUAL: mark PAID/FAILED; STRIPE: refresh from Stripe
 *   GET  /payment-gateway/transactions       the company's transactions (collected or paid)
 *   GET  /payment-gateway/transactions/{id}  one transaction (the return page polls it)
 *   GET  /invoices/{id}                      an invoice's data
 *   GET  /invoices/{id}/pdf                  the invoice as PDF
 *   POST /payment-gateway/webhooks/stripe[/{accountId}]   Stripe's signed events (no session)
 */

export const DEFAULT_CURRENCY = 'INR';

/** A three-letter ISO currency code, upper case (no transform: the same schema answers). */
export const ZCurrency = z.string().regex(/^[A-Z]{3}$/, 'A three-letter ISO currency code (INR, USD...)');

export const ZMoney = z.object({
  amountMinor: z.number().int().min(0).max(1_000_000_000_000),
  currency: ZCurrency,
});
export type TMoney = { amountMinor: number; currency: string };

/** Digits after the decimal point of a currency (INR 2, JPY 0), as Intl knows them. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** `{ amountMinor: 123450, currency: 'INR' }` -> `₹1,234.50` (the locale's way). */
export function formatMoney(money: TMoney, locale = 'en-IN'): string {
  const digits = currencyDigits(money.currency);
  const major = money.amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(major);
  } catch {
    return `${money.currency} ${major.toFixed(digits)}`;
  }
}

export const PAYMENT_PROVIDERS = ['STRIPE', 'MANUAL', 'SWIREPAY'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Providers an account can be added for (SWIREPAY is a slot, not configured). */
export const ACCOUNT_PROVIDERS = ['STRIPE', 'MANUAL'] as const;

export const TXN_STATUSES = [
  'CREATED',
  'PENDING',
  'PAID',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDED',
] as const;
export type TxnStatus = (typeof TXN_STATUSES)[number];
/** A transaction in one of these no longer changes (but PAID -> REFUNDED). */
export const FINAL_TXN_STATUSES: readonly TxnStatus[] = [
  'PAID',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDED',
];

export const PAYMENT_PURPOSE_KINDS = ['SUBSCRIPTION', 'PAY_BUTTON', 'DIRECT'] as const;
export type PaymentPurposeKind = (typeof PAYMENT_PURPOSE_KINDS)[number];

export const ZPaymentLine = z.object({
  description: z.string().trim().min(1).max(200),
  amount: ZMoney,
  quantity: z.number().int().min(1).max(10_000).optional(),
});
export type TPaymentLine = z.infer<typeof ZPaymentLine>;

// ---------------------------------------------------------------------------------------------
// Accounts

export const ZPaymentAccount = z.object({
  _id: z.string(),
  provider: z.enum(ACCOUNT_PROVIDERS),
  name: z.string(),
  active: z.boolean(),
  /** STRIPE: from the key (`sk_test_` / `rk_test_` -> TEST); MANUAL: TEST when marked so. */
  mode: z.enum(['TEST', 'LIVE']),
  /** STRIPE: the secret key's last 4 characters (the key itself is never answered). */
  keyLast4: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  publishableKey: z.string().nullable(),
  /** MANUAL: the wire instructions shown to payers. */
  instructions: z.string().nullable(),
  /** STRIPE: where Stripe must post this account's events. */
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPaymentAccount = z.infer<typeof ZPaymentAccount>;

const ZName = z.string().trim().min(1).max(100);
const ZSecretKey = z
  .string()
  .trim()
  .regex(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]{4,200}$/,
    'A Stripe secret key (sk_test_..., sk_live_... or rk_...)',
  );
const ZWebhookSecret = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/=_-]{4,200}$/, 'A Stripe webhook signing secret (whsec_...)');
const ZPublishableKey = z
  .string()
  .trim()
  .regex(/^pk_(test|live)_[A-Za-z0-9_]{4,200}$/, 'A Stripe publishable key (pk_...)');

export const ZPaymentAccountCreate = z.object({
  provider: z.enum(ACCOUNT_PROVIDERS),
  name: ZName,
  active: z.boolean().optional(),
  secretKey: ZSecretKey.optional(),
  webhookSecret: ZWebhookSecret.optional(),
  publishableKey: ZPublishableKey.nullable().optional(),
  instructions: z.string().trim().max(4000).nullable().optional(),
  testMode: z.boolean().optional(),
});
export type TPaymentAccountCreate = z.infer<typeof ZPaymentAccountCreate>;

/** Fields left out stay; a secret is replaced only when given. */
export const ZPaymentAccountUpdate = ZPaymentAccountCreate.omit({ provider: true }).partial();
export type TPaymentAccountUpdate = z.infer<typeof ZPaymentAccountUpdate>;

export const ZProviderState = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  label: z.string(),
  /** The instance can bill through it (STRIPE: STRIPE_SECRET_KEY set; MANUAL always; SWIREPAY never). */
  configured: z.boolean(),
  /** Companies can add accounts of it. */
  accountsAllowed: z.boolean(),
  note: z.string(),
});

export const ZActiveSystems = z.object({
  providers: z.array(ZProviderState),
  accounts: z.array(ZPaymentAccount),
  /** The instance's wire instructions (WIRE_INSTRUCTIONS), for MANUAL payments without an account. */
  wireInstructions: z.string().nullable(),
});
export type TActiveSystems = z.infer<typeof ZActiveSystems>;

// ---------------------------------------------------------------------------------------------
// Transactions

export const ZTransaction = z.object({
  _id: z.string(),
  scope: z.enum(['INSTANCE', 'COMPANY']),
  companyId: z.string().nullable(),
  accountId: z.string().nullable(),
  payerCompanyId: z.string().nullable(),
  provider: z.enum(['STRIPE', 'MANUAL']),
  status: z.enum(TXN_STATUSES),
  amount: ZMoney,
  lines: z.array(ZPaymentLine),
  discount: z.object({ description: z.string(), amount: ZMoney }).nullable(),
  recurring: z.object({ interval: z.enum(['month', 'year']) }).nullable(),
  purpose: z.object({ kind: z.enum(PAYMENT_PURPOSE_KINDS), ref: z.string() }),
  payer: z.object({ email: z.string(), name: z.string().nullable() }),
  redirectUrl: z.string().nullable(),
  /** MANUAL: where to wire the money. */
  instructions: z.string().nullable(),
  providerSubscriptionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  invoiceId: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZInitPayment = z.object({
  accountId: z.string().optional(),
  payer: z.object({ email: z.email().max(254), name: z.string().trim().max(200).optional() }),
  lines: z.array(ZPaymentLine).min(1).max(50),
  successPath: z.string().startsWith('/').max(500).optional(),
  cancelPath: z.string().startsWith('/').max(500).optional(),
  idempotencyKey: z.string().trim().min(8).max(200),
});
export type TInitPayment = z.infer<typeof ZInitPayment>;

export const ZInitPaymentResult = z.object({
  transactionId: z.string(),
  status: z.enum(TXN_STATUSES),
  redirectUrl: z.string().nullable(),
  provider: z.enum(['STRIPE', 'MANUAL']),
});

export const ZUpdateTransaction = z.object({
  /** MANUAL only: the outcome; STRIPE transactions are refreshed from Stripe (no body needed). */
  status: z.enum(['PAID', 'FAILED']).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type TUpdateTransaction = z.infer<typeof ZUpdateTransaction>;

// ---------------------------------------------------------------------------------------------
// Invoices

export const ZInvoice = z.object({
  _id: z.string(),
  number: z.string(),
  transactionId: z.string(),
  issuer: z.object({ companyId: z.string().nullable(), name: z.string() }),
  payer: z.object({ companyId: z.string().nullable(), email: z.string(), name: z.string().nullable() }),
  lines: z.array(ZPaymentLine),
  discount: z.object({ description: z.string(), amount: ZMoney }).nullable(),
  total: ZMoney,
  provider: z.enum(['STRIPE', 'MANUAL']),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  issuedAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
