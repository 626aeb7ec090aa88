import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { PaymentPurposeKind, TMoney, TPaymentLine, TxnStatus } from '@esigns/contracts/payments';
import { FINAL_TXN_STATUSES } from '@esigns/contracts/payments';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import { accountSecretKey, findAccountRow } from './accounts';
import { manualInstructions } from './adapters/manual';
import { cancelStripeSubscription, createCheckout, type StripeCredentials } from './adapters/stripe';
import { gatewayContext } from './context';
import { firstInvoiceIds, issueInvoice } from './invoices';
import { purposeHandlers } from './purposes';
import { paymentAccounts, paymentTransactions } from './schema';
import { transactionView, type AccountRow, type TransactionRow, type TransactionView } from './views';

export type PaymentPurpose = { kind: PaymentPurposeKind; ref: string };
export type PaymentScope = { kind: 'INSTANCE' } | { kind: 'COMPANY'; companyId: string; accountId?: string };

export type StartPaymentInput = {
  scope: PaymentScope;
  /** The company that pays (subscriptions), for its invoice series. */
  payerCompanyId?: string;
  payer: { email: string; name?: string };
  lines: { description: string; amount: TMoney; quantity?: number }[];
  /** Already computed (promo codes). */
  discount?: { description: string; amount: TMoney };
  /** Stripe Checkout in subscription mode (MANUAL: the first period only, renewals by hand). */
  recurring?: { interval: 'month' | 'year' };
  purpose: PaymentPurpose;
  /** App paths; the gateway appends `?txn=<id>`. */
  successPath: string;
  cancelPath: string;
  /** The same key (per instance / per collecting company) answers the same transaction. */
  idempotencyKey: string;
};

export type StartPaymentResult = {
  transactionId: string;
  status: TxnStatus;
  redirectUrl: string | null;
  provider: 'STRIPE' | 'MANUAL';
};

const MAX_MINOR = 1_000_000_000_000;

function checkInput(input: StartPaymentInput): {
  totalMinor: number;
  currency: string;
  lines: TPaymentLine[];
} {
  const details: TValidationDetail[] = [];
  const bad = (key: string, message: string) => details.push({ key, path: key.split('.'), message });
  if (input.lines.length === 0) bad('lines', 'At least one line');
  const currency = (input.lines[0]?.amount.currency ?? 'INR').toUpperCase();
  let total = 0;
  const lines: TPaymentLine[] = input.lines.map((line, i) => {
    const quantity = line.quantity ?? 1;
    if (!line.description.trim()) bad(`lines.${i}.description`, 'A description');
    if (
      !Number.isSafeInteger(line.amount.amountMinor) ||
      line.amount.amountMinor < 0 ||
      line.amount.amountMinor > MAX_MINOR
    ) {
      bad(`lines.${i}.amount.amountMinor`, 'A whole number of minor units, 0 or more');
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      bad(`lines.${i}.quantity`, 'A whole number, 1 or more');
    if (line.amount.currency.toUpperCase() !== currency)
      bad(`lines.${i}.amount.currency`, 'Every line in one currency');
    total += line.amount.amountMinor * quantity;
    return {
      description: line.description.trim().slice(0, 200),
      amount: { amountMinor: line.amount.amountMinor, currency },
      ...(line.quantity === undefined ? {} : { quantity }),
    };
  });
  if (!/^[A-Z]{3}$/.test(currency)) bad('lines.0.amount.currency', 'A three-letter ISO currency code');
  if (input.discount) {
    const d = input.discount.amount;
    if (!Number.isSafeInteger(d.amountMinor) || d.amountMinor < 0)
      bad('discount.amount.amountMinor', 'A whole number, 0 or more');
    else if (d.currency.toUpperCase() !== currency) bad('discount.amount.currency', 'The lines’ currency');
    else if (d.amountMinor > total) bad('discount.amount.amountMinor', 'No more than the total');
    else total -= d.amountMinor;
  }
  if (!input.payer.email.includes('@')) bad('payer.email', 'An email address');
  if (!input.successPath.startsWith('/')) bad('successPath', 'An app path (/...)');
  if (!input.cancelPath.startsWith('/')) bad('cancelPath', 'An app path (/...)');
  if (!input.idempotencyKey.trim()) bad('idempotencyKey', 'A key');
  if (input.scope.kind === 'COMPANY' && !isUuid(input.scope.companyId))
    bad('scope.companyId', 'A company id');
  if (details.length > 0) throw validationError(details);
  return { totalMinor: total, currency, lines };
}

type Route = { provider: 'STRIPE' | 'MANUAL'; account: AccountRow | null; creds: StripeCredentials | null };

/** Which provider and account a payment of this scope goes through (README, "Routing"). */
async function routeOf(tx: Db, scope: PaymentScope): Promise<Route> {
  const { payments } = gatewayContext();
  if (scope.kind === 'INSTANCE') {
    return payments.stripeSecretKey
      ? {
          provider: 'STRIPE',
          account: null,
          creds: { secretKey: payments.stripeSecretKey, apiUrl: payments.stripeApiUrl },
        }
      : { provider: 'MANUAL', account: null, creds: null };
  }
  let account: AccountRow | undefined;
  if (scope.accountId) {
    account = await findAccountRow(tx, scope.companyId, scope.accountId);
    if (!account.active) {
      throw validationError([
        { key: 'accountId', path: ['accountId'], message: 'This payment account is turned off' },
      ]);
    }
  } else {
    const rows = await tx
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.companyId, scope.companyId), eq(paymentAccounts.active, true)));
    account = rows.find((r) => r.provider === 'STRIPE') ?? rows.find((r) => r.provider === 'MANUAL');
  }
  if (!account) return { provider: 'MANUAL', account: null, creds: null };
  if (account.provider === 'MANUAL') return { provider: 'MANUAL', account, creds: null };
  const secretKey = accountSecretKey(account);
  if (!secretKey) throw new AppError('CONFLICT', { message: 'This Stripe account has no secret key' });
  return { provider: 'STRIPE', account, creds: { secretKey, apiUrl: payments.stripeApiUrl } };
}

