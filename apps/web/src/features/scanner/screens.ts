import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The scanner's screen by route pattern (routes.ts), for the router's SCREENS map. */
export const SCANNER_SCREENS: Record<string, LazyComponent> = {
  '/scanner': () => import('./scanner-screen').then((m) => ({ Component: m.ScannerScreen })),
};
