import type { AccountRow } from '../views';

/**
 * MANUAL (wire transfer): no external account and no redirect. The transaction waits PENDING with
 * the instructions to show; staff of the collecting company (`PUT /update/{accountId}/{txnId}`)
 * or, for the instance's own bills, an operator (`settleManualTransaction`) mark it PAID or FAILED.
 */
export const MANUAL_DEFAULT_INSTRUCTIONS =
  'Pay by bank transfer and quote the payment reference; the payment is confirmed once the money arrives.';

export function manualInstructions(account: AccountRow | null, wireInstructions: string | undefined): string {
  return account?.instructions?.trim() || wireInstructions?.trim() || MANUAL_DEFAULT_INSTRUCTIONS;
}
