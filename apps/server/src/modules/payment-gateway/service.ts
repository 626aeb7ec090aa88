import type { TInitPayment, TUpdateTransaction } from '@esigns/contracts/payments';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import { findAccountRow } from './accounts';
import { retrieveCheckout } from './adapters/stripe';
import {
  credentialsOf,
  settleTransaction,
  startPayment,
  transactionFor,
  transactionViewFor,
  type StartPaymentResult,
} from './transactions';
import type { TransactionView } from './views';

/** The account id that names a MANUAL transaction without an account in `PUT /update/{accountId}/{txnId}`. */
export const NO_ACCOUNT = 'manual';

/** `POST /init`: a DIRECT payment the company collects through one of its accounts (or MANUAL). */
export async function initDirectPayment(
  tx: Db,
  companyId: string,
  input: TInitPayment,
): Promise<StartPaymentResult> {
  if (input.accountId) await findAccountRow(tx, companyId, input.accountId);
  return startPayment(tx, {
    scope: { kind: 'COMPANY', companyId, ...(input.accountId ? { accountId: input.accountId } : {}) },
    payer: { email: input.payer.email, ...(input.payer.name ? { name: input.payer.name } : {}) },
    lines: input.lines,
    purpose: { kind: 'DIRECT', ref: companyId },
    successPath: input.successPath ?? '/paymentStatus',
    cancelPath: input.cancelPath ?? '/paymentStatus',
    idempotencyKey: input.idempotencyKey,
  });
}

/**
 * `PUT /update/{accountId}/{txnId}`: MANUAL: mark PAID or FAILED (a body status is required);
 * STRIPE: read the Checkout Session again and settle what it says. Only the collecting company.
 */
export async function updateTransaction(
  tx: Db,
  companyId: string,
  accountId: string,
  txnId: string,
  body: TUpdateTransaction,
): Promise<TransactionView> {
  const row = await transactionFor(tx, companyId, txnId);
  if (row.companyId !== companyId || (row.accountId ?? NO_ACCOUNT) !== accountId)
    throw notFound('Transaction');
  if (row.provider === 'MANUAL') {
    if (!body.status) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Say whether the payment arrived',
        details: [{ key: 'status', path: ['status'], message: 'PAID or FAILED' }],
      });
    }
    if (
      ['PAID', 'FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED'].includes(row.status) &&
      row.status !== body.status
    ) {
      throw new AppError('CONFLICT', { message: `This payment is already ${row.status}` });
    }
    await settleTransaction(tx, row.id, { status: body.status, reason: body.reason });
  } else if (row.status === 'PENDING' && row.providerSessionId) {
    const creds = await credentialsOf(tx, row);
    if (!creds) throw new AppError('CONFLICT', { message: 'This Stripe account has no secret key' });
    const state = await retrieveCheckout(creds, row.providerSessionId);
    if (state.outcome === 'PAID') {
      await settleTransaction(tx, row.id, {
        status: 'PAID',
        providerPaymentId: state.paymentId,
        providerSubscriptionId: state.subscriptionId,
        providerCustomerId: state.customerId,
      });
    } else if (state.outcome === 'EXPIRED') {
      await settleTransaction(tx, row.id, { status: 'EXPIRED', reason: 'The checkout expired' });
    }
  }
  return transactionViewFor(tx, companyId, row.id);
}
