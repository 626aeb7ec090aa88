/**
 * The public face of the oauth module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { findClientApp, listClientApps } from './client-apps';
export { companyOfClientApp } from './client-credentials';
export { defineOAuthJobs } from './jobs';
export { onClientAppDeleted } from './hooks';
export { registerOAuthRoutes } from './routes';
