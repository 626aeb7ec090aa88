/**
 * The public face of the payment-gateway module (payments-design): other modules and the
 * composition root import only this file (checked by .dependency-cruiser.cjs). Its tables stay
 * private to it.
 */
export { registerPaymentGatewayHooks } from './hooks';
export { registerPaymentGatewayRoutes } from './routes';
export { registerPaymentPurpose } from './purposes';
export type { PaymentPurposeHandlers } from './purposes';
export {
  cancelRecurring,
  getTransaction,
  listTransactions,
  settleManualTransaction,
  startPayment,
} from './transactions';
export type {
  PaymentPurpose,
  PaymentScope,
  StartPaymentInput,
  StartPaymentResult,
  TransactionFilter,
} from './transactions';
export type { TransactionView } from './views';
export { getInvoice } from './invoices';
export { getAccount as getPaymentAccount } from './accounts';
