import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The single sign-on screens by route pattern (routes.ts), for the router's SCREENS map. */
export const SSO_SCREENS: Record<string, LazyComponent> = {
  '/sso-signin': () => import('./sso-signin-screen').then((m) => ({ Component: m.SsoSigninScreen })),
  '/sso-verify': () => import('./sso-verify-screen').then((m) => ({ Component: m.SsoVerifyScreen })),
  '/sso-signup': () => import('./sso-signup-screen').then((m) => ({ Component: m.SsoSignupScreen })),
  '/configuration/apiIntegrations/config': () =>
    import('./sso-config-screen').then((m) => ({ Component: m.SsoConfigScreen })),
};
