import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The OAuth screens by route pattern (routes.ts), for the router's SCREENS map. */
export const OAUTH_SCREENS: Readonly<Record<string, LazyComponent>> = {
  '/signin/oauth': () => import('./consent-screen').then((m) => ({ Component: m.ConsentScreen })),
};
