import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The templates list by route pattern (routes.ts), merged into `SCREENS` of app/router.tsx. */
export const TEMPLATE_SCREENS: Record<string, LazyComponent> = {
  '/templates': () => import('./templates-screen').then((m) => ({ Component: m.TemplatesScreen })),
};
