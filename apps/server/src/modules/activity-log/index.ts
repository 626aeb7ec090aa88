/**
 * The public face of the activity-log module: the composition root imports only this file
 * (checked by .dependency-cruiser.cjs). Its table stays private to it.
 */
export { registerActivityCapture } from './capture';
export { registerActivityLogHooks } from './hooks';
export { defineActivityLogJobs } from './jobs';
export { registerActivityLogRoutes } from './routes';
