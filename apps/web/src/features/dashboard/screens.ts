import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The dashboard screen by route pattern (routes.ts), merged into `SCREENS` of app/router.tsx. */
export const DASHBOARD_SCREENS: Record<string, LazyComponent> = {
  '/dashboard': () => import('./dashboard-screen').then((m) => ({ Component: m.DashboardScreen })),
};
