import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const page = () => import('./dashboard-page-screen');
const types = () => import('./contact-type-screens');

/** The custom dashboard screens by route pattern (routes.ts), for the router's SCREENS map. */
export const CUSTOM_DASHBOARD_SCREENS: Record<string, LazyComponent> = {
  '/custom/dashboard-list': () =>
    import('./dashboard-list-screen').then((m) => ({ Component: m.DashboardListScreen })),
  '/custom/dashboard/config/{dashboardId}': () =>
    import('./builder-screen').then((m) => ({ Component: m.DashboardBuilderScreen })),
  '/custom/CustomEntityMention': () =>
    import('./matrix-screen').then((m) => ({ Component: m.DashboardMatrixScreen })),
  '/page-dashboard/{dashboardId}': () => page().then((m) => ({ Component: m.DashboardPageScreen })),
  '/ap/page-dashboard/{dashboardId}': () => page().then((m) => ({ Component: m.ContactDashboardPageScreen })),
  '/ap-user/custom-dashboards/{entityId}': () =>
    types().then((m) => ({ Component: m.ContactTypeDashboardsScreen })),
  '/ap/custom/dashboard/{entityId}': () => types().then((m) => ({ Component: m.ContactDashboardsScreen })),
};
