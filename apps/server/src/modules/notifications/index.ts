/**
 * The public face of the notifications module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { notifyUsers } from './notify';
export type { Tx } from './notify';
export { defineNotificationJobs } from './push';
export { registerNotificationRoutes } from './routes';
export { activitiesLastOpenAt, setActivitiesLastOpenAt } from './user-status-service';
