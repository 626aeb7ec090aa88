import type { PaymentPurposeKind } from '@esigns/contracts/payments';
import type { Db } from '../../platform/db/database';
import type { TransactionView } from './views';

/** What the owner of a payment's purpose does when it settles (payments-design). */
export type PaymentPurposeHandlers = {
  /** Called once, in the database transaction that marks it PAID. */
  onPaid(tx: Db, txn: TransactionView): Promise<void>;
  /** FAILED / CANCELLED / EXPIRED, once, in the transaction that records it. */
  onFailed?(tx: Db, txn: TransactionView): Promise<void>;
  /** Recurring: each later period paid (Stripe `invoice.paid`, billing reason subscription_cycle). */
  onRenewed?(tx: Db, txn: TransactionView, period: { start: Date; end: Date }): Promise<void>;
  /** Recurring: renewals stopped (Stripe `customer.subscription.deleted`, or `cancelRecurring`). */
  onRecurringEnded?(tx: Db, txn: TransactionView): Promise<void>;
};

const purposes = new Map<PaymentPurposeKind, PaymentPurposeHandlers>();

/** Registers (or replaces) the handlers of a purpose kind; modules call it from their hooks. */
export function registerPaymentPurpose(kind: PaymentPurposeKind, handlers: PaymentPurposeHandlers): void {
  purposes.set(kind, handlers);
}

export function purposeHandlers(kind: PaymentPurposeKind): PaymentPurposeHandlers | undefined {
  return purposes.get(kind);
}
