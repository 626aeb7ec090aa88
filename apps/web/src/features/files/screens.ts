import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The file library's screens by route pattern (routes.ts), for the router's SCREENS map. */
export const FILE_SCREENS: Record<string, LazyComponent> = {
  '/files': () => import('./files-screen').then((m) => ({ Component: m.FilesScreen })),
  '/ap/files': () => import('./contact-files-screen').then((m) => ({ Component: m.ContactFilesScreen })),
};
