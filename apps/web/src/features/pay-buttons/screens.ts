import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The pay-button payment screens by route pattern (routes.ts), for the router's SCREENS map. */
export const PAY_BUTTON_SCREENS: Record<string, LazyComponent> = {
  '/payments-status': () =>
    import('./payments-status-screen').then((m) => ({ Component: m.PaymentsStatusScreen })),
  '/payments/{paymentDetailsId}': () =>
    import('./payment-details-screen').then((m) => ({ Component: m.PaymentDetailsScreen })),
  '/entity-payment-status-update': () =>
    import('./payment-status-update-screen').then((m) => ({ Component: m.PaymentStatusUpdateScreen })),
};
