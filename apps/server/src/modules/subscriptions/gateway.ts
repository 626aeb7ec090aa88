import type { TTransaction } from '@esigns/contracts/payments';
import type { BillingInterval } from '@esigns/contracts/subscriptions';
import type { Db } from '../../platform/db/database';
import { cancelRecurring, getTransaction, listTransactions, startPayment } from '../payment-gateway';

/**
 * What this module asks of the payment gateway (payments-design): the instance bills the company
 * (scope INSTANCE, the company's invoice series), purpose SUBSCRIPTION with the change's id.
 */
export async function startSubscriptionPayment(
  tx: Db,
  input: {
    companyId: string;
    payerEmail: string;
    description: string;
    priceMinor: number;
    discountMinor: number;
    discountLabel: string;
    currency: string;
    /** null: a one-off charge. */
    interval: BillingInterval | null;
    ref: string;
    cancelPath?: string;
  },
): Promise<{
  transactionId: string;
  redirectUrl: string | null;
  provider: string;
  instructions: string | null;
}> {
  const started = await startPayment(tx, {
    scope: { kind: 'INSTANCE' },
    payerCompanyId: input.companyId,
    payer: { email: input.payerEmail },
    lines: [
      { description: input.description, amount: { amountMinor: input.priceMinor, currency: input.currency } },
    ],
    ...(input.discountMinor > 0
      ? {
          discount: {
            description: input.discountLabel,
            amount: { amountMinor: input.discountMinor, currency: input.currency },
          },
        }
      : {}),
    ...(input.interval ? { recurring: { interval: input.interval } } : {}),
    purpose: { kind: 'SUBSCRIPTION', ref: input.ref },
    successPath: '/paymentStatus',
    cancelPath: input.cancelPath ?? '/plans-list',
    idempotencyKey: `subscription:${input.ref}`,
  });
  const txn = started.provider === 'MANUAL' ? await getTransaction(tx, started.transactionId) : null;
  return {
    transactionId: started.transactionId,
    redirectUrl: started.redirectUrl,
    provider: started.provider,
    instructions: txn?.instructions ?? null,
  };
}

/** Stops a recurring payment's renewals; a transaction the gateway does not know is left alone. */
export async function cancelRecurringPayment(tx: Db, transactionId: string): Promise<void> {
  const txn = await getTransaction(tx, transactionId);
  if (!txn || !txn.recurring) return;
  await cancelRecurring(tx, transactionId);
}

export async function companyTransaction(
  db: Db,
  companyId: string,
  id: string,
): Promise<TTransaction | null> {
  const txn = await getTransaction(db, id);
  if (!txn || txn.payerCompanyId !== companyId || txn.purpose.kind !== 'SUBSCRIPTION') return null;
  return txn;
}

export function companyTransactions(db: Db, companyId: string, page: number, limit: number) {
  return listTransactions(db, { payerCompanyId: companyId, purposeKind: 'SUBSCRIPTION', page, limit });
}
