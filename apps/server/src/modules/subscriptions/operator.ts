import type { TTransaction } from '@esigns/contracts/payments';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { getTransaction, settleManualTransaction } from '../payment-gateway';

/**
 * An operator settles a company's wire payment (MANUAL, scope INSTANCE, purpose SUBSCRIPTION):
 * the gateway marks it and calls this module's onPaid / onFailed in the same transaction.
 */
export async function markManualPayment(
  platform: Platform,
  transactionId: string,
  status: 'PAID' | 'FAILED',
  reason: string | undefined,
): Promise<TTransaction> {
  return platform.database.db.transaction(async (tx) => {
    const txn = await getTransaction(tx, transactionId);
    if (!txn || txn.scope !== 'INSTANCE' || txn.purpose.kind !== 'SUBSCRIPTION')
      throw notFound('Transaction');
    return settleManualTransaction(tx, transactionId, status, reason);
  });
}
