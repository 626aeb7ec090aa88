import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The global filters screens by route pattern (routes.ts), for the router's SCREENS map. */
export const GLOBAL_FILTER_SCREENS: Record<string, LazyComponent> = {
  '/profilesettings/global-filters': () =>
    import('./global-filters-screen').then((m) => ({ Component: m.GlobalFiltersScreen })),
};
