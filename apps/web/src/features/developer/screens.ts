import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The developer portal screens by route pattern (routes.ts), for the router's SCREENS map. */
export const DEVELOPER_SCREENS: Record<string, LazyComponent> = {
  '/developer/portal': () =>
    import('./developer-portal-screen').then((m) => ({ Component: m.DeveloperPortalScreen })),
  '/developer/app-detail/{appId}/portal': () =>
    import('./developer-portal-screen').then((m) => ({ Component: m.AppPortalScreen })),
};
