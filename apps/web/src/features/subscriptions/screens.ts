import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The subscription screens by route pattern (routes.ts), for the router's SCREENS map. */
export const SUBSCRIPTION_SCREENS: Readonly<Record<string, LazyComponent>> = {
  '/plans-list': () => import('./plans-list-screen').then((m) => ({ Component: m.PlansListScreen })),
  '/profile/subscription': () =>
    import('./subscription-screen').then((m) => ({ Component: m.SubscriptionScreen })),
  '/profile/paymentsCards': () =>
    import('./payments-cards-screen').then((m) => ({ Component: m.PaymentsCardsScreen })),
  '/expire': () => import('./expire-screen').then((m) => ({ Component: m.ExpireScreen })),
  '/operator/billing': () =>
    import('./operator/operator-screen').then((m) => ({ Component: m.OperatorBillingScreen })),
};
