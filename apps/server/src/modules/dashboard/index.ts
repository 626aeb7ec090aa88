/**
 * The public face of the dashboard module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { offsetOf } from './local-time';
export { registerDashboardRoutes } from './routes';
