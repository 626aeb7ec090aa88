import type { TInvoice, TPaymentAccount, TTransaction } from '@esigns/contracts/payments';
import type { paymentAccounts, paymentInvoices, paymentTransactions } from './schema';

export type AccountRow = typeof paymentAccounts.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type InvoiceRow = typeof paymentInvoices.$inferSelect;

/** A transaction as the gateway's callers and the API see it (contracts `ZTransaction`). */
export type TransactionView = TTransaction;

export function accountView(row: AccountRow, publicUrl: string): TPaymentAccount {
  return {
    _id: row.id,
    provider: row.provider,
    name: row.name,
    active: row.active,
    mode: row.testMode ? 'TEST' : 'LIVE',
    keyLast4: row.keyLast4,
    hasWebhookSecret: row.webhookSecretSealed !== null,
    publishableKey: row.publishableKey,
    instructions: row.instructions,
    webhookUrl:
      row.provider === 'STRIPE' ? `${publicUrl}/api/payment-gateway/webhooks/stripe/${row.id}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function transactionView(
  row: TransactionRow,
  extra: { invoiceId: string | null; instructions: string | null },
): TransactionView {
  return {
    _id: row.id,
    scope: row.scope,
    companyId: row.companyId,
    accountId: row.accountId,
    payerCompanyId: row.payerCompanyId,
    provider: row.provider,
    status: row.status,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    lines: row.lines,
    discount: row.discount ?? null,
    recurring: row.recurringInterval ? { interval: row.recurringInterval } : null,
    purpose: { kind: row.purposeKind, ref: row.purposeRef },
    payer: { email: row.payerEmail, name: row.payerName },
    redirectUrl: row.redirectUrl,
    instructions: row.provider === 'MANUAL' ? extra.instructions : null,
    providerSubscriptionId: row.providerSubscriptionId,
    failureReason: row.failureReason,
    invoiceId: extra.invoiceId,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function invoiceView(row: InvoiceRow): TInvoice {
  return {
    _id: row.id,
    number: row.number,
    transactionId: row.transactionId,
    issuer: { companyId: row.issuerCompanyId, name: row.issuerName },
    payer: { companyId: row.payerCompanyId, email: row.payerEmail, name: row.payerName },
    lines: row.lines,
    discount: row.discount ?? null,
    total: { amountMinor: row.totalMinor, currency: row.currency },
    provider: row.provider,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    issuedAt: row.issuedAt.toISOString(),
  };
}