/** The Stripe credentials a transaction was made with (null for MANUAL). */
export async function credentialsOf(
  tx: Pick<Db, 'select'>,
  txn: TransactionRow,
): Promise<StripeCredentials | null> {
  if (txn.provider !== 'STRIPE') return null;
  const { payments } = gatewayContext();
  if (txn.scope === 'INSTANCE') {
    return payments.stripeSecretKey
      ? { secretKey: payments.stripeSecretKey, apiUrl: payments.stripeApiUrl }
      : null;
  }
  if (!txn.accountId || !txn.companyId) return null;
  const account = await findAccountRow(tx, txn.companyId, txn.accountId);
  const secretKey = accountSecretKey(account);
  return secretKey ? { secretKey, apiUrl: payments.stripeApiUrl } : null;
}

export function appUrl(path: string, txnId: string): string {
  const { publicUrl } = gatewayContext();
  return `${publicUrl}${path}${path.includes('?') ? '&' : '?'}txn=${txnId}`;
}

const resultOf = (row: TransactionRow): StartPaymentResult => ({
  transactionId: row.id,
  status: row.status,
  redirectUrl: row.redirectUrl,
  provider: row.provider,
});

/**
 * Starts a payment (payments-design): a transaction, and for STRIPE a Checkout Session to send the
 * payer to. MANUAL: PENDING without a redirect (wire instructions). A total of 0 (a full discount)
 * is PAID at once, once the transaction exists. Stripe's failure: 503 'External api error' (the
 * caller's transaction rolls back).
 */
export async function startPayment(tx: Db, input: StartPaymentInput): Promise<StartPaymentResult> {
  const { totalMinor, currency, lines } = checkInput(input);
  const idempotencyScope = input.scope.kind === 'INSTANCE' ? 'INSTANCE' : `C:${input.scope.companyId}`;
  const [existing] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.idempotencyScope, idempotencyScope),
        eq(paymentTransactions.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (existing) return resultOf(existing);
  const route = await routeOf(tx, input.scope);
  const [inserted] = await tx
    .insert(paymentTransactions)
    .values({
      scope: input.scope.kind,
      companyId: input.scope.kind === 'COMPANY' ? input.scope.companyId : null,
      accountId: route.account?.id ?? null,
      payerCompanyId: input.payerCompanyId ?? null,
      provider: route.provider,
      status: 'CREATED',
      amountMinor: totalMinor,
      currency,
      lines,
      discount: input.discount
        ? { description: input.discount.description, amount: { ...input.discount.amount, currency } }
        : null,
      recurringInterval: input.recurring?.interval ?? null,
      purposeKind: input.purpose.kind,
      purposeRef: input.purpose.ref,
      payerEmail: input.payer.email.trim().toLowerCase(),
      payerName: input.payer.name?.trim() || null,
      idempotencyScope,
      idempotencyKey: input.idempotencyKey,
      successPath: input.successPath,
      cancelPath: input.cancelPath,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // A concurrent start with the same key won.
    const [winner] = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.idempotencyScope, idempotencyScope),
          eq(paymentTransactions.idempotencyKey, input.idempotencyKey),
        ),
      );
    return resultOf(winner!);
  }
  if (totalMinor === 0 && !input.recurring) {
    await settleTransaction(tx, inserted.id, { status: 'PAID' });
    return { ...resultOf(inserted), status: 'PAID' };
  }
  if (route.provider === 'MANUAL' || !route.creds) {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status: 'PENDING', updatedAt: new Date() })
      .where(eq(paymentTransactions.id, inserted.id))
      .returning();
    return resultOf(row!);
  }
  const checkout = await createCheckout(route.creds, inserted, {
    successUrl: appUrl(input.successPath, inserted.id),
    cancelUrl: appUrl(input.cancelPath, inserted.id),
  });
  const [row] = await tx
    .update(paymentTransactions)
    .set({
      status: 'PENDING',
      providerSessionId: checkout.sessionId,
      providerCustomerId: checkout.customerId,
      redirectUrl: checkout.url,
      updatedAt: new Date(),
    })
    .where(eq(paymentTransactions.id, inserted.id))
    .returning();
  return resultOf(row!);
}

