/**
 * The public face of the custom-dashboards module: other modules and the composition root import
 * only this file (checked by .dependency-cruiser.cjs). Its table stays private to it.
 */
export { registerCustomDashboardHooks } from './register-hooks';
export { registerCustomDashboardRoutes } from './routes';
export {
  dashboardAudiences,
  viewerSeesDashboard,
  type TDashboardAudience,
  type TDashboardViewer,
} from './menu-targets';
/** Apps: package, install and uninstall dashboards. */
export { createDashboard, deleteDashboard, getDashboard, listDashboards } from './service';
