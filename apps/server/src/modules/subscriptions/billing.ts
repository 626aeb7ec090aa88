import { and, eq } from 'drizzle-orm';
import type { TTransaction } from '@esigns/contracts/payments';
import {
  type TBillingDetails,
  type TCharge,
  type TCustomer,
  type TTransactionRow,
  ZBillingDetails,
  ZCharge,
} from '@esigns/contracts/subscriptions';
import { isUuid } from '@esigns/contracts/ids';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { companyTransaction, companyTransactions, startSubscriptionPayment } from './gateway';
import { effectivePlan } from './limits';
import { billingCustomers, subscriptionChanges } from './schema';
import { callerEmail, requireOwner } from './subscription-service';

function customerView(row: typeof billingCustomers.$inferSelect): TCustomer {
  return {
    customer_id: row.companyId,
    company_id: row.companyId,
    name: row.name,
    email: row.email,
    address: row.address,
    tax_id: row.taxId,
  };
}

/** `GET /createCustomer` reads, `POST /createCustomer` saves the company's billing details (owner). */
export async function getCustomer(platform: Platform, access: AccessContext): Promise<TCustomer | null> {
  const [row] = await platform.database.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.companyId, access.companyId))
    .limit(1);
  return row ? customerView(row) : null;
}

export async function saveCustomer(
  platform: Platform,
  access: AccessContext,
  input: TBillingDetails,
): Promise<TCustomer> {
  requireOwner(access);
  const v = ZBillingDetails.parse(input);
  const values = { name: v.name, email: v.email, address: v.address, taxId: v.tax_id, updatedAt: new Date() };
  const [row] = await platform.database.db
    .insert(billingCustomers)
    .values({ companyId: access.companyId, ...values })
    .onConflictDoUpdate({ target: billingCustomers.companyId, set: values })
    .returning();
  return customerView(row!);
}

export function transactionRowView(txn: TTransaction): TTransactionRow {
  const lineText = txn.lines.map((l) => l.description).join(', ');
  return {
    _id: txn._id,
    status: txn.status,
    provider: txn.provider,
    amount_minor: txn.amount.amountMinor,
    currency: txn.amount.currency,
    description: lineText,
    purpose: txn.purpose.kind,
    invoice_id: txn.invoiceId,
    created_at: txn.createdAt,
  };
}

/** `GET /userTrasactions`: what the instance billed the company, newest first, with invoice ids. */
export async function userTransactions(
  platform: Platform,
  access: AccessContext,
  page: number,
  limit: number,
) {
  const result = await companyTransactions(platform.database.db, access.companyId, page, limit);
  return { ...result, data: result.data.map(transactionRowView) };
}

/**
 * `POST /charge` (owner): a one-off charge to the company (e.g. extra storage) through the
 * gateway (scope INSTANCE, purpose SUBSCRIPTION, a change of kind CHARGE).
 */
export async function createCharge(platform: Platform, access: AccessContext, input: TCharge) {
  requireOwner(access);
  const v = ZCharge.parse(input);
  const { db } = platform.database;
  const email = (await callerEmail(platform, access.userId)) ?? '';
  return db.transaction(async (tx) => {
    const { plan } = await effectivePlan(tx, access.companyId);
    const [change] = await tx
      .insert(subscriptionChanges)
      .values({
        companyId: access.companyId,
        planId: plan.id,
        interval: 'month',
        kind: 'CHARGE',
        amountMinor: v.amount_minor,
        currency: v.currency,
        createdBy: access.userId,
      })
      .returning();
    const started = await startSubscriptionPayment(tx, {
      companyId: access.companyId,
      payerEmail: email,
      description: v.description,
      priceMinor: v.amount_minor,
      discountMinor: 0,
      discountLabel: '',
      currency: v.currency,
      interval: null,
      ref: change!.id,
      cancelPath: '/profile/paymentsCards',
    });
    await tx
      .update(subscriptionChanges)
      .set({ transactionId: started.transactionId })
      .where(eq(subscriptionChanges.id, change!.id));
    return {
      charge_id: change!.id,
      transaction_id: started.transactionId,
      redirect_url: started.redirectUrl,
      provider: started.provider,
      instructions: started.instructions,
    };
  });
}

/** `GET /charge/{id}`: a charge of the company (its id or its transaction's), with the transaction. */
export async function getCharge(platform: Platform, access: AccessContext, id: string) {
  if (!isUuid(id)) throw notFound('Charge');
  const { db } = platform.database;
  const [change] = await db
    .select()
    .from(subscriptionChanges)
    .where(and(eq(subscriptionChanges.id, id), eq(subscriptionChanges.companyId, access.companyId)))
    .limit(1);
  const txnId = change?.transactionId ?? id;
  const txn = await companyTransaction(db, access.companyId, txnId);
  if (!change && !txn) throw notFound('Charge');
  return {
    charge_id: change?.id ?? null,
    kind: change?.kind ?? 'PLAN',
    status: change?.status ?? (txn?.status === 'PAID' ? 'PAID' : 'PENDING'),
    amount_minor: change?.amountMinor ?? txn?.amount.amountMinor ?? 0,
    currency: change?.currency ?? txn?.amount.currency ?? 'INR',
    transaction: txn ? transactionRowView(txn) : null,
  };
}
