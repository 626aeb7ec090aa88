import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The entity views screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_VIEW_SCREENS: Record<string, LazyComponent> = {};
