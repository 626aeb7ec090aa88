import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The branding screen by route pattern (routes.ts), in the shape of `SCREENS` in app/router.tsx. */
export const BRANDING_SCREENS: Record<string, LazyComponent> = {
  '/branding': () => import('./branding-screen').then((m) => ({ Component: m.BrandingScreen })),
};
