import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The menu management screens by route pattern (routes.ts), for the router's SCREENS map. */
export const MENU_MANAGEMENT_SCREENS: Record<string, LazyComponent> = {
  '/menu-management': () =>
    import('./menu-management-screen').then((m) => ({ Component: m.MenuManagementScreen })),
};