async function toView(db: Pick<Db, 'select'>, row: TransactionRow): Promise<TransactionView> {
  const invoices = await firstInvoiceIds(db, [row.id]);
  let instructions: string | null = null;
  if (row.provider === 'MANUAL') {
    const account =
      row.accountId && row.companyId
        ? await unlessAppError(findAccountRow(db, row.companyId, row.accountId))
        : null;
    instructions = manualInstructions(account, gatewayContext().payments.wireInstructions);
  }
  return transactionView(row, { invoiceId: invoices.get(row.id) ?? null, instructions });
}

export async function transactionRow(
  db: Pick<Db, 'select'>,
  id: string,
): Promise<TransactionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

export async function getTransaction(
  db: Pick<Db, 'select'>,
  transactionId: string,
): Promise<TransactionView | null> {
  const row = await transactionRow(db, transactionId);
  return row ? toView(db, row) : null;
}

/** A transaction the company collects or pays; 404 otherwise. */
export async function transactionFor(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<TransactionRow> {
  const row = await transactionRow(db, id);
  if (!row || (row.companyId !== companyId && row.payerCompanyId !== companyId))
    throw notFound('Transaction');
  return row;
}

export async function transactionViewFor(db: Pick<Db, 'select'>, companyId: string, id: string) {
  return toView(db, await transactionFor(db, companyId, id));
}

export type TransactionFilter = {
  payerCompanyId?: string;
  companyId?: string;
  scope?: 'INSTANCE' | 'COMPANY';
  provider?: 'STRIPE' | 'MANUAL';
  purposeKind?: PaymentPurposeKind;
  status?: TxnStatus;
  page?: number;
  limit?: number;
  /** More conditions (internal). */
  where?: SQL;
};

export async function listTransactions(
  db: Pick<Db, 'select'>,
  filter: TransactionFilter,
): Promise<{ data: TransactionView[]; total: number; page: number; total_pages: number }> {
  const page = Math.max(1, filter.page ?? 1);
  const limit = Math.min(100, Math.max(1, filter.limit ?? 20));
  const conditions: (SQL | undefined)[] = [
    filter.payerCompanyId ? eq(paymentTransactions.payerCompanyId, filter.payerCompanyId) : undefined,
    filter.companyId ? eq(paymentTransactions.companyId, filter.companyId) : undefined,
    filter.scope ? eq(paymentTransactions.scope, filter.scope) : undefined,
    filter.provider ? eq(paymentTransactions.provider, filter.provider) : undefined,
    filter.purposeKind ? eq(paymentTransactions.purposeKind, filter.purposeKind) : undefined,
    filter.status ? eq(paymentTransactions.status, filter.status) : undefined,
    filter.where,
  ];
  const where = and(...conditions);
  const [counted] = await db.select({ n: count() }).from(paymentTransactions).where(where);
  const rows = await db
    .select()
    .from(paymentTransactions)
    .where(where)
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const invoices = await firstInvoiceIds(
    db,
    rows.map((r) => r.id),
  );
  const { payments } = gatewayContext();
  const data = rows.map((row) =>
    transactionView(row, {
      invoiceId: invoices.get(row.id) ?? null,
      instructions: row.provider === 'MANUAL' ? manualInstructions(null, payments.wireInstructions) : null,
    }),
  );
  const n = counted?.n ?? 0;
  return { data, total: n, page, total_pages: Math.ceil(n / limit) };
}

/** Transactions the company collects or pays (`GET /payment-gateway/transactions`). */
export function listCompanyTransactions(
  db: Pick<Db, 'select'>,
  companyId: string,
  filter: TransactionFilter,
) {
  return listTransactions(db, {
    ...filter,
    companyId: undefined,
    payerCompanyId: undefined,
    where: or(
      eq(paymentTransactions.companyId, companyId),
      eq(paymentTransactions.payerCompanyId, companyId),
    ),
  });
}

export type Settlement = {
  status: 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED' | 'REFUNDED';
  reason?: string;
  providerPaymentId?: string | null;
  providerSubscriptionId?: string | null;
  providerCustomerId?: string | null;
};

/**
 * Moves a transaction to a final status, once: the row is locked, a final status does not change
 * again (PAID -> REFUNDED aside), PAID issues the invoice and calls the purpose's `onPaid`, the
 * failures its `onFailed`, all in the caller's transaction. Answers whether it changed.
 */
export async function settleTransaction(
  tx: Db,
  transactionId: string,
  outcome: Settlement,
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, transactionId))
    .for('update');
  if (!row) return false;
  const refund = outcome.status === 'REFUNDED' && row.status === 'PAID';
  if (FINAL_TXN_STATUSES.includes(row.status) && !refund) return false;
  if (outcome.status === 'REFUNDED' && !refund) return false;
  const now = new Date();
  const [updated] = await tx
    .update(paymentTransactions)
    .set({
      status: outcome.status,
      failureReason: outcome.status === 'PAID' ? null : (outcome.reason ?? null),
      ...(outcome.status === 'PAID' ? { paidAt: now } : {}),
      ...(outcome.providerPaymentId ? { providerPaymentId: outcome.providerPaymentId } : {}),
      ...(outcome.providerSubscriptionId ? { providerSubscriptionId: outcome.providerSubscriptionId } : {}),
      ...(outcome.providerCustomerId ? { providerCustomerId: outcome.providerCustomerId } : {}),
      updatedAt: now,
    })
    .where(eq(paymentTransactions.id, row.id))
    .returning();
  const handlers = purposeHandlers(updated!.purposeKind);
  if (outcome.status === 'PAID') {
    await issueInvoice(tx, updated!);
    await handlers?.onPaid(tx, await toView(tx, updated!));
  } else if (outcome.status !== 'REFUNDED') {
    await handlers?.onFailed?.(tx, await toView(tx, updated!));
  }
  return true;
}

