/**
 * The public face of the reminders module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerReminderHooks } from './hooks';
export { defineReminderJobs } from './jobs';
export { registerReminderRoutes } from './routes';
export { memberExpirySettings } from './settings-service';
export { registerSweepStep } from './sweep-steps';
export type { SweepStep, SweepStepScope } from './sweep-steps';
