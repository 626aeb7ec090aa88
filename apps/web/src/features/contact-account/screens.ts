import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The contact area's account screens by route pattern (routes.ts): sign-in, session expired, profile. */
export const CONTACT_ACCOUNT_SCREENS: Record<string, LazyComponent> = {
  '/ap/signin': () => import('./contact-signin-screen').then((m) => ({ Component: m.ContactSigninScreen })),
  '/ap/expire': () => import('./contact-expire-screen').then((m) => ({ Component: m.ContactExpireScreen })),
  '/ap/profile': () =>
    import('./contact-profile-screen').then((m) => ({ Component: m.ContactProfileScreen })),
};