/**
 * MANUAL: marks a transaction PAID or FAILED (staff of the collecting company through
 * `PUT /update/...`; the subscriptions module's operators for the instance's bills).
 */
export async function settleManualTransaction(
  tx: Db,
  transactionId: string,
  status: 'PAID' | 'FAILED',
  reason?: string,
): Promise<TransactionView> {
  const row = await transactionRow(tx, transactionId);
  if (!row) throw notFound('Transaction');
  if (row.provider !== 'MANUAL') {
    throw new AppError('CONFLICT', { message: 'Only a manual (wire) payment is marked by hand' });
  }
  if (FINAL_TXN_STATUSES.includes(row.status) && row.status !== status) {
    throw new AppError('CONFLICT', { message: `This payment is already ${row.status}` });
  }
  await settleTransaction(tx, row.id, { status, reason });
  return (await getTransaction(tx, row.id))!;
}

/** A later period of a recurring transaction paid: its invoice and the purpose's `onRenewed`. */
export async function renewTransaction(
  tx: Db,
  txn: TransactionRow,
  period: { start: Date; end: Date; providerInvoiceId: string | null; totalMinor?: number },
): Promise<void> {
  await issueInvoice(tx, txn, {
    period: 'next',
    providerInvoiceId: period.providerInvoiceId,
    periodStart: period.start,
    periodEnd: period.end,
    totalMinor: period.totalMinor,
  });
  const handlers = purposeHandlers(txn.purposeKind);
  await handlers?.onRenewed?.(tx, await toView(tx, txn), { start: period.start, end: period.end });
}

/** Renewals of a recurring transaction ended: recorded once, `onRecurringEnded` called once. */
export async function endRecurring(tx: Db, txn: TransactionRow): Promise<void> {
  const [updated] = await tx
    .update(paymentTransactions)
    .set({ recurringEndedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(paymentTransactions.id, txn.id), isNull(paymentTransactions.recurringEndedAt)))
    .returning();
  if (!updated) return;
  await purposeHandlers(updated.purposeKind)?.onRecurringEnded?.(tx, await toView(tx, updated));
}

/**
 * Stops the renewals of a recurring transaction (its id or the provider's subscription id):
 * Stripe's subscription is cancelled; `onRecurringEnded` is called once (here or by the webhook).
 */
export async function cancelRecurring(tx: Db, transactionIdOrProviderSubscriptionId: string): Promise<void> {
  const key = transactionIdOrProviderSubscriptionId;
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      isUuid(key)
        ? or(eq(paymentTransactions.id, key), eq(paymentTransactions.providerSubscriptionId, key))
        : eq(paymentTransactions.providerSubscriptionId, key),
    );
  if (!row) throw notFound('Transaction');
  if (row.recurringEndedAt) return;
  if (row.provider === 'STRIPE' && row.providerSubscriptionId) {
    const creds = await credentialsOf(tx, row);
    if (creds) await cancelStripeSubscription(creds, row.providerSubscriptionId);
  }
  await endRecurring(tx, row);
}
