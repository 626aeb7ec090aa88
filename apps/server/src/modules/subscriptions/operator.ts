import type { TTransaction } from '@esigns/contracts/payments';
import type { TOperatorTransaction } from '@esigns/contracts/subscriptions';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { companyNamesById } from '../company';
import { getTransaction, listTransactions, settleManualTransaction } from '../payment-gateway';

/**
 * The companies' wire (MANUAL) plan payments for the operators' console, newest first, each with
 * the paying company's name: what waits to be marked paid or failed.
 */
export async function listWireTransactions(
  db: Pick<Db, 'select'>,
  query: {
    status?: 'PENDING' | 'PAID' | 'FAILED' | undefined;
    page?: number | undefined;
    limit?: number | undefined;
  },
): Promise<{ data: TOperatorTransaction[]; total: number; page: number; total_pages: number }> {
  const listed = await listTransactions(db, {
    scope: 'INSTANCE',
    provider: 'MANUAL',
    purposeKind: 'SUBSCRIPTION',
    ...(query.status ? { status: query.status } : {}),
    ...(query.page ? { page: query.page } : {}),
    ...(query.limit ? { limit: query.limit } : {}),
  });
  const names = await companyNamesById(
    db,
    listed.data.flatMap((t) => (t.payerCompanyId ? [t.payerCompanyId] : [])),
  );
  return {
    ...listed,
    data: listed.data.map((t) => ({
      ...t,
      payerCompanyName: t.payerCompanyId ? (names.get(t.payerCompanyId) ?? null) : null,
    })),
  };
}

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
