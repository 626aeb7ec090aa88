import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The apps screens by route pattern (routes.ts), for the router's SCREENS map. */
export const APP_SCREENS: Record<string, LazyComponent> = {
  '/apps': () => import('./marketplace-screen').then((m) => ({ Component: m.MarketplaceScreen })),
  '/apps/published': () => import('./published-screen').then((m) => ({ Component: m.PublishedScreen })),
  '/apps/approvals': () => import('./approvals-screen').then((m) => ({ Component: m.ApprovalsScreen })),
  '/apps/installed': () => import('./installed-screen').then((m) => ({ Component: m.InstalledScreen })),
  '/apps/upload': () => import('./upload-screen').then((m) => ({ Component: m.UploadScreen })),
  '/apps/create-from-excel': () => import('./excel-screen').then((m) => ({ Component: m.ExcelScreen })),
  '/apps/install/info': () =>
    import('./install-info-screen').then((m) => ({ Component: m.InstallInfoScreen })),
  '/apps/new/steps': () => import('./new-app-screen').then((m) => ({ Component: m.NewAppScreen })),
};
