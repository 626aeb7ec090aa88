import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The payment gateway's screens by route pattern (routes.ts), for the router's SCREENS map. */
export const PAYMENT_GATEWAY_SCREENS: Record<string, LazyComponent> = {
  '/configuration/paymentSystems': () =>
    import('./payment-systems-screen').then((m) => ({ Component: m.PaymentSystemsScreen })),
  '/configuration/paymentSystems/add': () =>
    import('./add-payment-system-screen').then((m) => ({ Component: m.AddPaymentSystemScreen })),
  '/profile/paymentIntegration': () =>
    import('./payment-integration-screen').then((m) => ({ Component: m.PaymentIntegrationScreen })),
  '/paymentStatus': () =>
    import('./payment-status-screen').then((m) => ({ Component: m.PaymentStatusScreen })),
  '/invoice': () => import('./invoice-screen').then((m) => ({ Component: m.InvoiceScreen })),
};
