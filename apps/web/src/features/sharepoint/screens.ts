import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The SharePoint screen by route pattern (routes.ts), for the router's SCREENS map. */
export const SHAREPOINT_SCREENS: Record<string, LazyComponent> = {
  '/configuration/share_point': () =>
    import('./sharepoint-screen').then((m) => ({ Component: m.SharePointScreen })),
};
