import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The global variables screens by route pattern (routes.ts), for the router's SCREENS map. */
export const GLOBAL_VARIABLE_SCREENS: Record<string, LazyComponent> = {
  '/global-variables': () =>
    import('./global-variables-screen').then((m) => ({ Component: m.GlobalVariablesScreen })),
  '/global-variables/add': () =>
    import('./variable-screens').then((m) => ({ Component: m.AddVariableScreen })),
  '/global-variables/view/{global_variable_id}': () =>
    import('./variable-screens').then((m) => ({ Component: m.ViewVariableScreen })),
};
