import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The global variables screens by route pattern (routes.ts), for the router's SCREENS map. */
export const GLOBAL_VARIABLE_SCREENS: Record<string, LazyComponent> = {};
