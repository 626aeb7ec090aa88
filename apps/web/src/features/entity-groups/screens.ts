import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The entity groups screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_GROUP_SCREENS: Record<string, LazyComponent> = {};
