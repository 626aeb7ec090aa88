import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The staff screens of forms (list, builder) by route pattern (routes.ts), for the router's SCREENS map. */
export const FORM_BUILDER_SCREENS: Record<string, LazyComponent> = {};
