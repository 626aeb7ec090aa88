import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The screens that fill and read forms (staff `/fbd`, `/fb`, approvals, data list; guests
 * `/public/fbd`, `/public/fb`) by route pattern (routes.ts), for the router's SCREENS map.
 */
export const FORM_FILL_SCREENS: Record<string, LazyComponent> = {};
