/**
 * The public face of the sharepoint module: the composition root imports only this file (checked
 * by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { defineSharePointJobs } from './jobs';
export { registerSharePointRoutes } from './routes';
