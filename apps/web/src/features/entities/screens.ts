import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The entities screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_SCREENS: Record<string, LazyComponent> = {};
