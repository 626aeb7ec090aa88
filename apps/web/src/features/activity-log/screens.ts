import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The activity log by route pattern (routes.ts), merged into the router's SCREENS map. */
export const ACTIVITY_LOG_SCREENS: Record<string, LazyComponent> = {
  '/logDetails': () => import('./activity-log-screen').then((m) => ({ Component: m.ActivityLogScreen })),
};
